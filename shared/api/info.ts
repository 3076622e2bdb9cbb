import { z } from 'zod'

/** One searchable quantity as GET /info lists it; `many` marks list-valued quantities. */
export const searchQuantityInfo = z.looseObject({
  name: z.string().optional(),
  description: z.string().optional(),
  many: z.boolean().optional(),
})
export type SearchQuantityInfo = z.infer<typeof searchQuantityInfo>

const count = z.number().int().nonnegative().optional()

/**
 * GET /info. `search_quantities` is the authoritative list of names the query builder may offer,
 * so it is the one required field; the rest is for the server profile page. Parser, normalizer
 * and plugin lists change shape between versions and pass through untyped.
 */
export const infoResponse = z.looseObject({
  search_quantities: z.record(z.string(), searchQuantityInfo),
  version: z.string().optional(),
  deployment: z.string().optional(),
  oasis: z.boolean().optional(),
  statistics: z
    .looseObject({
      n_entries: count,
      n_uploads: count,
      n_quantities: count,
      n_calculations: count,
      n_materials: count,
    })
    .optional(),
  codes: z
    .array(z.looseObject({ code_name: z.string(), code_homepage: z.string().nullish() }))
    .optional(),
})
export type InfoResponse = z.infer<typeof infoResponse>
