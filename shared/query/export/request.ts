/**
 * What the "copy as" generators describe: one POST /entries/query (or an ArchiveQuery over the
 * same query). Tokens are never part of it: a generator writes a placeholder that reads the
 * token from the environment, and only when the request needs one.
 */
import type { JsonObject, JsonValue } from '../../api/json'

export interface ExportRequest {
  /** The API base, e.g. https://nomad-lab.eu/prod/v1/api/v1 (no trailing slash needed). */
  baseUrl: string
  owner: string
  query: JsonObject
  pagination?: JsonObject
  required?: JsonObject
  /** Write the Authorization placeholder (the owner needs sign-in, or you are signed in). */
  auth: boolean
  /** The endpoint; '/entries/query' unless given ('/entries/archive/query' for archives). */
  path?: string
}

/** Owners the server refuses without sign-in (nomad-api-facts §2.1). */
export const OWNERS_NEEDING_AUTH: readonly string[] = ['shared', 'user', 'staging', 'admin']

export function ownerNeedsAuth(owner: string): boolean {
  return OWNERS_NEEDING_AUTH.includes(owner)
}

/** The environment variable every snippet reads the token from. */
export const TOKEN_VARIABLE = 'NOMAD_TOKEN'

export function endpointUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`
}

/** The JSON body of POST /entries/query, keys in the order the API documents them. */
export function requestBody(request: ExportRequest): JsonObject {
  const body: Record<string, JsonValue> = { owner: request.owner, query: request.query }
  if (request.pagination) body.pagination = request.pagination
  if (request.required) body.required = request.required
  return body
}
