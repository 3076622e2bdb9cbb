import { z } from 'zod'
import { paginationResponse } from './common'
import { entryMetadata } from './entry'

// Aggregation results of POST /entries/query (nomad-api-facts §2.6). Each named aggregation
// comes back under the same name, as an object with one key for its kind: the echoed request
// parameters plus `data`. Only `data` and the bucket fields are typed; the echoed parameters
// pass through.

const count = z.number().int().nonnegative()

/** One terms bucket. Values are strings for keyword quantities, numbers or booleans otherwise. */
export const termsBucket = z.looseObject({
  value: z.union([z.string(), z.number(), z.boolean()]),
  count,
  nested_count: count.optional(),
  metrics: z.record(z.string(), z.number()).optional(),
  entries: z.array(entryMetadata).optional(),
})
export type TermsBucket = z.infer<typeof termsBucket>

/** A histogram bucket: `value` is the bucket's lower bound (dates: epoch milliseconds). */
export const histogramBucket = termsBucket.extend({
  value: z.union([z.number(), z.string()]),
})
export type HistogramBucket = z.infer<typeof histogramBucket>

export const termsAggregation = z.looseObject({
  quantity: z.string(),
  data: z.array(termsBucket),
  pagination: paginationResponse.optional(),
})
export type TermsAggregation = z.infer<typeof termsAggregation>

export const histogramAggregation = z.looseObject({
  quantity: z.string(),
  data: z.array(histogramBucket),
  interval: z.union([z.number(), z.string()]).optional(),
  buckets: z.number().int().optional(),
})
export type HistogramAggregation = z.infer<typeof histogramAggregation>

/** `data` is [min, max]; both are null when nothing matched. */
export const minMaxAggregation = z.looseObject({
  quantity: z.string(),
  data: z.array(z.number().nullable()),
})
export type MinMaxAggregation = z.infer<typeof minMaxAggregation>

export const statisticsAggregation = z.looseObject({
  data: z.record(z.string(), z.number()),
})
export type StatisticsAggregation = z.infer<typeof statisticsAggregation>

export const aggregationResponse = z.looseObject({
  terms: termsAggregation.optional(),
  histogram: histogramAggregation.optional(),
  date_histogram: histogramAggregation.optional(),
  auto_date_histogram: histogramAggregation.optional(),
  min_max: minMaxAggregation.optional(),
  statistics: statisticsAggregation.optional(),
})
export type AggregationResponse = z.infer<typeof aggregationResponse>
