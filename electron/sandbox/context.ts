import type { SandboxStateApi } from './state/types'

/** Limits the sandbox enforces; all live-adjustable through Sandbox.setLimits(). */
export interface SandboxLimits {
  /** Largest page_size for metadata endpoints (422 above, naming the limit). */
  maxPageSize: number
  /** Largest page_size for archive queries. */
  maxArchivePageSize: number
  /** Requests per second per client IP; null disables the rate limit. */
  rate: number | null
  /** Extra requests allowed at once (leaky bucket burst, nginx `burst=N nodelay`); 0 = strict. */
  burst: number
  /** Requests in progress per client IP; null disables the concurrency limit. */
  concurrency: number | null
  /** Send Retry-After on 503s (the real proxy never does). */
  retryAfter: boolean
  /** GET /auth/app_token maximum expires_in, seconds. */
  appTokenMaxExpiresIn: number
  /** PAT maximum lifetime in days; null allows non-expiring tokens. */
  patMaxLifetimeDays: number | null
  /** Maximum active PATs per user. */
  patMaxActive: number
  /** Lifetime of access tokens from POST /auth/token, seconds. */
  accessTokenLifetimeSeconds: number
  /** Entries per raw/archive zip download (400 above). */
  maxEntryDownload: number
  /** How long an upload action's process (publish, reprocess, …) reports itself running. */
  processingMs: number
}

/** What every route module receives besides the fastify instance. */
export interface SandboxContext {
  state: SandboxStateApi
  /** The current limits object; read it per request, it may change at run time. */
  limits(): SandboxLimits
  /** Milliseconds since the epoch; injectable so tests can move time. */
  now(): number
  /** Secret for signing access and app tokens (random per start unless persisted). */
  tokenSecret: Buffer
}
