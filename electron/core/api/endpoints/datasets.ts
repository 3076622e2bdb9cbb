import { datasetsResponse } from '../../../../shared/api'
import type { ApiRequester, RequestOptions } from '../api-requester'
import type { QueryParams } from '../request-url'
import { requesterFor, type JsonRequester } from './endpoint-requester'

/** Datasets (`client.datasets`): so far the listing, which the token scope check reads. */
export class DatasetEndpoints {
  private readonly api: JsonRequester

  constructor(requester: ApiRequester) {
    this.api = requesterFor(requester, 'metadata')
  }

  /** GET /datasets/ (the trailing slash is the real route; /datasets only redirects to it). */
  list(params?: QueryParams, o?: RequestOptions) {
    return this.api.requestJson('GET', '/datasets/', {
      ...o,
      query: params,
      schema: datasetsResponse,
    })
  }
}
