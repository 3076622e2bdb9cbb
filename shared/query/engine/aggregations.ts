import { aggregate, type AggregateOptions, type AggregationsResponse } from '../aggregate'
import { parseAggregations, type AggregationRequest } from '../aggregate-request'
import { countsSuffice } from '../aggregate-terms'
import { removeQuantity } from '../query-transform'
import type { SearchQuantity } from '../quantities'
import type { NormalizedQuery } from '../types'
import type { QueryEngine, MatchSet } from './search'
import type { SearchScope } from './source'

/**
 * Aggregations of a search, computed by shared/query's aggregate(). It can filter the
 * documents itself (options.query), but at 100 000 entries that re-evaluates the query per
 * exclude_from_search group; instead the aggregations are grouped by the quantity they exclude
 * and each group gets the entries of its query (the main query, or the query without that
 * quantity) from the engine's memoised, cached matching. Terms aggregations that need only
 * counts take them from the engine's terms index over that match bitmap; the documents are read
 * only for a group that needs more (metrics, top hits, histograms…). Validation runs first over no
 * documents, with the whole request, so every 422/400 is the one aggregate() gives.
 */
export interface AggregationsInput {
  query: NormalizedQuery
  scope: SearchScope
  /** The matches of `query` in `scope` (the search's own; reused for non-excluding groups). */
  matches: MatchSet
  /** The request's `aggregations` object as received. */
  raw: unknown
  /** How top-hit aggregations present an entry (the `required` projection of the caller). */
  projectEntry?: AggregateOptions['projectEntry']
}

/** A terms aggregation the index answers whole (no documents needed). */
const fromIndex = (request: AggregationRequest) =>
  request.kind === 'terms' && countsSuffice(request)

export function aggregateSearch(
  engine: QueryEngine,
  input: AggregationsInput,
): AggregationsResponse | undefined {
  const { raw, query, projectEntry } = input
  if (raw === undefined || raw === null) return undefined
  if (typeof raw === 'object' && Object.keys(raw).length === 0) return undefined
  const options = projectEntry ? { projectEntry } : {}
  aggregate([], raw, engine.catalogue, { ...options, query })
  const requests = parseAggregations(raw)
  const specs = raw as Record<string, unknown>
  const groups = new Map<string, { specs: Record<string, unknown>; needDocs: boolean }>()
  for (const [name, request] of requests) {
    const excluded =
      request.kind !== 'statistics' && request.exclude_from_search ? request.quantity : ''
    const group = groups.get(excluded) ?? { specs: {}, needDocs: false }
    group.specs[name] = specs[name]
    group.needDocs ||= !engine.terms || !fromIndex(request)
    groups.set(excluded, group)
  }
  const answers: AggregationsResponse = {}
  for (const [excluded, group] of groups) {
    const matches = excluded
      ? engine.match(removeQuantity(query, excluded), input.scope).matches
      : input.matches.matches
    const docs: Record<string, unknown>[] = []
    if (group.needDocs)
      for (let i = 0; i < matches.length; i++) {
        if (matches[i] === 1) docs.push(engine.source.doc(i))
      }
    const terms = engine.terms
    const countTerms = terms ? { countTerms: (q: SearchQuantity) => terms.count(q, matches) } : {}
    Object.assign(
      answers,
      aggregate(docs, group.specs, engine.catalogue, { ...options, ...countTerms }),
    )
  }
  // Keep the order of the request.
  return Object.fromEntries(
    [...requests.keys()].flatMap((name) => (answers[name] ? [[name, answers[name]]] : [])),
  )
}
