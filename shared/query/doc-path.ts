/**
 * Walking dotted paths through search documents. A list anywhere on the path fans out, so
 * `authors.name` reaches every author's name. Paths are compiled once into walkers that loop
 * instead of recursing (except into lists) and take a callback, so evaluating a query allocates
 * nothing per document.
 */

export interface PathWalker {
  readonly segments: readonly string[]
  /** True if some non-null value at the path satisfies the predicate. */
  some(node: unknown, predicate: (value: unknown) => boolean): boolean
  /** Calls the visitor for every non-null value at the path. */
  each(node: unknown, visit: (value: unknown) => void): void
}

export function compilePath(path: string): PathWalker {
  const segments = path === '' ? [] : path.split('.')
  const n = segments.length
  const some = (start: unknown, index: number, predicate: (value: unknown) => boolean): boolean => {
    let node = start
    for (let i = index; ; i++) {
      if (node === null || node === undefined) return false
      if (Array.isArray(node)) {
        for (let k = 0; k < node.length; k++) if (some(node[k], i, predicate)) return true
        return false
      }
      if (i === n) return predicate(node)
      if (typeof node !== 'object') return false
      node = (node as Record<string, unknown>)[segments[i] as string]
    }
  }
  const each = (start: unknown, index: number, visit: (value: unknown) => void): void => {
    let node = start
    for (let i = index; ; i++) {
      if (node === null || node === undefined) return
      if (Array.isArray(node)) {
        for (let k = 0; k < node.length; k++) each(node[k], i, visit)
        return
      }
      if (i === n) {
        visit(node)
        return
      }
      if (typeof node !== 'object') return
      node = (node as Record<string, unknown>)[segments[i] as string]
    }
  }
  return {
    segments,
    some: (node, predicate) => some(node, 0, predicate),
    each: (node, visit) => each(node, 0, visit),
  }
}

/** All non-null values at the path, flattened (allocates; for aggregation and ordering). */
export function valuesAt(node: unknown, walker: PathWalker): unknown[] {
  const out: unknown[] = []
  walker.each(node, (value) => {
    out.push(value)
  })
  return out
}
