import type { NomadClient, RequestOptions } from '../api/nomad-client'

/**
 * Harmless reads that prove a token holds a scope: each endpoint requires that scope (and the
 * first needs login), so a valid token without it gets 403 "Missing scopes". Write scopes have
 * no such request — proving them would change data — so they are reported as not checked.
 */
export interface ScopeProbe {
  /** How the report names the request. */
  request: string
  run(client: NomadClient, options: RequestOptions): Promise<unknown>
}

export const SCOPE_PROBES: Readonly<Record<string, ScopeProbe>> = {
  'uploads:read': {
    request: 'GET /uploads',
    run: (client, o) => client.uploads.list({ page_size: 1 }, o),
  },
  'entries:read': {
    request: 'POST /entries/query',
    run: (client, o) =>
      client.entries.query(
        { pagination: { page_size: 1 }, required: { include: ['entry_id'] } },
        o,
      ),
  },
  'datasets:read': {
    request: 'GET /datasets/',
    run: (client, o) => client.datasets.list({ page_size: 1 }, o),
  },
  'groups:read': {
    request: 'GET /groups',
    run: (client, o) => client.groups.list(undefined, o),
  },
}
