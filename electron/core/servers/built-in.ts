import type { ServerProfile } from '../../../shared/ipc/models/server-profile'

/** Id of the public NOMAD profile: the default active server and the fallback after a removal. */
export const PUBLIC_SERVER_ID = 'nomad-public'

/**
 * Profiles that ship with the app. They come from code, not from the settings file, so a URL
 * change in a new release reaches every user. They can be selected but not edited or removed.
 * The "Local sandbox" profile (local-sandbox.ts) joins them when the host can start one.
 */
export const BUILT_IN_SERVERS: readonly ServerProfile[] = [
  {
    id: PUBLIC_SERVER_ID,
    name: 'NOMAD (public)',
    baseUrl: 'https://nomad-lab.eu/prod/v1/api/v1',
    note: 'The central NOMAD repository. Published data can be searched and downloaded without signing in.',
    kind: 'remote',
    builtIn: true,
  },
]
