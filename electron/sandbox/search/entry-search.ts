import {
  compileQuery,
  decodePageAfterValue,
  encodePageAfterValue,
  isAnd,
  isEmptyQuery,
  type DocPredicate,
  type NormalizedQuery,
  type QuantityCatalogue,
} from '../../../shared/query'
import type { EntryDoc } from '../data/model'
import type { DataStore } from '../state/data-store'
import { ownerFilter, type Owner, type Viewer } from './access'
import { memoize } from './memo-predicate'
import { startAfter, type OrderIndexCache } from './order-index'
import type { MetadataPagination } from './pagination'

/**
 * Runs an entry search over the in-memory documents: the owner filter per upload, the
 * compiled query per entry, then a walk along the pre-sorted order to cut out one page.
 */

export interface SearchInput {
  owner: Owner
  viewer: Viewer
  query: NormalizedQuery
  pagination: MetadataPagination
}

export interface SearchOutput {
  total: number
  /** Entry indices of the page, in order. */
  hits: number[]
  nextPageAfterValue?: string
  /** Bit per entry: matched the owner filter and the query (for aggregations and downloads). */
  matches: Uint8Array
}

export interface SearchDeps {
  store: DataStore
  orders: OrderIndexCache
  catalogue: QuantityCatalogue
  /** Recent match sets: paging through a result evaluates its query once. */
  cache?: MatchCache
}

/**
 * An LRU of match bitmaps keyed by owner, caller, normalised query and data version, like the
 * filter caches of Elasticsearch: the next pages of a search cost a walk, not an evaluation.
 */
export class MatchCache {
  private readonly entries = new Map<string, { matches: Uint8Array; total: number }>()

  constructor(private readonly capacity = 32) {}

  get(key: string): { matches: Uint8Array; total: number } | undefined {
    const hit = this.entries.get(key)
    if (hit) {
      this.entries.delete(key)
      this.entries.set(key, hit)
    }
    return hit
  }

  set(key: string, value: { matches: Uint8Array; total: number }): void {
    this.entries.set(key, value)
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
  }
}

function cacheKey(store: DataStore, owner: Owner, viewer: Viewer, query: NormalizedQuery): string {
  const groups = [...viewer.groups].sort().join(',')
  return `${store.version}|${owner}|${viewer.user?.user_id ?? ''}|${groups}|${JSON.stringify(query)}`
}

function isMatchAll(query: NormalizedQuery): boolean {
  return isEmptyQuery(query) || (isAnd(query) && query.and.length === 0)
}

/** Marks the entries a caller may see under `owner` that satisfy the query. */
export function matchEntries(
  deps: SearchDeps,
  owner: Owner,
  viewer: Viewer,
  query: NormalizedQuery,
): { matches: Uint8Array; total: number } {
  const { store } = deps
  const key = deps.cache ? cacheKey(store, owner, viewer, query) : ''
  const cached = deps.cache?.get(key)
  if (cached) return cached
  const compiled: DocPredicate | null = isMatchAll(query)
    ? null
    : compileQuery(query, deps.catalogue)
  const predicate = compiled === null ? null : memoize(query, compiled, store, deps.catalogue)
  const allowed = ownerFilter(owner, viewer)
  const matches = new Uint8Array(store.size)
  let total = 0
  for (const upload of store.uploads) {
    if (!allowed(upload)) continue
    const end = upload.entryStart + upload.entryCount
    for (let i = upload.entryStart; i < end; i++) {
      const doc = store.docs[i] as EntryDoc
      if (predicate === null || predicate(i, doc)) {
        matches[i] = 1
        total++
      }
    }
  }
  deps.cache?.set(key, { matches, total })
  return { matches, total }
}

export function searchEntries(deps: SearchDeps, input: SearchInput): SearchOutput {
  const { store } = deps
  const { matches, total } = matchEntries(deps, input.owner, input.viewer, input.query)
  const p = input.pagination
  const out: SearchOutput = { total, hits: [], matches }
  if (p.page_size === 0 || total === 0) return out
  const index = deps.orders.get(p.order_by, p.order)
  const ids = store.entryIds
  let position = 0
  let skip = 0
  if (p.page_after_value !== undefined) {
    position = startAfter(
      index,
      ids,
      decodePageAfterValue(p.page_after_value, p.order_by, deps.catalogue),
    )
  } else if (p.page !== undefined) skip = (p.page - 1) * p.page_size
  else if (p.page_offset !== undefined) skip = p.page_offset
  const { perm } = index
  for (; position < perm.length; position++) {
    const entry = perm[position] ?? 0
    if (matches[entry] !== 1) continue
    if (skip > 0) {
      skip--
      continue
    }
    if (out.hits.length === p.page_size) {
      // A further match exists: the page is not the last one.
      const lastHit = out.hits[out.hits.length - 1] ?? entry
      const doc = store.docs[lastHit] as unknown as Record<string, unknown>
      out.nextPageAfterValue = encodePageAfterValue(doc, p.order_by, p.order, deps.catalogue)
      break
    }
    out.hits.push(entry)
  }
  return out
}
