import {
  uploadCommandExamples,
  uploadEditResponse,
  uploadEntriesResponse,
  uploadResponse,
  uploadsResponse,
} from '../../../../shared/api'
import type { ApiRequester, RequestOptions } from '../api-requester'
import { segment, type QueryParams } from '../request-url'
import { requesterFor, type JsonRequester } from './endpoint-requester'

/** A member list edit: a list replaces the field; set/add/remove take one id or several. */
export type MemberEdit =
  string[] | { set?: string | string[]; add?: string | string[]; remove?: string | string[] }

/**
 * POST /uploads/{id}/edit. Members only: the real server takes more metadata (upload_name,
 * embargo_length, …), which the app does not edit.
 */
export interface UploadEditBody {
  metadata: {
    coauthors?: MemberEdit
    reviewers?: MemberEdit
    coauthor_groups?: MemberEdit
    reviewer_groups?: MemberEdit
  }
}

/**
 * Uploads (`client.uploads`): listings, one upload, its entries, the member edit. Their files
 * are in `client.files`.
 */
export class UploadEndpoints {
  private readonly api: JsonRequester

  constructor(requester: ApiRequester) {
    this.api = requesterFor(requester, 'metadata')
  }

  /** GET /uploads: the uploads of the signed-in user. */
  list(params?: QueryParams, o?: RequestOptions) {
    return this.api.requestJson('GET', '/uploads', { ...o, query: params, schema: uploadsResponse })
  }

  /** GET /uploads/command-examples (signed in): curl commands with an upload token in them. */
  commandExamples(o?: RequestOptions) {
    return this.api.requestJson('GET', '/uploads/command-examples', {
      ...o,
      schema: uploadCommandExamples,
    })
  }

  /** GET /uploads/{id} */
  get(uploadId: string, o?: RequestOptions) {
    return this.api.requestJson('GET', `/uploads/${segment(uploadId)}`, {
      ...o,
      schema: uploadResponse,
    })
  }

  /** GET /uploads/{id}/entries */
  entries(uploadId: string, params?: QueryParams, o?: RequestOptions) {
    return this.api.requestJson('GET', `/uploads/${segment(uploadId)}/entries`, {
      ...o,
      query: params,
      schema: uploadEntriesResponse,
    })
  }

  /**
   * POST /uploads/{id}/edit (main author or coauthor): a member list replaces the field, an
   * action object edits it. Repeating it changes nothing more (members are sets), so it is
   * retried like a read.
   */
  edit(uploadId: string, body: UploadEditBody, o?: RequestOptions) {
    return this.api.requestJson('POST', `/uploads/${segment(uploadId)}/edit`, {
      ...o,
      json: body,
      schema: uploadEditResponse,
    })
  }
}
