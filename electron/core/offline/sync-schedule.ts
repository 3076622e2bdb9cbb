import type { PinRecord } from './library-records'

/**
 * Scheduled syncs: every `checkMs` the schedule looks at the pins and starts a sync of each
 * complete pin last synced longer ago than the user's interval (`syncEveryHours`, 0 = never).
 * The syncs queue behind any running pin and go through the background lane like pins do.
 */

export interface SyncScheduleDeps {
  /** Hours between syncs (0: syncs only by hand). */
  everyHours: () => number
  pins: () => PinRecord[]
  startSync: (pinId: string) => Promise<unknown>
  now: () => number
  onError: (error: unknown) => void
  checkMs?: number
}

const HOUR_MS = 3_600_000

/** The pins due for a scheduled sync now. */
export function dueForSync(pins: readonly PinRecord[], everyHours: number, now: number): string[] {
  if (everyHours <= 0) return []
  return pins
    .filter(
      (pin) =>
        pin.state === 'complete' &&
        pin.sync === undefined &&
        now - (pin.syncedAt ?? pin.createdAt) >= everyHours * HOUR_MS,
    )
    .map((pin) => pin.pinId)
}

/** Starts the schedule; returns its stop function. */
export function startSyncSchedule(deps: SyncScheduleDeps): () => void {
  const check = async () => {
    for (const pinId of dueForSync(deps.pins(), deps.everyHours(), deps.now()))
      await deps.startSync(pinId).catch(deps.onError)
  }
  const timer = setInterval(() => void check().catch(deps.onError), deps.checkMs ?? 60_000)
  timer.unref?.()
  void check().catch(deps.onError)
  return () => clearInterval(timer)
}
