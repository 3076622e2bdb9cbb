import type { Scope } from './scopes'

/**
 * Which scopes each endpoint needs and whether anonymous callers are turned away first (the
 * real server's `get_current_user(scopes, allow_anonymous=...)`), from nomad-pat-facts §1.1,
 * §3.2 and §3.4. Every route module applies its row through `guard()` / `enforce()` (guards.ts)
 * so the sandbox answers 401 "Authentication required." and 403 "Missing scopes: [...]" exactly
 * where the real server does. Rows marked "presumably" extrapolate from a sibling endpoint.
 */
export interface EndpointAuth {
  readonly scopes: readonly Scope[]
  /** allow_anonymous=False: an anonymous caller gets 401 before any scope check. */
  readonly login: boolean
  /** An upload token (`Upload-Token` header / `token` query) is accepted too. */
  readonly uploadToken?: boolean
}

const open = (...scopes: Scope[]): EndpointAuth => ({ scopes, login: false })
const login = (...scopes: Scope[]): EndpointAuth => ({ scopes, login: true })
const loginOrUploadToken = (...scopes: Scope[]): EndpointAuth => ({
  scopes,
  login: true,
  uploadToken: true,
})

export const ENDPOINT_SCOPES = {
  // Token endpoints (auth router).
  'POST /auth/token': open(),
  'GET /auth/token': open(),
  'GET /auth/app_token': login('tokens:create'),
  'GET /auth/signature_token': login('tokens:create'),
  'POST /auth/pats': login('tokens:create'),
  'GET /auth/pats': login('tokens:read'),
  'GET /auth/pats/{pat_id}': login('tokens:read'),
  'DELETE /auth/pats/{pat_id}': login('tokens:delete'),
  'POST /auth/pats/{pat_id}/rotate': login('tokens:create', 'tokens:delete'),

  // Entries: POST /entries/query is confirmed, the other reads presumably alike.
  'POST /entries/query': open('entries:read'),
  'GET /entries': open('entries:read'),
  'GET /entries/{entry_id}': open('entries:read'),
  'POST /entries/archive/query': open('entries:read'),
  'GET /entries/{entry_id}/archive': open('entries:read'),
  'GET /entries/{entry_id}/raw': open('entries:read'),
  'GET /entries/rawdir': open('entries:read'),
  'POST /entries/{entry_id}/edit': open('entries:write'),

  // Uploads.
  'GET /uploads': login('uploads:read'),
  'GET /uploads/command-examples': login('uploads:read'),
  'GET /uploads/{upload_id}': open('uploads:read'),
  'GET /uploads/{upload_id}/entries': open('uploads:read'),
  'GET /uploads/{upload_id}/rawdir/{path}': open('uploads:read'),
  'GET /uploads/{upload_id}/raw/{path}': open('uploads:read'),
  'POST /uploads': loginOrUploadToken('uploads:write'),
  'PUT /uploads/{upload_id}/raw/{path}': loginOrUploadToken('uploads:write'),
  'DELETE /uploads/{upload_id}/raw/{path}': login('uploads:write'),
  'DELETE /uploads/{upload_id}': login('uploads:write'),
  'POST /uploads/{upload_id}/edit': login('uploads:write'),
  'POST /uploads/{upload_id}/action/publish': login('uploads:publish'),
  'POST /uploads/{upload_id}/action/lift-embargo': login('uploads:publish'),
  'POST /uploads/{upload_id}/action/process': login('uploads:process'),
  'POST /uploads/bundle': loginOrUploadToken('uploads:import'),
  'GET /uploads/notifications': login('uploads:read'),
  'GET /uploads/transfers': login('uploads:read'),

  // Groups.
  'GET /groups': open('groups:read'),
  'GET /groups/{group_id}': open('groups:read'),
  'POST /groups': login('groups:write'),
  'POST /groups/{group_id}/edit': login('groups:write'),
  'DELETE /groups/{group_id}': login('groups:delete'),

  // Datasets.
  'GET /datasets/': open('datasets:read'),
  'GET /datasets/{dataset_id}': open('datasets:read'),
  'POST /datasets/': login('datasets:write'),
  'DELETE /datasets/{dataset_id}': login('datasets:delete'),

  // Users: public directory reads; /users/me only needs someone logged in (no scope, so any
  // valid PAT can ask whose it is).
  'GET /users': open(),
  'GET /users/{user_id}': open(),
  'GET /users/me': login(),
} as const satisfies Record<string, EndpointAuth>

export type EndpointKey = keyof typeof ENDPOINT_SCOPES
