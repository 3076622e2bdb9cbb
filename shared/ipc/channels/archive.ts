import { z } from 'zod'
import { boundedJsonObject, jsonValue } from '../../api/json'
import { PROTOTYPE_KEYS, QUERY_MAX_DEPTH } from '../../api/json-bounds'
import { keptNoteSchema } from './offline-mode'

/**
 * The archive viewer's channels ('archive.read', 'archive.json', 'archive.preview'), their wire shapes and the
 * path rules both sides share. An archive can be hundreds of megabytes, so
 * the viewer never asks for it whole: first the names of the top-level sections, then one
 * section (or list item) per expand, trimmed by core to a size the window can hold.
 */

/** Keys the server's `required` reader accepts (nomad query.py): letters, digits, _, -, space. */
const FETCHABLE_KEY = /^[\s\w-]+$/

/** A place in the archive: keys, and list indices after the key of a list. */
export const archivePathSchema = z
  .array(z.union([z.string().min(1).max(300), z.number().int().nonnegative()]))
  .max(64)
export type ArchivePath = z.infer<typeof archivePathSchema>

/**
 * True when a `required` spec can name the place: every key matches the reader's key syntax
 * and every index follows a key (`run[0]`). Anything inside value lists of lists, or under keys
 * such as `m_ref_archives` entries, can only arrive as part of its parent.
 */
export function isFetchablePath(path: readonly (string | number)[]): boolean {
  let previousIsKey = false
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!previousIsKey) return false
      previousIsKey = false
    } else {
      if (!FETCHABLE_KEY.test(segment)) return false
      previousIsKey = true
    }
  }
  return true
}

// Here too for the callers that read the channel's types and its path helpers together.
export { jsonPathOf } from '../../archive/json-path'

/**
 * Something core left out to keep an answer small:
 * - lazy: the value at `path` was not sent (null in its place); fetch `path` to get it;
 * - partial: the list at `path` has `length` items, only the first few were sent. The rest of a
 *   list of sections can be fetched item by item; a list of values comes whole with its path.
 */
export const archiveMarkSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('lazy'), path: archivePathSchema }),
  z.strictObject({
    kind: z.literal('partial'),
    path: archivePathSchema,
    length: z.number().int().nonnegative(),
    items: z.enum(['section', 'value']),
  }),
])
export type ArchiveMark = z.infer<typeof archiveMarkSchema>

export const archiveInputSchema = z.strictObject({
  serverId: z.string().min(1).max(100),
  entryId: z.string().min(1).max(200),
  /** [] for the top level (section names only), else the section or value to load. */
  path: archivePathSchema.refine(isFetchablePath, {
    error: 'This place in the archive cannot be requested on its own; load its parent instead.',
  }),
})

export const archiveAnswerSchema = z.strictObject({
  path: archivePathSchema,
  /** The value at `path`, with placeholders (null, [] or shortened lists) where marks say so. */
  value: jsonValue,
  marks: z.array(archiveMarkSchema),
  /**
   * Set when the part comes from this computer: the pinned archive summary (results, metadata,
   * the last calculation and system) or the recently viewed cache. Parts outside it say so.
   */
  offline: keptNoteSchema.optional(),
})
export type ArchiveAnswer = z.infer<typeof archiveAnswerSchema>

export const archiveJsonSchema = z.strictObject({
  /** The whole value at the path as indented JSON, for the clipboard. */
  text: z.string(),
})

export const archivePreviewInputSchema = z.strictObject({
  serverId: z.string().min(1).max(100),
  entryId: z.string().min(1).max(200),
  /** The builder's `required`: "*" or a tree (shared/archive/required.ts). */
  required: z.union([
    z.literal('*'),
    z.literal('include-resolved'),
    boundedJsonObject({
      maxDepth: QUERY_MAX_DEPTH,
      label: 'The required object',
      forbiddenKeys: PROTOTYPE_KEYS,
    }),
  ]),
})

/** How big the server's answer to a `required` is for one entry (the builder's size preview). */
export const archivePreviewSchema = z.strictObject({
  /** Characters of the answer's archive as compact JSON (about its bytes on the wire). */
  bytes: z.number().int().nonnegative(),
  /** Sections (JSON objects) in the answer, m_ref_archives included. */
  sections: z.number().int().nonnegative(),
  /** Quantities (values and arrays of values) in the answer. */
  quantities: z.number().int().nonnegative(),
  /** Top-level keys of the answer, each with its size. */
  parts: z.array(z.strictObject({ key: z.string(), bytes: z.number().int().nonnegative() })),
})
export type ArchivePreview = z.infer<typeof archivePreviewSchema>

export const archiveChannels = {
  /**
   * A part of an entry's archive for the tree viewer: the top-level section names (path []),
   * or one section or value, shortened by core where marks say so.
   */
  'archive.read': { input: archiveInputSchema, output: archiveAnswerSchema },
  /** The whole value at a path as JSON text ("copy value"); refused above 16 MB. */
  'archive.json': { input: archiveInputSchema, output: archiveJsonSchema },
  /**
   * The archive of one entry as a `required` asks for it, measured (not sent): the required
   * builder's size preview. A `required` the server rejects fails with the server's message.
   */
  'archive.preview': { input: archivePreviewInputSchema, output: archivePreviewSchema },
} as const

export const archiveEvents = {} as const
