import { aggregate, type AggregationsResponse } from '../../../shared/query'
import type { EntryDoc } from '../data/model'
import { ownerFilter } from './access'
import type { SearchOutput } from './entry-search'
import type { EntriesService, SearchRequest } from './entries-service'
import { project } from './metadata-required'

/**
 * POST /entries/query aggregations, computed by shared/query's aggregate() over the entries
 * the owner filter allows, with the request's query, so that exclude_from_search facets still
 * count the values the query filters away. Example entries of terms buckets are projected
 * with their own `required`.
 */
export function aggregationsResponse(
  service: EntriesService,
  search: SearchRequest,
  _result: SearchOutput,
  raw: unknown,
): AggregationsResponse | undefined {
  if (raw === undefined || raw === null) return undefined
  if (typeof raw === 'object' && Object.keys(raw).length === 0) return undefined
  const allowed = ownerFilter(search.owner, search.viewer)
  const docs: Record<string, unknown>[] = []
  for (const upload of service.store.uploads) {
    if (!allowed(upload)) continue
    for (let i = upload.entryStart; i < upload.entryStart + upload.entryCount; i++) {
      const doc = service.store.docs[i]
      if (doc) docs.push(doc as unknown as Record<string, unknown>)
    }
  }
  return aggregate(docs, raw, service.catalogue, {
    query: search.query,
    projectEntry: (entry, required) =>
      project(entry as EntryDoc, service.requiredFromBody(required)),
  })
}
