import {
  accessTokenResponse,
  appTokenResponse,
  archiveQueryResponse,
  archiveResponse,
  currentUser,
  datasetsResponse,
  entriesQueryResponse,
  entriesRawdirResponse,
  entryRawdirResponse,
  entryResponse,
  group,
  groupsResponse,
  infoResponse,
  patCreationResponse,
  patListResponse,
  patRecord,
  suggestionsResponse,
  uploadEditResponse,
  uploadEntriesResponse,
  uploadRawdirResponse,
  uploadResponse,
  uploadsResponse,
  user,
  usersResponse,
  type JsonValue,
} from '../../../shared/api'
import type { RequestOptions } from './api-requester'
import type {
  ArchiveQueryBody,
  CreatePatBody,
  EntriesQueryBody,
  EntriesRawBody,
  EntriesRawParams,
  GroupBody,
  GroupsParams,
  PatListParams,
  SuggestionsBody,
  UploadEditBody,
  UsersParams,
} from './endpoint-types'
import { FileEndpoints } from './file-endpoints'
import { filePath, segment, type QueryParams } from './request-url'

export type {
  ApiRequesterDeps as NomadClientDeps,
  BodyOptions,
  HttpMethod,
  RequestOptions,
  StreamConsumer,
  StreamHead,
} from './api-requester'

// Token management acts on the account, so it uses the signed-in session unless told otherwise
// (a PAT never holds tokens:* scopes on the real server; nomad-pat-facts §1.2).
const IDENTITY = { auth: 'identity' } as const

/**
 * The API of one server profile. Every request goes through the RequestScheduler of the
 * server's origin (lanes, pacing, retries), carries the credential core chooses, and is decoded
 * with the tolerant shared/api schemas. Errors are AppErrors with the codes of docs/network.md.
 * The typed methods are thin wrappers over requestJson/requestEmpty; add new JSON endpoints
 * here and endpoints that answer with a file (raw files, zips, downloads) to FileEndpoints.
 */
export class NomadClient extends FileEndpoints {
  // ---- entries and archives ----
  info(o?: RequestOptions) {
    return this.requestJson('GET', '/info', { ...o, schema: infoResponse })
  }

  entriesQuery(body: EntriesQueryBody, o?: RequestOptions) {
    return this.requestJson('POST', '/entries/query', {
      ...o,
      json: body,
      schema: entriesQueryResponse,
    })
  }

  entry(entryId: string, params?: QueryParams, o?: RequestOptions) {
    return this.requestJson('GET', `/entries/${segment(entryId)}`, {
      ...o,
      query: params,
      schema: entryResponse,
    })
  }

  /** POST /entries/{id}/archive/query; `required` defaults to the whole archive ("*"). */
  entryArchive(entryId: string, required: JsonValue = '*', o?: RequestOptions) {
    return this.requestJson('POST', `/entries/${segment(entryId)}/archive/query`, {
      ...o,
      json: { required },
      schema: archiveResponse,
    })
  }

  archiveQuery(body: ArchiveQueryBody, o?: RequestOptions) {
    return this.requestJson('POST', '/entries/archive/query', {
      ...o,
      json: body,
      schema: archiveQueryResponse,
    })
  }

  entryRawdir(entryId: string, o?: RequestOptions) {
    return this.requestJson('GET', `/entries/${segment(entryId)}/rawdir`, {
      ...o,
      schema: entryRawdirResponse,
    })
  }

  /** GET /entries/rawdir: the folders of a page of matching entries (query as parameters). */
  entriesRawdir(params: EntriesRawParams, o?: RequestOptions) {
    return this.requestJson('GET', '/entries/rawdir', {
      ...o,
      query: params,
      schema: entriesRawdirResponse,
    })
  }

  /** POST /entries/rawdir/query: page with `pagination.page_after_value`, as entriesQuery. */
  entriesRawdirQuery(body: Omit<EntriesRawBody, 'files'>, o?: RequestOptions) {
    return this.requestJson('POST', '/entries/rawdir/query', {
      ...o,
      json: body,
      schema: entriesRawdirResponse,
    })
  }

  // ---- uploads ----
  uploads(params?: QueryParams, o?: RequestOptions) {
    return this.requestJson('GET', '/uploads', { ...o, query: params, schema: uploadsResponse })
  }

  upload(uploadId: string, o?: RequestOptions) {
    return this.requestJson('GET', `/uploads/${segment(uploadId)}`, {
      ...o,
      schema: uploadResponse,
    })
  }

  uploadEntries(uploadId: string, params?: QueryParams, o?: RequestOptions) {
    return this.requestJson('GET', `/uploads/${segment(uploadId)}/entries`, {
      ...o,
      query: params,
      schema: uploadEntriesResponse,
    })
  }

