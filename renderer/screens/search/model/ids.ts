/** Node ids for React keys and edits. Unique within a page session; never persisted meaningfully. */
let counter = 0

export function newId(prefix = 'n'): string {
  counter += 1
  return `${prefix}${counter.toString(36)}`
}
