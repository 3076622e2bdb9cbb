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
  const predicate: DocPredicate | null = isMatchAll(query)
    ? null
    : compileQuery(query, deps.catalogue)
  const allowed = ownerFilter(owner, viewer)
  const matches = new Uint8Array(store.size)
  let total = 0
  for (const upload of store.uploads) {
    if (!allowed(upload)) continue
    const end = upload.entryStart + upload.entryCount
    for (let i = upload.entryStart; i < end; i++) {
      const doc = store.docs[i] as EntryDoc
      if (predicate === null || predicate(doc as unknown as Record<string, unknown>)) {
        matches[i] = 1
        total++
      }
    }
  }
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
