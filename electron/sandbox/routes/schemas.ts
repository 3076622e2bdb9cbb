import { z } from 'zod'
import { OWNERS } from '../search/access'

/**
 * Request bodies of the entry endpoints as zod schemas: they validate (FastAPI-style 422 via
 * the guards) and document the dashboard. Unknown keys pass, as on the real server.
 */

const owner = z
  .enum(OWNERS)
  .nullish()
  .describe('Whose entries: public (default), visible, all, shared, user, staging, admin.')

export const paginationSchema = z
  .looseObject({
    page_size: z.number().int().nullish().describe('Results per page (default 10).'),
    order_by: z.string().nullish().describe('A scalar quantity (default entry_id).'),
    order: z.enum(['asc', 'desc']).nullish(),
    page_after_value: z.string().nullish().describe('next_page_after_value of the previous page.'),
    page: z.number().int().nullish(),
    page_offset: z.number().int().nullish(),
  })
  .nullish()

const query = z
  .unknown()
  .optional()
  .describe(
    '{quantity: value}, {"and"|"or": [...]}, {"not": ...}; see the facts of the query language.',
  )

export const metadataBody = z.looseObject({
  owner,
  query,
  pagination: paginationSchema,
  required: z
    .looseObject({ include: z.array(z.string()).nullish(), exclude: z.array(z.string()).nullish() })
    .nullish(),
  aggregations: z.record(z.string(), z.unknown()).nullish(),
})

export const archiveQueryBody = z.looseObject({
  owner,
  query,
  pagination: paginationSchema,
  required: z.unknown().optional().describe('"*" or a dict mirroring the archive tree.'),
})

export const filesSchema = z
  .looseObject({
    compress: z.boolean().nullish(),
    glob_pattern: z.string().nullish(),
    re_pattern: z.string().nullish(),
    include_files: z.array(z.string()).nullish(),
  })
  .nullish()

export const rawQueryBody = z.looseObject({
  owner,
  query,
  pagination: paginationSchema,
  files: filesSchema,
})

export const queryParamsDoc =
  'Any searchable quantity is a parameter (repeat it for several values), with `quantity__op` ' +
  'for any/all/none/gt/gte/lt/lte; `q=quantity__op__value`; `json_query` (a JSON query); ' +
  'owner; page_size, page, page_offset, page_after_value, order_by, order; include/exclude.'
