import { z } from 'zod'
import { owner, paginationResponse } from './common'
import { jsonValue, opaqueJsonObject } from './json'

/**
 * One entry's archive with its identity. The archive is open-ended (sections come from plugin
 * schemas) and can be megabytes, so only its top level is checked: it must be an object.
 */
export const archiveEntry = z.looseObject({
  entry_id: z.string(),
  upload_id: z.string(),
  parser_name: z.string(),
  archive: opaqueJsonObject,
})
export type ArchiveEntry = z.infer<typeof archiveEntry>

/**
 * GET /entries/{id}/archive and POST /entries/{id}/archive/query. `required` echoes the archive
 * requirement: "*" or a tree of directives.
 */
export const archiveResponse = z.looseObject({
  required: jsonValue.optional(),
  entry_id: z.string(),
  data: archiveEntry,
})
export type ArchiveResponse = z.infer<typeof archiveResponse>

/**
 * POST /entries/archive/query. Entries whose archive file is missing are dropped from `data`
 * while `pagination.total` still counts them, so data can be shorter than the page.
 */
export const archiveQueryResponse = z.looseObject({
  owner,
  query: jsonValue,
  pagination: paginationResponse,
  required: jsonValue.optional(),
  data: z.array(archiveEntry),
})
export type ArchiveQueryResponse = z.infer<typeof archiveQueryResponse>
