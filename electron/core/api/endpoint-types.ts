import type { JsonObject, JsonValue, Owner, PaginationRequest } from '../../../shared/api'
import type { QueryParams } from './request-url'

/**
 * Request shapes of the typed endpoint methods, in the server's own spelling (snake_case) so a
 * reader can hold them next to nomad-api-facts.md. Answers are the shared/api schemas.
 */

/** POST /entries/query */
export interface EntriesQueryBody {
  owner?: Owner
  query?: JsonValue
  pagination?: PaginationRequest
  required?: { include?: string[]; exclude?: string[] }
  aggregations?: JsonObject
}

/** POST /entries/archive/query; `required` is the archive requirement ("*" or a tree). */
export interface ArchiveQueryBody {
  owner?: Owner
  query?: JsonValue
  pagination?: PaginationRequest
  required?: JsonValue
}

/** POST /suggestions: `{"input": "Si", "quantities": [{"name": "…formula_hill", "size": 5}]}` */
export interface SuggestionsBody {
  input: string
  quantities: { name: string; size?: number }[]
}

/** POST /groups and POST /groups/{id}/edit (members replace the whole list). */
export interface GroupBody {
  group_name?: string
  members?: string[]
}

/** GET /users: exactly one of prefix or user_id. */
export interface UsersParams extends QueryParams {
  prefix?: string
  user_id?: string | readonly string[]
}

/** GET /groups: at most one filter. */
export interface GroupsParams extends QueryParams {
  group_id?: readonly string[]
  user_id?: string
  search_terms?: string
}

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

/**
 * Which files of each entry folder go into a raw zip (the server's `Files` model).
 * `include_files` (file names) overrides `re_pattern` (regex on the full path), which overrides
 * `glob_pattern` (fnmatch on the path's end). `compress` deflates; the default stores.
 */
export interface RawFilesFilter {
  compress?: boolean
  glob_pattern?: string
  re_pattern?: string
  include_files?: string[]
}

/** POST /entries/raw/query and POST /entries/rawdir/query (`files` only for raw). */
export interface EntriesRawBody {
  owner?: Owner
  query?: JsonValue
  pagination?: PaginationRequest
  files?: RawFilesFilter
}

/**
 * GET /entries/raw and GET /entries/rawdir: owner, pagination and searchable quantities as
 * parameters (repeat a quantity for several values, `quantity__op` for ranges), plus the
 * filter fields of RawFilesFilter for the zip.
 */
export interface EntriesRawParams extends QueryParams {
  owner?: Owner
  json_query?: string
  compress?: boolean
  glob_pattern?: string
  re_pattern?: string
  include_files?: readonly string[]
}

/**
 * A byte range of a file: `offset` (default 0) and `length` (default: to the end).
 * `decompress` unpacks .gz/.xz files on the server before the range is cut.
 */
export interface FileRange {
  offset?: number
  length?: number
  decompress?: boolean
}

/** GET /uploads/{id}/raw/{path} for a file; `ignore_mime_type` forces octet-stream. */
export interface UploadFileRange extends FileRange {
  ignore_mime_type?: boolean
}

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
