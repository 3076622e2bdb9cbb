// Makes broken copies of recorded bodies: a field replaced by a value of the wrong type, or a
// required key removed, found by a path template in which '*' stands for any index or key.

/** Keys to follow; the key '*' matches every index or key at that level. */
export type Template = readonly string[]
export type ConcretePath = (string | number)[]
export type Change = { set: unknown } | 'remove'

function children(value: unknown): [string | number, unknown][] {
  if (Array.isArray(value)) return value.map((item, index) => [index, item])
  if (typeof value === 'object' && value !== null) return Object.entries(value)
  return []
}

/** Every concrete path in `value` that matches the template and exists, in document order. */
export function findPaths(
  value: unknown,
  template: Template,
  prefix: ConcretePath = [],
): ConcretePath[] {
  const [head, ...rest] = template
  if (head === undefined) return value === undefined ? [] : [prefix]
  return children(value)
    .filter(([key]) => head === '*' || key === head)
    .flatMap(([key, child]) => findPaths(child, rest, [...prefix, key]))
}

/** A deep copy of `body` with the change applied at `path` (which must exist). */
export function corrupt(body: unknown, path: ConcretePath, change: Change): unknown {
  const copy = structuredClone(body)
  const parentPath = path.slice(0, -1)
  const key = path[path.length - 1]
  let parent: unknown = copy
  for (const step of parentPath) parent = (parent as Record<string | number, unknown>)[step]
  if (key === undefined || typeof parent !== 'object' || parent === null) {
    throw new Error(`Cannot corrupt at ${JSON.stringify(path)}`)
  }
  const container = parent as Record<string | number, unknown>
  if (change === 'remove') delete container[key]
  else container[key] = change.set
  return copy
}

export function describeChange(change: Change): string {
  return change === 'remove' ? 'removed' : `set to ${JSON.stringify(change.set)}`
}
