export * from './logger'
export * from './redact'
