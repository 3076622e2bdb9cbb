/**
 * The real server's scope names (nomad/auth/scopes.py, newest generation: 37 names incl.
 * `federation:write`). Access tokens carry all of them, app/signature tokens all but `tokens:*`,
 * PATs their own list, anonymous callers every `*:read` scope (`auth.unauthenticated_user_scopes`).
 */
export const ALL_SCOPES = [
  'actions:read',
  'actions:run',
  'apps:read',
  'tokens:create',
  'tokens:read',
  'tokens:delete',
  'datasets:read',
  'datasets:write',
  'datasets:delete',
  'datasets:assign_doi',
  'entries:read',
  'entries:write',
  'federation:write',
  'graph:read',
  'groups:read',
  'groups:write',
  'groups:delete',
  'info:read',
  'materials:read',
  'metainfo:read',
  'north:read',
  'north:run',
  'schemas:read',
  'suggestions:read',
  'systems:read',
  'uploads:read',
  'uploads:write',
  'uploads:publish',
  'uploads:process',
  'uploads:assign_doi',
  'uploads:export',
  'uploads:import',
  'users:read',
  'users:invite',
  'external_optimade:read',
  'external_dcat:read',
  'external_h5grove:read',
] as const

export type Scope = (typeof ALL_SCOPES)[number]

const known: ReadonlySet<string> = new Set(ALL_SCOPES)

export function isScope(name: string): name is Scope {
  return known.has(name)
}

/** Token management scopes: never grantable to a PAT, absent from app/signature tokens. */
export const TOKEN_SCOPES: readonly Scope[] = ['tokens:create', 'tokens:read', 'tokens:delete']

/** Names of older releases; existing tokens keep working, new PATs may not use them. */
export const LEGACY_SCOPE_ALIASES: Readonly<Record<string, Scope>> = {
  'uploads_bundle:read': 'uploads:export',
  'uploads_bundle:write': 'uploads:import',
}

export const ACCESS_TOKEN_SCOPES: ReadonlySet<string> = new Set(ALL_SCOPES)

export const SIMPLE_TOKEN_SCOPES: ReadonlySet<string> = new Set(
  ALL_SCOPES.filter((scope) => !TOKEN_SCOPES.includes(scope)),
)

/** The default `*:read` expanded; note it includes `tokens:read` (PAT routes still need login). */
export const ANONYMOUS_SCOPES: ReadonlySet<string> = new Set(
  ALL_SCOPES.filter((scope) => scope.endsWith(':read')),
)

/** A stored PAT scope list as the server checks it: legacy aliases mapped to current names. */
export function effectivePatScopes(stored: readonly string[]): ReadonlySet<string> {
  return new Set(stored.map((scope) => LEGACY_SCOPE_ALIASES[scope] ?? scope))
}
