import { currentUser, user, usersResponse } from '../../../../shared/api'
import type { ApiRequester, RequestOptions } from '../api-requester'
import { segment, type QueryParams } from '../request-url'
import { requesterFor, type JsonRequester } from './endpoint-requester'

/** GET /users: exactly one of prefix or user_id. */
export interface UsersParams extends QueryParams {
  prefix?: string
  user_id?: string | readonly string[]
}

/** People (`client.users`): lookups by name prefix or id, and the signed-in user. */
export class UserEndpoints {
  private readonly api: JsonRequester

  constructor(requester: ApiRequester) {
    this.api = requesterFor(requester, 'metadata')
  }

  /** GET /users */
  list(params: UsersParams, o?: RequestOptions) {
    return this.api.requestJson('GET', '/users', { ...o, query: params, schema: usersResponse })
  }

  /** GET /users/{id}: the public record (no e-mail). */
  get(userId: string, o?: RequestOptions) {
    return this.api.requestJson('GET', `/users/${segment(userId)}`, { ...o, schema: user })
  }

  /** GET /users/me: whoever the request's credential belongs to. */
  me(o?: RequestOptions) {
    return this.api.requestJson('GET', '/users/me', { ...o, schema: currentUser })
  }
}
