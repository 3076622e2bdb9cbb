import { z } from 'zod'
import { serverIdSchema as serverId, uploadPathSchema as uploadPath } from './fields'

/**
 * The upload file browser's channels: one page of a folder of an upload
 * (GET /uploads/{id}/rawdir/{path}) and the start of a file as text
 * (GET /uploads/{id}/raw/{path} with offset/length). Paths are relative to the upload's root,
 * without a leading "/"; "" is the root.
 */

const uploadId = z.string().min(1, { error: 'An upload id is required.' }).max(200)
const count = z.number().int().nonnegative()

/** One chunk of a text preview: enough to recognise a file, little enough to stay quick. */
export const PREVIEW_BYTES = 64 * 1024
/** The most one preview call reads (a whole image, JSON or CSV after "preview anyway"). */
export const MAX_PREVIEW_BYTES = 32 * 1024 * 1024

export const FOLDER_SORT = ['name', 'size', 'kind'] as const
export type FolderSort = (typeof FOLDER_SORT)[number]

export const fileItemSchema = z.strictObject({
  name: z.string(),
  /** Relative to the upload's root. */
  path: z.string(),
  isFile: z.boolean(),
  /** Bytes; for a folder the sum of every file below it. */
  size: count,
  /** Set for the main file of an entry (the file the entry was parsed from). */
  entryId: z.string().optional(),
  parserName: z.string().optional(),
})
export type FileItem = z.infer<typeof fileItemSchema>

export const folderPageSchema = z.strictObject({
  uploadId: z.string(),
  path: z.string(),
  /** "public", "embargoed" or "unpublished" as the server says. */
  access: z.string(),
  /** All children of the folder, not only this page. */
  total: count,
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  items: z.array(fileItemSchema),
  hasMore: z.boolean(),
  /**
   * True when the page was cut from the whole folder listed here (sorted other than by name, or
   * filtered): the server pages only in name order.
   */
  indexed: z.boolean(),
})
export type FolderPage = z.infer<typeof folderPageSchema>

export const filePreviewSchema = z.strictObject({
  path: z.string(),
  name: z.string(),
  /** The whole file's size in bytes. */
  size: count,
  /** Bytes looked at, from `offset`. */
  shown: count,
  /** Where the bytes start (in the decompressed content when `decompressed`). */
  offset: count,
  /** Where "load more" continues; absent at the end of the file. */
  nextOffset: count.optional(),
  /** The content is the server's decompression of a .gz/.xz file (its size is unknown). */
  decompressed: z.boolean(),
  /**
   * empty: 0 bytes; binary: not text (no preview); text: `text` holds the decoded bytes, cut at
   * the last line end when more follows; image: `dataUrl` holds the whole image.
   */
  kind: z.enum(['text', 'binary', 'empty', 'image']),
  dataUrl: z.string().optional(),
  /** How the bytes were read: UTF-8, or Latin-1 for older files that are not valid UTF-8. */
  encoding: z.enum(['utf-8', 'latin-1']).optional(),
  text: z.string().optional(),
})
export type FilePreview = z.infer<typeof filePreviewSchema>

export const rawFilesChannels = {
  /** One page of a folder's children (dirs and files mixed, sorted by name by the server). */
  'rawFiles.list': {
    input: z.strictObject({
      serverId,
      uploadId,
      path: uploadPath,
      page: z.number().int().positive().default(1),
      pageSize: z.number().int().min(1).max(500).default(100),
      sort: z.enum(FOLDER_SORT).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
      /** Part of a name, any case; "" lists everything. */
      filter: z.string().max(200).default(''),
      /**
       * A look-ahead nobody waits on yet (the folder tree's branches): it goes after the
       * listings and previews someone is waiting for (the scheduler's background lane).
       */
      background: z.boolean().default(false),
    }),
    output: folderPageSchema,
  },
  /**
   * Where a file sits in its folder's name order (the server's listing order), so the browser
   * can open the page holding it, however far down the folder it is.
   */
  'rawFiles.locate': {
    input: z.strictObject({
      serverId,
      uploadId,
      path: uploadPath.refine((path) => path !== '', { error: 'Name a file to find.' }),
    }),
    output: z.strictObject({ folder: z.string(), index: count, total: count }),
  },
  /** `length` bytes of a file from `offset`, as text when they are text, or a whole image. */
  'rawFiles.preview': {
    input: z.strictObject({
      serverId,
      uploadId,
      path: uploadPath.refine((path) => path !== '', { error: 'Choose a file to preview.' }),
      length: z.number().int().min(1).max(MAX_PREVIEW_BYTES).default(PREVIEW_BYTES),
      offset: count.default(0),
      /** Ask the server to unpack a .gz/.xz file first (offset/length then count its content). */
      decompress: z.boolean().default(false),
      /** Read an image whole (up to `length`) and answer it as a data URL. */
      asImage: z.boolean().default(false),
      /**
       * The file's size as its folder listing gave it: only the bytes are asked for then, not
       * the file's own listing too (one request instead of two on the way to the first lines).
       */
      size: count.optional(),
    }),
    output: filePreviewSchema,
  },
} as const

export const rawFilesEvents = {} as const