  /** A directory page or a file's metadata; tell them apart with isRawdirDirectory. */
  uploadRawdir(uploadId: string, path: string, params?: QueryParams, o?: RequestOptions) {
    return this.requestJson('GET', `/uploads/${segment(uploadId)}/rawdir/${filePath(path)}`, {
      ...o,
      query: params,
      schema: uploadRawdirResponse,
    })
  }

  /**
   * POST /uploads/{id}/edit (main author or coauthor): a member list replaces the field, an
   * action object edits it. Repeating it changes nothing more (members are sets), so it is
   * retried like a read.
   */
  editUpload(uploadId: string, body: UploadEditBody, o?: RequestOptions) {
    return this.requestJson('POST', `/uploads/${segment(uploadId)}/edit`, {
      ...o,
      json: body,
      schema: uploadEditResponse,
    })
  }

  // ---- datasets, users, groups ----
  datasets(params?: QueryParams, o?: RequestOptions) {
    // The trailing slash is the real route; /datasets only redirects to it.
    return this.requestJson('GET', '/datasets/', { ...o, query: params, schema: datasetsResponse })
  }

  users(params: UsersParams, o?: RequestOptions) {
    return this.requestJson('GET', '/users', { ...o, query: params, schema: usersResponse })
  }

  /** GET /users/{id}: the public record (no e-mail). */
  user(userId: string, o?: RequestOptions) {
    return this.requestJson('GET', `/users/${segment(userId)}`, { ...o, schema: user })
  }

  me(o?: RequestOptions) {
    return this.requestJson('GET', '/users/me', { ...o, schema: currentUser })
  }

  groups(params?: GroupsParams, o?: RequestOptions) {
    return this.requestJson('GET', '/groups', { ...o, query: params, schema: groupsResponse })
  }

  group(groupId: string, o?: RequestOptions) {
    return this.requestJson('GET', `/groups/${segment(groupId)}`, { ...o, schema: group })
  }

  createGroup(body: GroupBody, o?: RequestOptions) {
    return this.requestJson('POST', '/groups', {
      ...o,
      nonIdempotent: true,
      json: body,
      schema: group,
    })
  }

  editGroup(groupId: string, body: GroupBody, o?: RequestOptions) {
    return this.requestJson('POST', `/groups/${segment(groupId)}/edit`, {
      ...o,
      json: body,
      schema: group,
    })
  }

  deleteGroup(groupId: string, o?: RequestOptions) {
    return this.requestEmpty('DELETE', `/groups/${segment(groupId)}`, o)
  }

  suggestions(body: SuggestionsBody, o?: RequestOptions) {
    return this.requestJson('POST', '/suggestions', {
      ...o,
      json: body,
      schema: suggestionsResponse,
    })
  }

  // ---- sign-in and tokens ----
  /** Password grant (form-encoded); never sends a stored credential along. */
  signIn(username: string, password: string, o?: RequestOptions) {
    return this.requestJson('POST', '/auth/token', {
      ...o,
      auth: 'none',
      label: 'sign-in',
      form: { username, password, grant_type: 'password' },
      schema: accessTokenResponse,
    })
  }

  appToken(expiresInSeconds: number, o?: RequestOptions) {
    return this.requestJson('GET', '/auth/app_token', {
      ...IDENTITY,
      ...o,
      query: { expires_in: expiresInSeconds },
      schema: appTokenResponse,
    })
  }

  listPats(params: PatListParams, o?: RequestOptions) {
    return this.requestJson('GET', '/auth/pats', {
      ...IDENTITY,
      ...o,
      query: params,
      schema: patListResponse,
    })
  }

  getPat(patId: string, o?: RequestOptions) {
    return this.requestJson('GET', `/auth/pats/${segment(patId)}`, {
      ...IDENTITY,
      ...o,
      schema: patRecord,
    })
  }

  createPat(body: CreatePatBody, o?: RequestOptions) {
    return this.requestJson('POST', '/auth/pats', {
      ...IDENTITY,
      ...o,
      // A repeat after a lost answer would leave a second live token behind.
      nonIdempotent: true,
      json: body,
      schema: patCreationResponse,
    })
  }

  /** DELETE /auth/pats/{id}: 204; revoking twice is harmless. */
  revokePat(patId: string, o?: RequestOptions) {
    return this.requestEmpty('DELETE', `/auth/pats/${segment(patId)}`, { ...IDENTITY, ...o })
  }

  rotatePat(patId: string, o?: RequestOptions) {
    return this.requestJson('POST', `/auth/pats/${segment(patId)}/rotate`, {
      ...IDENTITY,
      ...o,
      nonIdempotent: true,
      schema: patCreationResponse,
    })
  }
}
