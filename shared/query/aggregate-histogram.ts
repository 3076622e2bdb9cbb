/**
 * Numeric and date bucketing: histogram (interval or a number of buckets, offset,
 * extended_bounds; datetimes as epoch millis), date_histogram (calendar/fixed intervals,
 * yyyy-MM-dd values), auto_date_histogram and min_max. Empty buckets between the first and last
 * value are included, as Elasticsearch does with min_doc_count 0.
 */
import { AUTO_ROUNDINGS, dateRounding, formatDay, type DateRounding } from './aggregate-dates'
import { computeMetrics, numericKey, unitReader, type Bucket } from './aggregate-common'
import type {
  AutoDateHistogramRequest,
  DateHistogramRequest,
  HistogramRequest,
  MinMaxRequest,
} from './aggregate-request'
import { QueryExecutionError, searchError } from './errors'
import type { SearchQuantity } from './quantities'
import type { Doc } from './types'

const MAX_BUCKETS = 65536

interface Count {
  count: number
  nested: number
  docs: Doc[]
  /** Stamp of the last document / nested unit counted. */
  doc: number
  unit: number
}

/** Counts documents and nested units per bucket id (one pass). */
function countBy(
  docs: readonly Doc[],
  quantity: SearchQuantity,
  bucketOf: (value: number) => number,
  keepDocs: boolean,
): Map<number, Count> {
  const read = unitReader(quantity)
  const counts = new Map<number, Count>()
  // Stamps instead of per-document sets: a bucket counts a document (or nested unit) once.
  let docStamp = 0
  let unitStamp = 0
  for (const doc of docs) {
    docStamp++
    read(doc, (keys) => {
      unitStamp++
      for (const key of keys) {
        const id = bucketOf(numericKey(key))
        let c = counts.get(id)
        if (!c) counts.set(id, (c = { count: 0, nested: 0, docs: [], doc: -1, unit: -1 }))
        if (c.unit === unitStamp) continue
        c.unit = unitStamp
        c.nested++
        if (c.doc === docStamp) continue
        c.doc = docStamp
        c.count++
        if (keepDocs) c.docs.push(doc)
      }
    })
  }
  return counts
}

function range(docs: readonly Doc[], quantity: SearchQuantity): [number | null, number | null] {
  let min: number | null = null
  let max: number | null = null
  const read = unitReader(quantity)
  for (const doc of docs)
    read(doc, (keys) => {
      for (const key of keys) {
        const v = numericKey(key)
        if (min === null || v < min) min = v
        if (max === null || v > max) max = v
      }
    })
  return [min, max]
}

function bucket(c: Count | undefined, metrics: string[], value: number | string): Bucket {
  return {
    count: c?.count ?? 0,
    nested_count: c?.nested ?? 0,
    ...(metrics.length > 0 ? { metrics: computeMetrics(c?.docs ?? [], metrics) } : {}),
    value,
  }
}

function extremes(values: Iterable<number>): [number, number] {
  let min = Infinity
  let max = -Infinity
  for (const v of values) {
    if (v < min) min = v
    if (v > max) max = v
  }
  return [min, max]
}

function tooMany(n: number): QueryExecutionError {
  return new QueryExecutionError(
    `Trying to create too many buckets. Must be less than or equal to: [${MAX_BUCKETS}] but was [${n}].`,
  )
}

const isNumeric = (q: SearchQuantity) =>
  q.type === 'int' || q.type === 'float' || q.type === 'datetime'

