import {
  aggregate,
  parseAggregations,
  removeQuantity,
  type AggregationsResponse,
} from '../../../shared/query'
import type { EntryDoc } from '../data/model'
import { matchEntries, type SearchOutput } from './entry-search'
import type { EntriesService, SearchRequest } from './entries-service'
import { project } from './metadata-required'

/**
 * POST /entries/query aggregations, computed by shared/query's aggregate(). It can filter the
 * documents itself (options.query), but at 100 000 entries that re-evaluates the query per
 * exclude_from_search group; instead the aggregations are grouped by the quantity they exclude
 * and each group gets the entries of its query (the main query, or the query without that
 * quantity) from the sandbox's memoised, cached matching. Validation runs first over no
 * documents, with the whole request, so every 422/400 is the one aggregate() gives.
 */
export function aggregationsResponse(
  service: EntriesService,
  search: SearchRequest,
  result: SearchOutput,
  raw: unknown,
): AggregationsResponse | undefined {
  if (raw === undefined || raw === null) return undefined
  if (typeof raw === 'object' && Object.keys(raw).length === 0) return undefined
  const projectEntry = (entry: unknown, required: unknown) =>
    project(entry as EntryDoc, service.requiredFromBody(required))
  aggregate([], raw, service.catalogue, { query: search.query, projectEntry })
  const requests = parseAggregations(raw)
  const specs = raw as Record<string, unknown>
  const groups = new Map<string, Record<string, unknown>>()
  for (const [name, request] of requests) {
    const excluded =
      request.kind !== 'statistics' && request.exclude_from_search ? request.quantity : ''
    const group = groups.get(excluded) ?? {}
    group[name] = specs[name]
    groups.set(excluded, group)
  }
  const answers: AggregationsResponse = {}
  for (const [excluded, group] of groups) {
    const matches = excluded
      ? matchEntries(
          service.deps(),
          search.owner,
          search.viewer,
          removeQuantity(search.query, excluded),
        ).matches
      : result.matches
    const docs: Record<string, unknown>[] = []
    for (let i = 0; i < matches.length; i++) {
      if (matches[i] === 1) docs.push(service.store.docs[i] as unknown as Record<string, unknown>)
    }
    Object.assign(answers, aggregate(docs, group, service.catalogue, { projectEntry }))
  }
  // Keep the order of the request.
  return Object.fromEntries(
    [...requests.keys()].flatMap((name) => (answers[name] ? [[name, answers[name]]] : [])),
  )
}
