import { AppError } from '../../../shared/errors'
import { formatBytes, statfsFreeSpace, type FreeSpaceProbe } from '../downloads/destination'

/**
 * A pin or sync checks the disk before each page it stores, with the download manager's probe
 * (statfs): below MIN_FREE_BYTES it pauses with a message saying what is free and where, after
 * its last complete page, instead of running into a full disk. A write that still fails with
 * ENOSPC pauses the same way (the transaction is rolled back whole).
 */

/** Below this the library stops storing (a page of 1000 entries with summaries is ~10 MB). */
export const MIN_FREE_BYTES = 64 * 1024 * 1024

export interface DiskGuard {
  /** The folder whose disk holds the library (the app's data folder). */
  folder: string
  freeSpace?: FreeSpaceProbe
  minFreeBytes?: number
}

export class LowDiskError extends AppError {
  constructor(message: string) {
    super('unavailable', message)
  }
}

/** Throws LowDiskError when the library's disk is (nearly) full. */
export async function checkDisk(guard: DiskGuard | undefined): Promise<void> {
  if (guard === undefined) return
  const free = await (guard.freeSpace ?? statfsFreeSpace)(guard.folder)
  const min = guard.minFreeBytes ?? MIN_FREE_BYTES
  if (free === null || free >= min) return
  throw new LowDiskError(
    `Only ${formatBytes(free)} is free on the disk of ${guard.folder}; the offline library needs at least ${formatBytes(min)}. It paused after the last complete page: free space and resume it.`,
  )
}

/** The pause message for a failed write, or undefined when the error is not about disk space. */
export function diskFullMessage(error: unknown): string | undefined {
  if (error instanceof LowDiskError) return error.message
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return 'The disk is full; the offline library paused after the last complete page. Free space and resume it.'
  return undefined
}
