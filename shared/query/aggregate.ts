/**
 * aggregate: the `aggregations` of POST /entries/query over local documents, answered in the
 * server's response shape (each aggregation echoes its validated parameters plus `data`).
 *
 * exclude_from_search: pass the request's normalised query as `options.query` together with the
 * documents BEFORE that query (owner filter only). Every aggregation then applies the query
 * itself, and one with exclude_from_search applies it without the criteria on its own quantity
 * (removeQuantity), so a facet still shows the values the user filtered away. Without
 * `options.query` the documents are taken as already filtered and the flag changes nothing.
 */
import { QueryExecutionError, unknownQuantityError } from './errors'
import { validateMetrics, computeMetrics } from './aggregate-common'
import {
  autoDateHistogramAggregation,
  dateHistogramAggregation,
  histogramAggregation,
  minMaxAggregation,
} from './aggregate-histogram'
import { parseAggregations, type AggregationRequest } from './aggregate-request'
import { termsAggregation, type TermsContext, type TermsCounter } from './aggregate-terms'
import { compileQuery } from './evaluate'
import { removeQuantity } from './query-transform'
import type { QuantityCatalogue } from './quantities'
import type { Doc, NormalizedQuery } from './types'

export interface AggregateOptions {
  /** The request's normalised query; see the module comment. */
  query?: NormalizedQuery
  /** Shapes the example entries of terms `entries` (e.g. applies `required`); default: as is. */
  projectEntry?: (entry: unknown, required: unknown) => unknown
  /** Id field of the documents (materials use material_id). */
  idField?: string
  /**
   * Per-value counts over the same documents as `docs` (an index; engine/aggregations.ts):
   * terms aggregations that need no more than counts take them from here. Not with `query`.
   */
  countTerms?: TermsCounter
}

/** name → {kind: response}, e.g. {"codes": {"terms": {quantity, …, data: [...]}}}. */
export type AggregationsResponse = Record<string, Record<string, Record<string, unknown>>>

/**
 * Validates (422 QueryValidationError, 400 QueryExecutionError where Elasticsearch would refuse)
 * and computes the aggregations. One pass over the documents per aggregation.
 */
export function aggregate(
  docs: Iterable<Doc>,
  aggregations: unknown,
  catalogue: QuantityCatalogue,
  options: AggregateOptions = {},
): AggregationsResponse {
  const requests = parseAggregations(aggregations)
  const all = Array.isArray(docs) ? (docs as Doc[]) : [...docs]
  const anyExcludeFromSearch = [...requests.values()].some(
    (r) => r.kind !== 'statistics' && r.exclude_from_search,
  )
  const filtered = new Map<string, Doc[]>()
  const docsFor = (req: AggregationRequest): Doc[] => {
    if (options.query === undefined) return all
    const excluded = req.kind !== 'statistics' && req.exclude_from_search ? req.quantity : ''
    let list = filtered.get(excluded)
    if (list === undefined) {
      const query = excluded ? removeQuantity(options.query, excluded) : options.query
      list = all.filter(compileQuery(query, catalogue))
      filtered.set(excluded, list)
    }
    return list
  }

  const counted = options.query === undefined ? options.countTerms : undefined
  const run = (name: string, req: AggregationRequest, docsOf: readonly Doc[], count = false) =>
    runOne(name, req, docsOf, catalogue, {
      anyExcludeFromSearch,
      projectEntry: options.projectEntry ?? ((entry) => entry),
      idField: options.idField ?? 'entry_id',
      ...(count && counted ? { counted } : {}),
    })
  // The server validates every aggregation while building the Elasticsearch request, before
  // Elasticsearch can refuse anything: all 422s come before any 400.
  for (const [name, req] of requests) {
    try {
      run(name, req, [])
    } catch (error) {
      if (!(error instanceof QueryExecutionError)) throw error
    }
  }
  const out: AggregationsResponse = {}
  for (const [name, req] of requests) out[name] = { [req.kind]: run(name, req, docsFor(req), true) }
  return out
}

function runOne(
  name: string,
  req: AggregationRequest,
  docs: readonly Doc[],
  catalogue: QuantityCatalogue,
  ctx: Omit<TermsContext, 'catalogue'>,
): Record<string, unknown> {
  if (req.kind === 'statistics') {
    validateMetrics(req.metrics)
    return { metrics: req.metrics, data: computeMetrics(docs, req.metrics) }
  }
  const quantity = catalogue.get(req.quantity)
  if (quantity === undefined) throw unknownQuantityError(req.quantity, ['aggregation', 'quantity'])
  let response: Record<string, unknown>
  switch (req.kind) {
    case 'terms':
      response = termsAggregation(name, req, quantity, docs, { catalogue, ...ctx })
      break
    case 'histogram':
      response = histogramAggregation(name, req, quantity, docs)
      break
    case 'date_histogram':
      response = dateHistogramAggregation(name, req, quantity, docs)
      break
    case 'auto_date_histogram':
      response = autoDateHistogramAggregation(name, req, quantity, docs)
      break
    case 'min_max':
      response = minMaxAggregation(name, req, quantity, docs)
      break
  }
  if (req.kind !== 'min_max') validateMetrics(req.metrics)
  return response
}
