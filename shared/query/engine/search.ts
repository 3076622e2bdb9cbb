import { compileQuery, type DocPredicate } from '../evaluate'
import { decodePageAfterValue, encodePageAfterValue, type SortOrder } from '../order'
import type { QuantityCatalogue } from '../quantities'
import { isAnd, isEmptyQuery, type NormalizedQuery } from '../types'
import { memoize } from './memo-predicate'
import { OrderIndexCache, startAfter } from './order-index'
import type { DocumentSource, SearchScope } from './source'
import { TermsIndex } from './terms-index'

/**
 * Runs a search over a document source: the caller's candidates (its owner filter), the
 * compiled query per document, then a walk along the pre-sorted order to cut out one page.
 */

/** One page of a search: its size, order and at most one of page / page_offset / cursor. */
export interface PageRequest {
  page_size: number
  order_by: string
  order: SortOrder
  page_after_value?: string
  page?: number
  page_offset?: number
}

export interface MatchSet {
  /** Byte per document: 1 if it is a candidate and satisfies the query. */
  matches: Uint8Array
  total: number
}

export interface SearchOutput extends MatchSet {
  /** Document numbers of the page, in order. */
  hits: number[]
  nextPageAfterValue?: string
}

/**
 * An LRU of match bitmaps keyed by scope, normalised query and data version, like the
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

function isMatchAll(query: NormalizedQuery): boolean {
  return isEmptyQuery(query) || (isAnd(query) && query.and.length === 0)
}

export interface QueryEngineOptions {
  /** Match sets kept (default 32); 0 evaluates every search afresh. */
  matchCacheSize?: number
  /**
   * Terms aggregations count from per-quantity columns (terms-index.ts) built on first use
   * (default true); false reads the matching documents for every aggregation.
   */
  termsIndex?: boolean
}

/** Matching, ordering and paging over one source; its caches follow the source's version. */
export class QueryEngine {
  readonly orders: OrderIndexCache
  /** Value counts for terms aggregations; null when the engine was made without. */
  readonly terms: TermsIndex | null
  private readonly cache: MatchCache | null

  constructor(
    readonly source: DocumentSource,
    readonly catalogue: QuantityCatalogue,
    options: QueryEngineOptions = {},
  ) {
    this.orders = new OrderIndexCache(source, catalogue)
    const size = options.matchCacheSize ?? 32
    this.cache = size > 0 ? new MatchCache(size) : null
    this.terms = options.termsIndex === false ? null : new TermsIndex(source)
  }

  /** Marks the candidates of `scope` that satisfy the query. */
  match(query: NormalizedQuery, scope: SearchScope): MatchSet {
    const { source, cache } = this
    const key = cache ? `${source.version}|${scope.key}|${JSON.stringify(query)}` : ''
    const cached = cache?.get(key)
    if (cached) return cached
    const compiled: DocPredicate | null = isMatchAll(query)
      ? null
      : compileQuery(query, this.catalogue)
    const predicate = compiled === null ? null : memoize(query, compiled, source, this.catalogue)
    const matches = new Uint8Array(source.size)
    let total = 0
    const visit = (start: number, end: number) => {
      for (let i = start; i < end; i++) {
        if (predicate === null || predicate(i, source.doc(i))) {
          matches[i] = 1
          total++
        }
      }
    }
    const { candidates } = scope
    if (candidates.kind === 'all') visit(0, source.size)
    else if (candidates.kind === 'ranges')
      for (const range of candidates.ranges) visit(range.start, range.end)
    else
      for (let i = 0; i < source.size; i++)
        if (candidates.accept(i) && (predicate === null || predicate(i, source.doc(i)))) {
          matches[i] = 1
          total++
        }
    const out = { matches, total }
    cache?.set(key, out)
    return out
  }

  /** The matches of `query` in `scope` and the page `page` cuts from them. */
  search(query: NormalizedQuery, scope: SearchScope, page: PageRequest): SearchOutput {
    return this.page(this.match(query, scope), page)
  }

  /** Cuts one page out of a match set, walking the order index (no sorting per search). */
  page({ matches, total }: MatchSet, p: PageRequest): SearchOutput {
    const out: SearchOutput = { total, hits: [], matches }
    if (p.page_size === 0 || total === 0) return out
    const index = this.orders.get(p.order_by, p.order)
    let position = 0
    let skip = 0
    if (p.page_after_value !== undefined) {
      position = startAfter(
        index,
        decodePageAfterValue(p.page_after_value, p.order_by, this.catalogue),
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
        const doc = this.source.doc(lastHit)
        out.nextPageAfterValue = encodePageAfterValue(doc, p.order_by, p.order, this.catalogue)
        break
      }
      out.hits.push(entry)
    }
    return out
  }
}
