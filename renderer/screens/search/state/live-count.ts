import type { AppError } from '../../../../shared/errors'

/** What the builder's facet counts answer says about the draft query as a whole. */
export interface FacetsAnswer {
  total: number | undefined
  current: boolean
  error: AppError | null
}

/**
 * The live count of the builder's (debounced) query, read from the answer of its facet counts:
 * that request (page_size 0 with the terms aggregations) carries the query's total, so a draft
 * costs the server one request, not two. The scheduler paces requests to a server whose limit
 * it does not know yet at ~10/s, so a second request per draft made a Search click soon after
 * an edit wait up to ~100 ms longer for its turn (docs/performance.md). `optimadeError` is the
 * server's own message when it refused the OPTIMADE filter.
 */
export function liveCountOf(facets: FacetsAnswer) {
  const { error } = facets
  const optimadeError =
    error?.code === 'invalid_input' && error.details?.path?.includes('optimade_filter')
      ? (error.details.serverMessage ?? error.message)
      : undefined
  return {
    total: facets.total,
    /** False while a previous query's count is still shown. */
    current: facets.current,
    error,
    optimadeError,
  }
}
