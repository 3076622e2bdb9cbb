import { z } from 'zod'
import { simpleIndexPaginationResponse } from './common'
import { isoDateTime } from './dates'
import { entryMetadata } from './entry'
import { jsonObject } from './json'

// Upload and processing records (nomad-api-facts §5). Listing endpoints omit null keys, but the
// write endpoints (PUT raw, edit) answer with the same record and keep them (recorded
// `"upload_name": null`), so optional fields here are `nullish`.

const ids = z.array(z.string())

/** Fields every processed document has (uploads and their entries). */
const processFields = {
  process_running: z.boolean().nullish(),
  current_process: z.string().nullish(),
  // READY, PENDING, RUNNING, WAITING_FOR_RESULT, SUCCESS, FAILURE or DELETED today; a string so
  // that a new state is shown rather than failing the whole list.
  process_status: z.string().nullish(),
  last_status_message: z.string().nullish(),
  errors: z.array(z.string()).nullish(),
  warnings: z.array(z.string()).nullish(),
  complete_time: isoDateTime.nullish(),
}

/** An upload. Member fields hold user ids (`*_groups`: group ids, or "all"). */
export const upload = z.looseObject({
  ...processFields,
  upload_id: z.string(),
  upload_name: z.string().nullish(),
  upload_create_time: isoDateTime.nullish(),
  main_author: z.string().nullish(),
  coauthors: ids.nullish(),
  coauthor_groups: ids.nullish(),
  reviewers: ids.nullish(),
  reviewer_groups: ids.nullish(),
  writers: ids.nullish(),
  writer_groups: ids.nullish(),
  viewers: ids.nullish(),
  viewer_groups: ids.nullish(),
  published: z.boolean().nullish(),
  published_to: z.array(z.string()).nullish(),
  publish_time: isoDateTime.nullish(),
  with_embargo: z.boolean().nullish(),
  embargo_length: z.number().int().nullish(),
  license: z.string().nullish(),
  entries: z.number().int().nonnegative().nullish(),
  upload_files_server_path: z.string().nullish(),
})
export type Upload = z.infer<typeof upload>

/** GET /uploads: `query` echoes the filters given. */
export const uploadsResponse = z.looseObject({
  query: jsonObject,
  pagination: simpleIndexPaginationResponse,
  data: z.array(upload),
})
export type UploadsResponse = z.infer<typeof uploadsResponse>

/**
 * GET /uploads/{id}; also the answer of the upload write endpoints (edit, actions, PUT/DELETE
 * raw), which report the upload's new processing state.
 */
export const uploadResponse = z.looseObject({ upload_id: z.string(), data: upload })
export type UploadResponse = z.infer<typeof uploadResponse>

/**
 * POST /uploads/{id}/edit: the upload as the edit left it. The real server queues the change
 * and answers with process_status PENDING; the new members show once it has run.
 */
export const uploadEditResponse = uploadResponse

/** An entry as its upload lists it: processing state plus the search metadata, if indexed. */
export const uploadEntry = z.looseObject({
  ...processFields,
  entry_id: z.string(),
  upload_id: z.string().nullish(),
  mainfile: z.string().nullish(),
  mainfile_key: z.string().nullish(),
  parser_name: z.string().nullish(),
  entry_create_time: isoDateTime.nullish(),
  entry_metadata: entryMetadata.nullish(),
})
export type UploadEntry = z.infer<typeof uploadEntry>

/** GET /uploads/{id}/entries */
export const uploadEntriesResponse = z.looseObject({
  pagination: simpleIndexPaginationResponse,
  processing_successful: z.number().int().nonnegative().nullish(),
  processing_failed: z.number().int().nonnegative().nullish(),
  upload: upload,
  data: z.array(uploadEntry),
})
export type UploadEntriesResponse = z.infer<typeof uploadEntriesResponse>

/**
 * GET /uploads/command-examples: shell commands that upload files. Every URL carries an upload
 * token of the signed-in user: treat the answer as a secret (never log it).
 */
export const uploadCommandExamples = z.looseObject({
  upload_url: z.string(),
  upload_command: z.string(),
  upload_command_with_name: z.string().optional(),
  upload_progress_command: z.string().optional(),
  upload_command_form: z.string().optional(),
  upload_tar_command: z.string().optional(),
})
export type UploadCommandExamples = z.infer<typeof uploadCommandExamples>
