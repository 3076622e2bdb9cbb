import { group, groupsResponse } from '../../../../shared/api'
import type { ApiRequester, RequestOptions } from '../api-requester'
import { segment, type QueryParams } from '../request-url'
import { requesterFor, type JsonRequester } from './endpoint-requester'

/** POST /groups and POST /groups/{id}/edit (members replace the whole list). */
export interface GroupBody {
  group_name?: string
  members?: string[]
}

/** GET /groups: at most one filter. */
export interface GroupsParams extends QueryParams {
  group_id?: readonly string[]
  user_id?: string
  search_terms?: string
}

/** User groups (`client.groups`): listing, one group, create, edit, delete. */
export class GroupEndpoints {
  private readonly api: JsonRequester

  constructor(requester: ApiRequester) {
    this.api = requesterFor(requester, 'metadata')
  }

  /** GET /groups */
  list(params?: GroupsParams, o?: RequestOptions) {
    return this.api.requestJson('GET', '/groups', { ...o, query: params, schema: groupsResponse })
  }

  /** GET /groups/{id} */
  get(groupId: string, o?: RequestOptions) {
    return this.api.requestJson('GET', `/groups/${segment(groupId)}`, { ...o, schema: group })
  }

  /** POST /groups: not repeated after a transient failure, so it never makes a second group. */
  create(body: GroupBody, o?: RequestOptions) {
    return this.api.requestJson('POST', '/groups', {
      ...o,
      nonIdempotent: true,
      json: body,
      schema: group,
    })
  }

  /** POST /groups/{id}/edit */
  edit(groupId: string, body: GroupBody, o?: RequestOptions) {
    return this.api.requestJson('POST', `/groups/${segment(groupId)}/edit`, {
      ...o,
      json: body,
      schema: group,
    })
  }

  /** DELETE /groups/{id} */
  delete(groupId: string, o?: RequestOptions) {
    return this.api.requestEmpty('DELETE', `/groups/${segment(groupId)}`, o)
  }
}
