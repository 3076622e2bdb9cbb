import type { NomadClient } from '../api/nomad-client'
import type { ItemRecord, JobRecord } from './job-record'
import type { UnitRetry } from './tunables'
import type { DownloadJournal } from './journal'

/** What a unit's transfer gets from the manager. */
export interface TransferContext {
  client: NomadClient
  job: JobRecord
  journal: DownloadJournal
  /** Aborted on pause, cancel and shutdown: the transfer stops where it is. */
  signal: AbortSignal
  /** Bytes received (for the rate). */
  onBytes(bytes: number): void
  /**
   * The unit's bytes received that no item's offset counts yet (a zip being fetched, a file's
   * bytes since its last checkpoint): shown as progress until recorded; 0 takes them back.
   */
  setLive(bytes: number): void
  /** An item's record changed (status, offset); the manager recounts and announces. */
  onItem(item: ItemRecord): void
  /** The server is refusing (503/429) until about `until`. */
  onThrottle(until: number): void
  /** Waits, or rejects with the abort reason when `signal` fires. */
  sleep(ms: number): Promise<void>
  /** Attempts of one unit before its items are reported failed, and the backoff between them. */
  retry: UnitRetry
  /** Files from this size on get a connection of their own (tunables.ts). */
  ownConnectionBytes: number
}
