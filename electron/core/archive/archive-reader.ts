/**
 * Reads an entry's archive for the tree viewer in pieces, through POST
 * /entries/{id}/archive/query with a `required` spec on the interactive lane:
 * - the top level asks for every known top-level section with an empty spec (`{"run": {}}`),
 *   which the reader answers with the section's presence and its list length but no content;
 * - a section, list item or value is asked for by path (`{"run[0:1]": {"system": "*"}}`) and
 *   shortened by archive-prune before it goes to the window.
 */
import type { JsonObject, JsonValue } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import {
  isFetchablePath,
  jsonPathOf,
  type ArchiveAnswer,
  type ArchivePath,
} from '../../../shared/ipc/channels/archive'
import type { ApiRegistry } from '../api/client-registry'
import { remember, whenUnreachable, type OfflineSource } from '../search/offline-fallback'
import { measureArchive } from './archive-preview'
import { JsonSizer, pruneArchiveValue } from './archive-prune'
import { sectionsAnswer, TOP_LEVEL_SECTIONS } from './archive-sections'
import { pinnedArchivePart } from './pinned-archive'

export { TOP_LEVEL_SECTIONS }

/** "Copy value" refuses more than this: the clipboard is no place for an archive. */
export const COPY_LIMIT_CHARS = 16 * 1024 * 1024

const NO_PROPERTY = /has no property ([\s\w-]+)/

type Spec = string | { [key: string]: Spec }

/**
 * `["run", 0, "system", 1]` → `{"run[0:1]": {"system[1:2]": leaf}}`. Slices rather than
 * indices: the reader clamps an index (`calculation[9999]` is the last one) but answers a
 * slice past the end with an empty list, so a stale path is reported instead of misread.
 */
export function requiredFor(path: ArchivePath, leaf: Spec): Spec {
  let spec = leaf
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i]
    if (typeof segment === 'number') continue
    const index = path[i + 1]
    const key = typeof index === 'number' ? `${segment}[${index}:${index + 1}]` : String(segment)
    spec = { [key]: spec }
  }
  return spec
}

/** Walks an answer to the asked place: an indexed key comes back as a one-item list. */
function valueAt(archive: JsonObject, path: ArchivePath): JsonValue | undefined {
  let node: JsonValue | undefined = archive
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]
    if (typeof segment !== 'string') continue
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined
    node = node[segment]
    if (typeof path[i + 1] === 'number') node = Array.isArray(node) ? node[0] : undefined
  }
  return node
}

/** Where the cache keeps the answer for a place in an entry's archive. */
export const archivePart = (path: ArchivePath) => `archive ${JSON.stringify(path)}`

/**
 * The archive reader. `offline`, when given, answers while the server cannot be reached: a
 * part seen before from the recently viewed cache, else from the entry's pinned archive summary
 * (pinned-archive.ts); each such answer carries a note saying which.
 */
export function createArchiveReader(api: ApiRegistry, offline?: OfflineSource) {
  async function fetch(
    serverId: string,
    entryId: string,
    required: JsonValue,
    signal: AbortSignal,
  ): Promise<JsonObject> {
    const client = await api.clientFor(serverId)
    const answer = await client.archive.get(entryId, required, {
      lane: 'interactive',
      signal,
      label: `the archive of entry ${entryId}`,
    })
    return answer.data.archive
  }

  /** Top-level sections: placeholders the viewer expands, lists with their lengths. */
  async function topLevel(serverId: string, entryId: string, signal: AbortSignal) {
    let names = [...TOP_LEVEL_SECTIONS]
    let archive: JsonObject | undefined
    while (archive === undefined) {
      try {
        archive = await fetch(
          serverId,
          entryId,
          Object.fromEntries(names.map((n) => [n, {}])),
          signal,
        )
      } catch (error) {
        const missing = error instanceof AppError ? NO_PROPERTY.exec(error.message)?.[1] : undefined
        if (missing === undefined || !names.includes(missing)) throw error
        names = names.filter((name) => name !== missing)
      }
    }
    return sectionsAnswer(archive, names)
  }

  async function whole(serverId: string, entryId: string, path: ArchivePath, signal: AbortSignal) {
    if (!isFetchablePath(path))
      throw new AppError('invalid_input', `${jsonPathOf(path)} cannot be requested on its own.`)
    const archive = await fetch(serverId, entryId, requiredFor(path, '*'), signal)
    const value = valueAt(archive, path)
    if (value === undefined)
      throw new AppError(
        'not_found',
        `The archive of entry ${entryId} has nothing at ${jsonPathOf(path)}. It may have been reprocessed; reopen the archive.`,
      )
    return value
  }

  return {
    /** The top level (path []) or the value at a path, shortened for the window. */
    read(
      serverId: string,
      entryId: string,
      path: ArchivePath,
      signal: AbortSignal,
    ): Promise<ArchiveAnswer> {
      const part = archivePart(path)
      return whenUnreachable(
        offline,
        async () => {
          const answer: ArchiveAnswer =
            path.length === 0
              ? await topLevel(serverId, entryId, signal)
              : { path, ...pruneArchiveValue(await whole(serverId, entryId, path, signal), path) }
          remember(offline, serverId, entryId, part, answer)
          return answer
        },
        (kept) => {
          const cached = kept.cached?.(serverId, entryId, part)
          if (cached !== undefined)
            return {
              ...(cached.value as ArchiveAnswer),
              offline: { source: 'cached', at: cached.at },
            }
          const pinned = kept.archive?.(serverId, entryId)
          if (pinned === undefined) return undefined
          return {
            ...pinnedArchivePart(pinned.archive as JsonObject, path, entryId),
            offline: { source: 'pinned', at: pinned.at },
          }
        },
      )
    },

    /** The answer to the builder's `required` for one entry, measured (the size preview). */
    async preview(serverId: string, entryId: string, required: JsonValue, signal: AbortSignal) {
      return measureArchive(await fetch(serverId, entryId, required, signal))
    },

    /** The whole value at a path as indented JSON, for "copy value". */
    async json(serverId: string, entryId: string, path: ArchivePath, signal: AbortSignal) {
      const value =
        path.length === 0
          ? await fetch(serverId, entryId, '*', signal)
          : await whole(serverId, entryId, path, signal)
      const size = new JsonSizer().size(value)
      if (size > COPY_LIMIT_CHARS)
        throw new AppError(
          'limit_exceeded',
          `${jsonPathOf(path)} is ${(size / 1024 / 1024).toFixed(0)} MB of JSON, more than the 16 MB "Copy value" copies. Copy a smaller part, or download the archive.`,
        )
      return { text: JSON.stringify(value, null, 2) }
    },
  }
}
