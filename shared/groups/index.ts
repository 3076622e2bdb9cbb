export * from './group-name'
export * from './member-changes'
