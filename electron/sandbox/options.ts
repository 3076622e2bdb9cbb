import type { SandboxLimits } from './context'
import type { FixtureOptions } from './data/fixture-uploads'

/** Public option and statistics types of the sandbox (re-exported by index.ts). */

export interface FaultOptions {
  /** Fixed delay before a request is handled, ms. */
  latencyMs: number
  /** Extra uniformly random delay up to this many ms. */
  latencyJitterMs: number
  /** Share of requests answered by the "proxy" with 502 Bad Gateway (HTML). */
  error502Rate: number
  /** Share of requests answered with 504 Gateway Time-out (HTML). */
  error504Rate: number
  /** Share of responses whose connection is reset after `resetAfterBytes` body bytes. */
  resetRate: number
  resetAfterBytes: number
  /** Share of responses that stop sending for `stallMs` after `stallAfterBytes` body bytes. */
  stallRate: number
  stallMs: number
  stallAfterBytes: number
  /**
   * Share of responses that, after `trickleAfterBytes` body bytes, send the rest
   * `trickleBytes` at a time every `trickleIntervalMs`: slow yet never silent for long.
   */
  trickleRate: number
  trickleAfterBytes: number
  trickleBytes: number
  trickleIntervalMs: number
  /** Share of JSON responses cut short (a complete HTTP message whose JSON does not parse). */
  truncateJsonRate: number
  /** Share of JSON responses with a corrupted byte (invalid JSON). */
  malformedJsonRate: number
  /** Share of zip responses that end cleanly where the central directory would begin. */
  truncateZipRate: number
  /** Share of zip responses whose first file has a flipped byte (CRC mismatch). */
  corruptZipRate: number
  /** Regular expression on the path after the base path; only matching requests get faults. */
  pathPattern: string | null
  /** Seed of the fault dice, so a failing test run can be replayed. */
  seed: number
}

export const DEFAULT_FAULTS: FaultOptions = {
  latencyMs: 0,
  latencyJitterMs: 0,
  error502Rate: 0,
  error504Rate: 0,
  resetRate: 0,
  resetAfterBytes: 1024,
  stallRate: 0,
  stallMs: 5_000,
  stallAfterBytes: 1024,
  trickleRate: 0,
  trickleAfterBytes: 1024,
  trickleBytes: 64,
  trickleIntervalMs: 500,
  truncateJsonRate: 0,
  malformedJsonRate: 0,
  truncateZipRate: 0,
  corruptZipRate: 0,
  pathPattern: null,
  seed: 1,
}

export const DEFAULT_LIMITS: SandboxLimits = {
  maxPageSize: 1000,
  maxArchivePageSize: 100,
  rate: 30,
  burst: 0,
  concurrency: 10,
  retryAfter: false,
  appTokenMaxExpiresIn: 2_592_000,
  patMaxLifetimeDays: 365,
  patMaxActive: 50,
  accessTokenLifetimeSeconds: 300,
  maxEntryDownload: 50_000,
  processingMs: 2_500,
}

export interface SandboxOptions {
  host?: string
  /** 0 picks a free port. */
  port?: number
  basePath?: string
  entries?: number
  uploads?: number
  seed?: number
  dataDir?: string
  limits?: Partial<SandboxLimits>
  faults?: Partial<FaultOptions>
  /** Size of the large binary raw files (default 64 MiB). */
  largeFileBytes?: number
  /**
   * Download-test fixtures, off by default: the hostile-names upload and a big file of any
   * size generated on the fly (data/fixture-uploads.ts).
   */
  fixtures?: FixtureOptions
  /**
   * Serve the data's second revision (data/revision.ts): one upload published, one withdrawn,
   * every fifth entry's comment revised. Restart a sandbox with it to test syncing offline copies.
   */
  revised?: boolean
  /** No start-up banner or warnings on stdout/stderr. */
  quiet?: boolean
  now?: () => number
}

export interface SecondStats {
  /** Seconds since the stats were (re)set. */
  second: number
  requests: number
  /** 2xx and 3xx. */
  ok: number
  rejectedRate: number
  rejectedConcurrency: number
  /** Other 4xx/5xx, including injected faults. */
  errors: number
}

export interface SandboxStats {
  since: number
  requests: number
  byStatus: Record<string, number>
  rejected: { rate: number; concurrency: number }
  faults: Record<
    | 'latency'
    | 'error502'
    | 'error504'
    | 'reset'
    | 'stall'
    | 'trickle'
    | 'truncate'
    | 'malformed'
    | 'truncateZip'
    | 'corruptZip',
    number
  >
  /** Responses whose connection closed before the body was complete. */
  aborted: number
  inFlight: number
  maxInFlight: number
  perSecond: SecondStats[]
}

export const DEFAULT_ENTRIES = 2000
export const DEFAULT_SEED = 1
export const DEFAULT_LARGE_FILE_BYTES = 64 * 1024 * 1024
