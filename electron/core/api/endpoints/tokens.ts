import { patCreationResponse, patListResponse, patRecord } from '../../../../shared/api'
import type { ApiRequester, RequestOptions } from '../api-requester'
import { segment, type QueryParams } from '../request-url'
import { requesterFor, type JsonRequester } from './endpoint-requester'

/** GET /auth/pats (nomad-pat-facts §1.4). */
export interface PatListParams extends QueryParams {
  search?: string
  state?: string
  revoked?: boolean
  order_by?: string
  page_size?: number
  page?: number
}

/** POST /auth/pats */
export interface CreatePatBody {
  metadata: { name: string; scopes: string[]; description?: string }
  /** Days until expiry; null asks for a token that never expires (servers may refuse). */
  expires_in_days?: number | null
}

// Token management acts on the account, so it uses the signed-in session unless told otherwise
// (a PAT never holds tokens:* scopes on the real server; nomad-pat-facts §1.2).
const IDENTITY = { auth: 'identity' } as const

/** Personal access tokens (`client.tokens`): list, read, create, revoke, rotate. */
export class TokenEndpoints {
  private readonly api: JsonRequester

  constructor(requester: ApiRequester) {
    this.api = requesterFor(requester, 'metadata')
  }

  /** GET /auth/pats */
  list(params: PatListParams, o?: RequestOptions) {
    return this.api.requestJson('GET', '/auth/pats', {
      ...IDENTITY,
      ...o,
      query: params,
      schema: patListResponse,
    })
  }

  /** GET /auth/pats/{id} */
  get(patId: string, o?: RequestOptions) {
    return this.api.requestJson('GET', `/auth/pats/${segment(patId)}`, {
      ...IDENTITY,
      ...o,
      schema: patRecord,
    })
  }

  /** POST /auth/pats: the answer holds the raw token, shown once. */
  create(body: CreatePatBody, o?: RequestOptions) {
    return this.api.requestJson('POST', '/auth/pats', {
      ...IDENTITY,
      ...o,
      // A repeat after a lost answer would leave a second live token behind.
      nonIdempotent: true,
      json: body,
      schema: patCreationResponse,
    })
  }

  /** DELETE /auth/pats/{id}: 204; revoking twice is harmless. */
  revoke(patId: string, o?: RequestOptions) {
    return this.api.requestEmpty('DELETE', `/auth/pats/${segment(patId)}`, { ...IDENTITY, ...o })
  }

  /** POST /auth/pats/{id}/rotate: a new value; the old one stops working at once. */
  rotate(patId: string, o?: RequestOptions) {
    return this.api.requestJson('POST', `/auth/pats/${segment(patId)}/rotate`, {
      ...IDENTITY,
      ...o,
      nonIdempotent: true,
      schema: patCreationResponse,
    })
  }
}
