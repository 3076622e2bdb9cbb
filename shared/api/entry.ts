import { z } from 'zod'
import { metadataRequired } from './common'
import { dataset } from './dataset'
import { isoDateTime } from './dates'
import { entryResults } from './entry-results'
import { userRef } from './user'

const strings = z.array(z.string())

/**
 * One entry's metadata: a search hit, GET /entries/{id} data, or an upload entry's
 * `entry_metadata`. Only entry_id is guaranteed; the server omits nulls and `required` filters
 * out anything else. Large lists the UI never reads (quantities, sections, section_defs,
 * search_quantities, entry_references, optimade) are deliberately untyped: they pass through
 * unchecked, which keeps a 1000-hit page cheap to decode.
 */
export const entryMetadata = z.looseObject({
  entry_id: z.string(),
  calc_id: z.string().optional(),
  upload_id: z.string().optional(),
  upload_name: z.string().optional(),
  upload_create_time: isoDateTime.optional(),
  entry_name: z.string().optional(),
  entry_type: z.string().optional(),
  entry_create_time: isoDateTime.optional(),
  parser_name: z.string().optional(),
  mainfile: z.string().optional(),
  mainfile_key: z.string().optional(),
  files: strings.optional(),
  published: z.boolean().optional(),
  publish_time: isoDateTime.optional(),
  with_embargo: z.boolean().optional(),
  processed: z.boolean().optional(),
  last_processing_time: isoDateTime.optional(),
  processing_errors: strings.optional(),
  nomad_version: z.string().optional(),
  comment: z.string().optional(),
  references: strings.optional(),
  external_db: z.string().optional(),
  origin: z.string().optional(),
  main_author: userRef.optional(),
  authors: z.array(userRef).optional(),
  writers: z.array(userRef).optional(),
  viewers: z.array(userRef).optional(),
  datasets: z.array(dataset).optional(),
  domain: z.string().optional(),
  n_quantities: z.number().int().optional(),
  license: z.string().optional(),
  results: entryResults.optional(),
})
export type EntryMetadata = z.infer<typeof entryMetadata>

/** GET /entries/{entry_id}. `required` echoes the include/exclude given ({} when none). */
export const entryResponse = z.looseObject({
  entry_id: z.string(),
  required: metadataRequired.optional(),
  data: entryMetadata,
})
export type EntryResponse = z.infer<typeof entryResponse>
