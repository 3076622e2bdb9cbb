import type { FreeSpaceProbe } from './destination'
import type { UnitLimits } from './units'

/** What a host or a test may tune in the download manager; core supplies the rest. */
export interface DownloadTunables {
  /** Free bytes of the disk holding a folder (statfs by default; tests pass their own). */
  freeSpace?: FreeSpaceProbe
  /** Below this many free bytes a job pauses as 'low-disk' (default 256 MiB). */
  minFreeBytes?: number
  /** Units in flight at once over all jobs (default 6); the scheduler paces them further. */
  concurrency?: number
  /** How often a low-disk job looks at the disk again, and a running one checks it (ms). */
  diskCheckMs?: number
  unitLimits?: UnitLimits
  /**
   * Attempts of a unit and the first backoff (default 6 and 500 ms): tests that prove a failed
   * item shorten them instead of waiting ~15 s of backoff.
   */
  retry?: UnitRetry
  /**
   * Files from this size on are fetched over a connection of their own that reads into reused
   * memory (network/direct-transport.ts); smaller ones share undici's warm connections.
   * Default OWN_CONNECTION_BYTES; tests lower it to prove the path with small files.
   */
  ownConnectionBytes?: number
}

/** 32 MiB: where a file's transfer, not a connection's setup, is what costs. */
export const OWN_CONNECTION_BYTES = 32 * 1024 * 1024

/** What the desktop app adds: the taskbar/dock progress and notifications at a job's end. */
export interface DownloadDesktop {
  setProgress?(fraction: number | null): void
  notify?(notification: { title: string; body: string }): void
}

/** How often a unit is tried before its items fail, and the first wait between attempts. */
export interface UnitRetry {
  attempts: number
  firstDelayMs: number
}

/** Six attempts, waiting 0.5 s, 1 s, 2 s, 4 s, 8 s between them (a 502 spell of ~15 s passes). */
export const DEFAULT_UNIT_RETRY: UnitRetry = { attempts: 6, firstDelayMs: 500 }
