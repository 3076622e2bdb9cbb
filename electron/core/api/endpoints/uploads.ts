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
 * POST /uploads/{id}/edit: members, the upload's name and its embargo (months, 0–36; on a
 * published upload only 0, which lifts it). The real server takes more metadata (datasets,
 * references, …), which the app does not edit.
 */
export interface UploadEditBody {
  metadata: { [F in MemberField]?: MemberEdit } & {
    upload_name?: string
    embargo_length?: number
  }
}

/** The member lists of an upload, as /edit names them. */
export type MemberField = 'coauthors' | 'reviewers' | 'coauthor_groups' | 'reviewer_groups'

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
   * action object edits it; a name or embargo is set. Repeating it changes nothing more
   * (members are sets, the rest is set to a value), so it is retried like a read.
   */
  edit(uploadId: string, body: UploadEditBody, o?: RequestOptions) {
    return this.api.requestJson('POST', `/uploads/${segment(uploadId)}/edit`, {
      ...o,
      json: body,
      schema: uploadEditResponse,
    })
  }

  /**
   * POST /uploads/{id}/action/publish, with an embargo of `embargoLength` months (0–36; the
   * upload's own when not given). Not repeated after a transient failure: a second publish is
   * refused ("already published"), which would hide that the first one went through.
   */
  publish(uploadId: string, embargoLength: number | undefined, o?: RequestOptions) {
    return this.action(uploadId, 'publish', o, embargoLength)
  }

  /** POST /uploads/{id}/action/process: processes the upload's files again (unpublished only). */
  process(uploadId: string, o?: RequestOptions) {
    return this.action(uploadId, 'process', o)
  }

  /** POST /uploads/{id}/action/lift-embargo: makes a published upload public now. */
  liftEmbargo(uploadId: string, o?: RequestOptions) {
    return this.action(uploadId, 'lift-embargo', o)
  }

  /** DELETE /uploads/{id} (main author, unpublished): starts deleting it with all its files. */
  delete(uploadId: string, o?: RequestOptions) {
    return this.api.requestJson('DELETE', `/uploads/${segment(uploadId)}`, {
      ...o,
      nonIdempotent: true,
      schema: uploadEditResponse,
    })
  }

  private action(
    uploadId: string,
    name: 'publish' | 'process' | 'lift-embargo',
    o: RequestOptions | undefined,
    embargoLength?: number,
  ) {
    return this.api.requestJson('POST', `/uploads/${segment(uploadId)}/action/${name}`, {
      ...o,
      nonIdempotent: true,
      ...(embargoLength === undefined ? {} : { query: { embargo_length: embargoLength } }),
      schema: uploadEditResponse,
    })
  }
}
