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
