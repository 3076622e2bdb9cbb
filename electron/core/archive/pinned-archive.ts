import type { JsonObject, JsonValue } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import {
  jsonPathOf,
  type ArchiveAnswer,
  type ArchivePath,
} from '../../../shared/ipc/channels/archive'
import { pruneArchiveValue } from './archive-prune'
import { sectionsAnswer, TOP_LEVEL_SECTIONS } from './archive-sections'

/**
 * Archive parts answered from an entry's pinned archive summary while the server cannot be
 * reached. The summary holds what a pin keeps (by default results, metadata and the last
 * calculation and system of the run), with every list at its real length and `null` in place of
 * each item it does not keep (electron/core/offline/list-lengths.ts), so paths and references
 * use the server's indices: `#/run/0/system/27` finds the pinned last system, and a place outside
 * the pinned part is named as such instead of misread.
 */

/** What a pinned summary keeps, in words. */
export const PINNED_PART_WORDS =
  'the pinned part of this archive (results, metadata, and the last calculation and system)'

/** The pinned summary's part at `path`, shaped like the server's answer to archive.read. */
export function pinnedArchivePart(
  archive: JsonObject,
  path: ArchivePath,
  entryId: string,
): ArchiveAnswer {
  if (path.length === 0) return sectionsAnswer(archive, TOP_LEVEL_SECTIONS)
  const value = pinnedValueAt(archive, path)
  if (value === undefined)
    throw new AppError(
      'network',
      `${jsonPathOf(path)} of entry ${entryId} is not in ${PINNED_PART_WORDS}; it can be opened once the server can be reached.`,
    )
  return { path, ...pruneArchiveValue(value, path) }
}

/** The value at a path with real list indices; undefined where the summary keeps nothing. */
export function pinnedValueAt(archive: JsonObject, path: ArchivePath): JsonValue | undefined {
  let node: JsonValue | undefined = archive
  for (const segment of path) {
    if (node === null || node === undefined || typeof node !== 'object') return undefined
    if (typeof segment === 'number') node = Array.isArray(node) ? node[segment] : undefined
    else node = Array.isArray(node) ? undefined : node[segment]
  }
  return node === null ? undefined : node
}
