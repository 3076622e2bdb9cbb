import {
  entriesQueryResponse,
  entryResponse,
  suggestionsResponse,
  type JsonObject,
  type JsonValue,
  type Owner,
  type PaginationRequest,
} from '../../../../shared/api'
import type { ApiRequester, RequestOptions } from '../api-requester'
import { segment, type QueryParams } from '../request-url'
import { requesterFor, type JsonRequester } from './endpoint-requester'

/** POST /entries/query */
export interface EntriesQueryBody {
  owner?: Owner
  query?: JsonValue
  pagination?: PaginationRequest
  required?: { include?: string[]; exclude?: string[] }
  aggregations?: JsonObject
}

/** POST /suggestions: `{"input": "Si", "quantities": [{"name": "…formula_hill", "size": 5}]}` */
export interface SuggestionsBody {
  input: string
  quantities: { name: string; size?: number }[]
}

/** The metadata of entries (`client.entries`): search pages, one entry, value suggestions. */
export class EntryEndpoints {
  private readonly api: JsonRequester

  constructor(requester: ApiRequester) {
    this.api = requesterFor(requester, 'metadata')
  }

  /** POST /entries/query */
  query(body: EntriesQueryBody, o?: RequestOptions) {
    return this.api.requestJson('POST', '/entries/query', {
      ...o,
      json: body,
      schema: entriesQueryResponse,
    })
  }

  /** GET /entries/{id} */
  get(entryId: string, params?: QueryParams, o?: RequestOptions) {
    return this.api.requestJson('GET', `/entries/${segment(entryId)}`, {
      ...o,
      query: params,
      schema: entryResponse,
    })
  }

  /** POST /suggestions: values of searchable quantities that start with the input. */
  suggestions(body: SuggestionsBody, o?: RequestOptions) {
    return this.api.requestJson('POST', '/suggestions', {
      ...o,
      json: body,
      schema: suggestionsResponse,
    })
  }
}
