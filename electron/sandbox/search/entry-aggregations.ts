import { type AggregationsResponse } from '../../../shared/query'
import { aggregateSearch, type SearchOutput } from '../../../shared/query/engine'
import type { EntryDoc } from '../data/model'
import type { EntriesService, SearchRequest } from './entries-service'
import { project } from './entry-output'

/**
 * POST /entries/query aggregations: the engine's aggregateSearch over the search's scope, with
 * top hits presented through the request's `required` like the hits themselves.
 */
export function aggregationsResponse(
  service: EntriesService,
  search: SearchRequest,
  result: SearchOutput,
  raw: unknown,
): AggregationsResponse | undefined {
  return aggregateSearch(service.engine, {
    query: search.query,
    scope: service.scope(search.owner, search.viewer),
    matches: result,
    raw,
    projectEntry: (entry, required) =>
      project(entry as EntryDoc, service.requiredFromBody(required)),
  })
}
