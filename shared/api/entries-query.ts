import { z } from 'zod'
import { aggregationResponse } from './aggregations'
import { metadataRequired, owner, paginationResponse } from './common'
import { entryMetadata } from './entry'
import { jsonValue } from './json'

/**
 * POST /entries/query and GET /entries. `query` is the server's normalised echo
 * ({name, value} / {and: [...]} / {prefix, query}), kept as plain JSON; `required` and
 * `aggregations` appear only when they were asked for.
 */
export const entriesQueryResponse = z.looseObject({
  owner,
  query: jsonValue,
  pagination: paginationResponse,
  required: metadataRequired.optional(),
  aggregations: z.record(z.string(), aggregationResponse).optional(),
  data: z.array(entryMetadata),
})
export type EntriesQueryResponse = z.infer<typeof entriesQueryResponse>
