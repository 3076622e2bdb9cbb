import { z } from 'zod'
import { owner, paginationResponse, simpleIndexPaginationResponse } from './common'
import { jsonValue } from './json'

const size = z.number().int().nonnegative()

/** A file next to an entry's mainfile; `path` is relative to the upload root. */
export const entryRawdirFile = z.looseObject({ path: z.string(), size })
export type EntryRawdirFile = z.infer<typeof entryRawdirFile>

/** One entry's folder: the files in its mainfile's directory (not recursive, sorted by name). */
export const entryRawdir = z.looseObject({
  entry_id: z.string(),
  upload_id: z.string(),
  mainfile: z.string(),
  mainfile_key: z.string().optional(),
  files: z.array(entryRawdirFile),
})
export type EntryRawdir = z.infer<typeof entryRawdir>

/** GET /entries/{id}/rawdir */
export const entryRawdirResponse = z.looseObject({ entry_id: z.string(), data: entryRawdir })
export type EntryRawdirResponse = z.infer<typeof entryRawdirResponse>

/**
 * GET /entries/rawdir and POST /entries/rawdir/query: the folders of a page of matching
 * entries, paginated like POST /entries/query (cursor in `next_page_after_value`).
 */
export const entriesRawdirResponse = z.looseObject({
  owner,
  query: jsonValue.optional(),
  pagination: paginationResponse,
  data: z.array(entryRawdir),
})
export type EntriesRawdirResponse = z.infer<typeof entriesRawdirResponse>

/**
 * `manifest.json` at the root of the raw-file zips (GET /entries/raw, POST /entries/raw/query,
 * GET /entries/{id}/raw): one record per entry whose folder was included; `mainfile` is
 * prefixed with the upload id, which is also the folder the entry's files are under.
 */
export const rawDownloadManifest = z.array(
  z.looseObject({ entry_id: z.string(), upload_id: z.string(), mainfile: z.string() }),
)
export type RawDownloadManifest = z.infer<typeof rawDownloadManifest>

/**
 * A direct child of an upload directory. A directory's size is the sum of all files below it.
 * entry_id/parser_name appear only for mainfiles and only with include_entry_info=true.
 */
export const rawdirItem = z.looseObject({
  name: z.string(),
  size,
  is_file: z.boolean(),
  entry_id: z.string().optional(),
  parser_name: z.string().optional(),
})
export type RawdirItem = z.infer<typeof rawdirItem>

/** The file form's metadata: the same fields as a listing item, without `is_file`. */
export const rawdirFileMetadata = rawdirItem.omit({ is_file: true })
export type RawdirFileMetadata = z.infer<typeof rawdirFileMetadata>

// `access` is "unpublished", "embargoed" or "public" today. A string, so a new level shows up as
// text in the file browser instead of breaking it.
const access = z.string()

/**
 * GET /uploads/{id}/rawdir/{path} for a directory: one page of its children (dirs and files
 * mixed, sorted by name). `directory_metadata.size` covers all children, not just this page.
 */
export const uploadRawdirDirectoryResponse = z.looseObject({
  path: z.string(),
  access,
  directory_metadata: z.looseObject({
    name: z.string(),
    size,
    content: z.array(rawdirItem),
  }),
  pagination: simpleIndexPaginationResponse,
})
export type UploadRawdirDirectoryResponse = z.infer<typeof uploadRawdirDirectoryResponse>

/** GET /uploads/{id}/rawdir/{path} for a file: its metadata, no pagination. */
export const uploadRawdirFileResponse = z.looseObject({
  path: z.string(),
  access,
  file_metadata: rawdirFileMetadata,
})
export type UploadRawdirFileResponse = z.infer<typeof uploadRawdirFileResponse>

/** Either form; tell them apart with `isRawdirDirectory`. */
export const uploadRawdirResponse = z.union([
  uploadRawdirDirectoryResponse,
  uploadRawdirFileResponse,
])
export type UploadRawdirResponse = z.infer<typeof uploadRawdirResponse>

/** Narrows a decoded rawdir answer to the directory form. */
export function isRawdirDirectory(
  response: UploadRawdirResponse,
): response is UploadRawdirDirectoryResponse {
  return 'directory_metadata' in response && response.directory_metadata !== undefined
}