export function histogramAggregation(
  name: string,
  req: HistogramRequest,
  quantity: SearchQuantity,
  docs: readonly Doc[],
): Record<string, unknown> {
  if (!isNumeric(quantity))
    throw searchError(`The quantity ${quantity.name} cannot be used in a histogram aggregation`, [
      'aggregations',
      name,
      'histogram',
      'quantity',
    ])
  let interval = req.interval ?? 1
  let offset = req.offset ?? 0
  const echo: Record<string, unknown> = {
    quantity: req.quantity,
    exclude_from_search: req.exclude_from_search,
    metrics: req.metrics,
  }
  let single: number | null = null
  const bounds = req.extended_bounds
  if (req.buckets !== undefined) {
    // The server first asks for min/max, then derives interval and offset (_buckets_to_interval).
    let [min, max] = range(docs, quantity)
    if (bounds?.min !== undefined) min = min === null ? bounds.min : Math.min(min, bounds.min)
    if (bounds?.max !== undefined) max = max === null ? bounds.max : Math.max(max, bounds.max)
    let computed = 0
    if (min !== null && max !== null)
      computed =
        quantity.type === 'float'
          ? max === min
            ? 0
            : ((1 + 1e-12) * max - min) / req.buckets
          : Math.ceil((max - min) / req.buckets)
    if (computed) echo.interval = computed
    else single = min
    interval = computed || 1
    offset = min ?? 0
    echo.buckets = req.buckets
    if (min !== null) echo.offset = min
  } else {
    echo.interval = req.interval
    if (req.offset !== undefined) echo.offset = req.offset
  }
  if (bounds) echo.extended_bounds = bounds

  const counts = countBy(
    docs,
    quantity,
    (v) => Math.floor((v - offset) / interval),
    req.metrics.length > 0,
  )
  const ids = [...counts.keys()]
  if (bounds?.min !== undefined) ids.push(Math.floor((bounds.min - offset) / interval))
  if (bounds?.max !== undefined) ids.push(Math.floor((bounds.max - offset) / interval))
  const data: Bucket[] = []
  if (ids.length > 0) {
    const [first, last] = extremes(ids)
    if (last - first + 1 > MAX_BUCKETS) throw tooMany(last - first + 1)
    for (let k = first; k <= last; k++)
      data.push(bucket(counts.get(k), req.metrics, single ?? k * interval + offset))
  }
  echo.data = data
  return echo
}

function dateBuckets(
  docs: readonly Doc[],
  quantity: SearchQuantity,
  rounding: DateRounding,
  metrics: string[],
  value: (key: number) => number | string,
): Bucket[] {
  const counts = countBy(docs, quantity, (v) => rounding.floor(v), metrics.length > 0)
  if (counts.size === 0) return []
  const [first, last] = extremes(counts.keys())
  const data: Bucket[] = []
  for (let key = first; key <= last; key = rounding.next(key)) {
    if (data.length >= MAX_BUCKETS) throw tooMany(data.length + 1)
    data.push(bucket(counts.get(key), metrics, value(key)))
  }
  return data
}

function requireDate(quantity: SearchQuantity, what: string, name: string): void {
  if (quantity.type !== 'datetime')
    throw searchError(`The quantity ${quantity.name} cannot be used in a ${what} aggregation`, [
      'aggregations',
      name,
      'histogram',
      'quantity',
    ])
}

export function dateHistogramAggregation(
  name: string,
  req: DateHistogramRequest,
  quantity: SearchQuantity,
  docs: readonly Doc[],
): Record<string, unknown> {
  requireDate(quantity, 'date histogram', name)
  const rounding = dateRounding(req.interval)
  return {
    quantity: req.quantity,
    exclude_from_search: req.exclude_from_search,
    metrics: req.metrics,
    interval: req.interval,
    data: dateBuckets(docs, quantity, rounding, req.metrics, formatDay),
  }
}

export function autoDateHistogramAggregation(
  name: string,
  req: AutoDateHistogramRequest,
  quantity: SearchQuantity,
  docs: readonly Doc[],
): Record<string, unknown> {
  requireDate(quantity, 'auto date histogram', name)
  const [min, max] = range(docs, quantity)
  let chosen = AUTO_ROUNDINGS[AUTO_ROUNDINGS.length - 1] ?? AUTO_ROUNDINGS[0]
  if (min !== null && max !== null)
    chosen =
      AUTO_ROUNDINGS.find(({ rounding }) => {
        let n = 1
        for (
          let k = rounding.floor(min);
          k < rounding.floor(max) && n <= req.buckets;
          k = rounding.next(k)
        )
          n++
        return n <= req.buckets
      }) ?? chosen
  const data =
    chosen && min !== null
      ? dateBuckets(docs, quantity, chosen.rounding, req.metrics, (k) => k)
      : []
  return {
    quantity: req.quantity,
    exclude_from_search: req.exclude_from_search,
    metrics: req.metrics,
    buckets: req.buckets,
    data,
    ...(chosen && min !== null ? { interval: chosen.interval } : {}),
  }
}

export function minMaxAggregation(
  name: string,
  req: MinMaxRequest,
  quantity: SearchQuantity,
  docs: readonly Doc[],
): Record<string, unknown> {
  if (!isNumeric(quantity))
    throw searchError(`The quantity ${quantity.name} cannot be used in a mix-max aggregation`, [
      'aggregations',
      name,
      'min_max',
      'quantity',
    ])
  return {
    quantity: req.quantity,
    exclude_from_search: req.exclude_from_search,
    data: range(docs, quantity),
  }
}
