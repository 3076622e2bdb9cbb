import { truncate } from 'node:fs/promises'
import { sizeOf } from './finalize'

/**
 * Where a .part file resumes: the journal's offset was recorded after an fsync, so the disk has
 * at least that much — unless the file was cut or lost since, when only its size counts. Bytes
 * beyond the journal's offset were never vouched for (a crash between write and record) and are
 * cut off, so a resumed file never carries unverified bytes. Returns the offset to resume at.
 */
export async function recoverPart(part: string, journalOffset: number): Promise<number> {
  const size = await sizeOf(part)
  if (size === null) return 0
  const offset = Math.min(journalOffset, size)
  if (size !== offset) await truncate(part, offset)
  return offset
}
