/**
 * Whether a pin fits on the library's disk, from `offline.estimate`'s answer: the pin dialog
 * warns and refuses to start a pin that would leave less than the library's reserve free (the
 * same reserve at which a running pin pauses, electron/core/offline/disk-guard.ts), and says
 * how many entries would fit so the user can lower "Keep at most".
 */

export interface PinSpaceInput {
  /** Entries the pin will keep and the bytes they take (the estimate). */
  entries: number
  bytes: number
  /** Free bytes on the library's disk; null when it cannot be measured. */
  freeBytes: number | null
  /** What the library keeps free: below it a pin pauses. */
  reserveBytes: number
}

/** Below this much left after the pin, the dialog warns (the pin can still start). */
export const TIGHT_AFTER_BYTES = 1024 * 1024 * 1024

export type PinSpace =
  | { state: 'unknown' }
  | { state: 'fits'; leftBytes: number }
  /** Fits, but leaves less than TIGHT_AFTER_BYTES free. */
  | { state: 'tight'; leftBytes: number }
  /** Would leave less than the reserve: Start is disabled; `fitEntries` would fit (maybe 0). */
  | { state: 'too-big'; fitEntries: number }

export function pinSpace(input: PinSpaceInput): PinSpace {
  const { entries, bytes, freeBytes, reserveBytes } = input
  if (freeBytes === null) return { state: 'unknown' }
  const leftBytes = freeBytes - bytes
  if (leftBytes >= reserveBytes)
    return leftBytes < TIGHT_AFTER_BYTES
      ? { state: 'tight', leftBytes }
      : { state: 'fits', leftBytes }
  const perEntry = entries > 0 ? bytes / entries : 0
  const room = Math.max(0, freeBytes - reserveBytes)
  return { state: 'too-big', fitEntries: perEntry > 0 ? Math.floor(room / perEntry) : 0 }
}
