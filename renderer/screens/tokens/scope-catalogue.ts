import type { SCOPE_GROUPS } from '../../../shared/ipc/channels/tokens'

/** Plain-language hints for the server's scope names (nomad-pat-facts §3.3, §3.4). */
export const SCOPE_HINTS: Record<string, string> = {
  'uploads:read': 'see your uploads and their files, including unpublished ones',
  'uploads:write': 'create uploads, add or delete files, edit metadata and members',
  'uploads:publish': 'publish uploads (this cannot be undone)',
  'uploads:process': 'start processing of uploads',
  'uploads:assign_doi': 'request DOIs for uploads',
  'uploads:export': 'export uploads as bundles',
  'uploads:import': 'import upload bundles',
  'entries:read': 'search and read entries and their archives (what you may see)',
  'entries:write': 'edit entry metadata',
  'datasets:read': 'list and read datasets',
  'datasets:write': 'create datasets and add entries to them',
  'datasets:delete': 'delete datasets',
  'datasets:assign_doi': 'request DOIs for datasets',
  'groups:read': 'see user groups and their members',
  'groups:write': 'create groups and change their name or members',
  'groups:delete': 'delete groups you own',
  'users:read': 'look up other users',
  'users:invite': 'invite new users',
  'actions:read': 'see workflow actions',
  'actions:run': 'start workflow actions',
  'north:read': 'see NORTH tools and their status',
  'north:run': 'start and stop NORTH tools (remote Jupyter etc.)',
  'apps:read': 'read app definitions',
  'graph:read': 'query the graph API',
  'info:read': 'read server information',
  'materials:read': 'search materials',
  'metainfo:read': 'read the metainfo schema',
  'schemas:read': 'read custom schemas',
  'suggestions:read': 'get search suggestions',
  'systems:read': 'read system topology',
  'external_optimade:read': 'use the OPTIMADE API',
  'external_dcat:read': 'use the DCAT API',
  'external_h5grove:read': 'read HDF5 files through h5grove',
  'federation:write': 'write through federation (newest servers only)',
  'tokens:create': 'create tokens',
  'tokens:read': 'list tokens',
  'tokens:delete': 'revoke tokens',
}

export const RESOURCE_LABELS: Record<keyof typeof SCOPE_GROUPS, string> = {
  uploads: 'Uploads',
  entries: 'Entries',
  datasets: 'Datasets',
  groups: 'Groups',
  users: 'Users',
  actions: 'Actions',
  north: 'NORTH tools',
  apps: 'Apps',
  graph: 'Graph',
  info: 'Server info',
  materials: 'Materials',
  metainfo: 'Metainfo',
  schemas: 'Schemas',
  suggestions: 'Suggestions',
  systems: 'Systems',
  external_optimade: 'OPTIMADE',
  external_dcat: 'DCAT',
  external_h5grove: 'h5grove',
  federation: 'Federation',
  tokens: 'Tokens',
}

/** Shown first and open; the rest sit under "More scopes". */
export const COMMON_RESOURCES = ['uploads', 'entries', 'datasets', 'groups'] as const

/**
 * Preselected in the create dialog: what NOMAD Desktop itself reads with a stored token
 * (search, uploads and downloads, groups). Read-only, so a leaked token cannot change data.
 */
export const APP_SCOPES = ['entries:read', 'uploads:read', 'groups:read'] as const

export const TOKENS_SCOPE_REASON =
  'Servers never give tokens:* to a personal access token: managing tokens always needs your sign-in.'

export const hintFor = (scope: string) => SCOPE_HINTS[scope] ?? 'a scope this app does not know'
