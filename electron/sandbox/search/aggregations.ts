import type { SearchOutput } from './entry-search'
import type { EntriesService, SearchRequest } from './entries-service'

/**
 * POST /entries/query aggregations. The computation belongs to shared/query (`aggregate`),
 * which has not landed yet; until then a request with aggregations is answered without them.
 */
export function aggregationsResponse(
  _service: EntriesService,
  _search: SearchRequest,
  _result: SearchOutput,
  raw: unknown,
): Record<string, unknown> | undefined {
  if (!raw || typeof raw !== 'object' || Object.keys(raw).length === 0) return undefined
  return undefined
}
