import { compilePath } from '../doc-path'
import { compareKeys, sortKeyOf, type PageCursor, type SortKey, type SortOrder } from '../order'
import type { QuantityCatalogue } from '../quantities'
import type { DocumentSource } from './source'

/**
 * Sorted permutations of all entries per (order_by, order), in exactly the walk order of
 * shared/query's compareDocs (value, then entry_id in the same direction, entries without a
 * value last). Built on first use (~100 ms for 100 000 entries) and kept until the data
 * changes; a search then walks the permutation and picks matching entries, so paging never
 * sorts.
 */
export interface OrderIndex {
  orderBy: string
  order: SortOrder
  perm: Int32Array
  /** Sort key by entry index; null = no value. Unused (all null) when ordering by entry_id. */
  keys: SortKey[]
  /** entry_id by entry index (the source's ids, read once per build). */
  ids: string[]
  byId: boolean
}

/** Indexes kept at once (each ~1-3 MB at 100 000 entries); least recently used go first. */
const CAPACITY = 12

export class OrderIndexCache {
  private readonly cache = new Map<string, OrderIndex>()
  private version = -1

  constructor(
    private readonly source: DocumentSource,
    private readonly catalogue: QuantityCatalogue,
  ) {}

  get(orderBy: string, order: SortOrder): OrderIndex {
    if (this.version !== this.source.version) {
      this.cache.clear()
      this.version = this.source.version
    }
    const cacheKey = `${orderBy}\u0000${order}`
    let index = this.cache.get(cacheKey)
    if (index) this.cache.delete(cacheKey)
    else index = this.build(orderBy, order)
    this.cache.set(cacheKey, index)
    if (this.cache.size > CAPACITY) {
      const oldest = this.cache.keys().next().value
      if (oldest !== undefined) this.cache.delete(oldest)
    }
    return index
  }

  private build(orderBy: string, order: SortOrder): OrderIndex {
    const { source } = this
    const ids = Array.from({ length: source.size }, (_, i) => source.id(i))
    const quantity = orderBy === 'entry_id' ? undefined : this.catalogue.get(orderBy)
    let keys: SortKey[] = []
    if (quantity) {
      const walker = compilePath(quantity.docPath ?? quantity.name)
      keys = ids.map((_, i) => sortKeyOf(source.doc(i), quantity, order, walker))
    }
    const perm = Int32Array.from(ids.keys())
    const byId = (a: number, b: number) => compareKeys(ids[a] ?? null, ids[b] ?? null, order)
    perm.sort(
      quantity
        ? (a, b) => compareKeys(keys[a] ?? null, keys[b] ?? null, order) || byId(a, b)
        : byId,
    )
    return { orderBy, order, perm, keys, ids, byId: !quantity }
  }
}

/** The first walk position strictly after a page_after_value cursor (search_after). */
export function startAfter(index: OrderIndex, cursor: PageCursor): number {
  const { perm, keys, ids, order } = index
  const compare = (entry: number): number => {
    const byKey = index.byId ? 0 : compareKeys(keys[entry] ?? null, cursor.key, order)
    return byKey || compareKeys(ids[entry] ?? null, cursor.id, order)
  }
  let lo = 0
  let hi = perm.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (compare(perm[mid] ?? 0) <= 0) lo = mid + 1
    else hi = mid
  }
  return lo
}
