import type { SearchQuantity } from '../../../shared/query'
// Not re-exported by shared/query/index.ts (yet); the module itself exports it.
import { compilePath } from '../../../shared/query/doc-path'
import type { DataStore } from '../state/data-store'

/**
 * Sorted permutations of all entries, one per order_by quantity, built on first use (about
 * 100 ms for 100 000 entries) and kept until the data changes. A search then walks the
 * permutation and picks matching entries, so paging costs no sort at all.
 * Order as Elasticsearch's: by value, ties by entry_id; entries without a value last (for both
 * directions); descending is the exact reverse within each of those two groups.
 */
export type SortKey = number | string

export interface OrderIndex {
  quantity: SearchQuantity | null
  /** Entry indices: entries with a value (sorted asc), then those without (by entry_id). */
  perm: Int32Array
  /** perm[0, present) have a value. */
  present: number
  /** Sort key by entry index (undefined: no value). */
  keys: (SortKey | undefined)[]
}

/** The value Elasticsearch sorts by: dates as epoch ms, booleans as 0/1. */
export function sortKeyOf(quantity: SearchQuantity | null, value: unknown): SortKey | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value !== 'number' && typeof value !== 'string') return undefined
  if (quantity?.type === 'datetime') {
    const ms = typeof value === 'number' ? value : Date.parse(value)
    return Number.isNaN(ms) ? undefined : ms
  }
  return value
}

export function compareKeys(a: SortKey, b: SortKey): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  const x = String(a)
  const y = String(b)
  return x < y ? -1 : x > y ? 1 : 0
}

export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export class OrderIndexCache {
  private readonly cache = new Map<string, OrderIndex>()
  private version = -1

  constructor(private readonly store: DataStore) {}

  get(orderBy: string, quantity: SearchQuantity | null): OrderIndex {
    if (this.version !== this.store.version) {
      this.cache.clear()
      this.version = this.store.version
    }
    let index = this.cache.get(orderBy)
    if (!index) {
      index = this.build(orderBy, quantity)
      this.cache.set(orderBy, index)
    }
    return index
  }

  private build(orderBy: string, quantity: SearchQuantity | null): OrderIndex {
    const docs = this.store.docs
    const ids = docs.map((d) => d.entry_id)
    let keys: (SortKey | undefined)[]
    if (orderBy === 'entry_id') keys = ids
    else {
      const walker = compilePath(quantity?.docPath ?? orderBy)
      keys = docs.map((doc) => {
        let first: unknown
        walker.some(doc, (value) => {
          first = value
          return true
        })
        return sortKeyOf(quantity, first)
      })
    }
    const withValue: number[] = []
    const without: number[] = []
    keys.forEach((key, i) => (key === undefined ? without : withValue).push(i))
    withValue.sort((a, b) => {
      const byKey = compareKeys(keys[a] as SortKey, keys[b] as SortKey)
      return byKey !== 0 ? byKey : compareIds(ids[a] ?? '', ids[b] ?? '')
    })
    without.sort((a, b) => compareIds(ids[a] ?? '', ids[b] ?? ''))
    return {
      quantity,
      perm: Int32Array.from([...withValue, ...without]),
      present: withValue.length,
      keys,
    }
  }
}
