import { z } from 'zod'
import { OWNERS } from './owners'

/** Whose data a query searches: the list is zod-free in owners.ts for the renderer. */
export { OWNERS, type Owner } from './owners'
export const owner = z.enum(OWNERS)

export const paginationOrder = z.enum(['asc', 'desc'])
export type PaginationOrder = z.infer<typeof paginationOrder>

/**
 * Pagination as sent. The server allows at most one of page / page_offset / page_after_value;
 * that rule is the request builder's job, this schema only fixes the field types. Unknown keys
 * are dropped, as the server ignores them too.
 */
export const paginationRequest = z.object({
  page_size: z.number().int().nonnegative().optional(),
  order_by: z.string().optional(),
  order: paginationOrder.optional(),
  page_after_value: z.string().optional(),
  page: z.number().int().positive().optional(),
  page_offset: z.number().int().nonnegative().optional(),
})
export type PaginationRequest = z.infer<typeof paginationRequest>

/**
 * Pagination as echoed, plus `total`, the cursor and (GET only) the URL fields. Everything but
 * page_size and total is `nullish`: most endpoints drop null keys, the PAT list keeps them.
 * `next_page_after_value` is opaque: an entry id, "<sort value>:<entry id>", or an index.
 */
export const paginationResponse = z.looseObject({
  page_size: z.number().int().nonnegative(),
  order_by: z.string().nullish(),
  order: paginationOrder.nullish(),
  page_after_value: z.string().nullish(),
  page: z.number().int().positive().nullish(),
  page_offset: z.number().int().nonnegative().nullish(),
  total: z.number().int().nonnegative(),
  next_page_after_value: z.string().nullish(),
  page_url: z.string().nullish(),
  next_page_url: z.string().nullish(),
  prev_page_url: z.string().nullish(),
  first_page_url: z.string().nullish(),
})
export type PaginationResponse = z.infer<typeof paginationResponse>

/**
 * The "simple index" form (uploads, upload entries, rawdir, datasets, PATs): the server always
 * computes `page`, and `next_page_after_value` is the 0-based index of the page's last item.
 */
export const simpleIndexPaginationResponse = paginationResponse.extend({
  page: z.number().int().positive(),
})
export type SimpleIndexPaginationResponse = z.infer<typeof simpleIndexPaginationResponse>

/**
 * Which entry-metadata fields to return. The echo shows the server's edits (entry_id and the
 * order_by field are always added to `include`).
 */
export const metadataRequired = z.looseObject({
  include: z.array(z.string()).optional(),
  exclude: z.array(z.string()).optional(),
})
export type MetadataRequired = z.infer<typeof metadataRequired>
