import {
  archiveQueryResponse,
  archiveResponse,
  type JsonValue,
  type Owner,
  type PaginationRequest,
} from '../../../../shared/api'
import type { ApiRequester, RequestOptions, StreamConsumer } from '../api-requester'
import { segment } from '../request-url'
import { requesterFor, type StreamingRequester } from './endpoint-requester'

/** POST /entries/archive/query; `required` is the archive requirement ("*" or a tree). */
export interface ArchiveQueryBody {
  owner?: Owner
  query?: JsonValue
  pagination?: PaginationRequest
  required?: JsonValue
}

/**
 * The archives of entries (`client.archive`): the processed data, far larger than the metadata
 * of the other groups, whence a kind of its own.
 */
export class ArchiveEndpoints {
  private readonly api: StreamingRequester

  constructor(requester: ApiRequester) {
    this.api = requesterFor(requester, 'archive')
  }

  /** POST /entries/{id}/archive/query; `required` defaults to the whole archive ("*"). */
  get(entryId: string, required: JsonValue = '*', o?: RequestOptions) {
    return this.api.requestJson('POST', `/entries/${segment(entryId)}/archive/query`, {
      ...o,
      json: { required },
      schema: archiveResponse,
    })
  }

  /** POST /entries/archive/query: the archives of a page of matching entries. */
  query(body: ArchiveQueryBody, o?: RequestOptions) {
    return this.api.requestJson('POST', '/entries/archive/query', {
      ...o,
      json: body,
      schema: archiveQueryResponse,
    })
  }

  /** GET /entries/{id}/archive/download: the bare archive as a JSON file (`<entry_id>.json`). */
  download<T>(entryId: string, consume: StreamConsumer<T>, o?: RequestOptions) {
    return this.api.stream(
      'GET',
      `/entries/${segment(entryId)}/archive/download`,
      { ...o },
      consume,
    )
  }
}
