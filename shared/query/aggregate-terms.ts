/**
 * The terms aggregation: buckets of distinct values sorted by count (desc) then value, cut at
 * `size` and completed with the quantity's always-listed values at count 0 — or, with
 * `pagination`, a page of values in value (or order_by) order, like ES's composite aggregation.
 */
import {
  bucketKeyOf,
  compareBucketKeys,
  computeMetrics,
  unitReader,
  type Bucket,
  type BucketKey,
} from './aggregate-common'
import type { TermsRequest } from './aggregate-request'
import { compilePath } from './doc-path'
import { searchError } from './errors'
import { compareKeys, validateOrderBy } from './order'
import type { QuantityCatalogue, SearchQuantity } from './quantities'
import type { Doc } from './types'
import { pythonFloatRepr } from './values'

/** A value's documents (count) and nested units (nested) in the documents aggregated. */
export interface TermCount {
  key: BucketKey
  count: number
  nested: number
}

/**
 * Counts of every value of a quantity over the documents being aggregated, from an index
 * (engine/terms-index.ts); undefined when there is none. Used only where the counts are all a
 * terms aggregation needs: see `countsSuffice`.
 */
export type TermsCounter = (quantity: SearchQuantity) => TermCount[] | undefined

export interface TermsContext {
  catalogue: QuantityCatalogue
  /** Counts from an index instead of reading the documents (same answer, less work). */
  counted?: TermsCounter
  /** Some aggregation of the request uses exclude_from_search (forbids pagination). */
  anyExcludeFromSearch: boolean
  projectEntry: (doc: unknown, required: unknown) => unknown
  idField: string
}

interface Tally {
  key: BucketKey
  order: BucketKey | null
  count: number
  nested: number
  docs: Doc[]
  entries: unknown[]
  /** Stamp of the last document / nested unit counted. */
  doc: number
  unit: number
}

export function termsAggregation(
  name: string,
  req: TermsRequest,
  quantity: SearchQuantity,
  docs: readonly Doc[],
  ctx: TermsContext,
): Record<string, unknown> {
  if (!quantity.aggregatable)
    throw searchError('The aggregation quantity cannot be used in a terms aggregation.', [
      'aggregation',
      name,
      'terms',
      'quantity',
    ])
  const loc = ['aggregations', name, 'terms', 'pagination']
  let orderQuantity: SearchQuantity | undefined
  let after: [string, string | null] | null = null
  if (req.pagination) {
    if (ctx.anyExcludeFromSearch)
      throw searchError(
        'aggregation pagination cannot be used with exclude_from_search in the same request',
        loc,
      )
    if (req.size !== undefined)
      throw searchError('You cannot paginate and provide an extra size parameter.', loc)
    const orderBy = req.pagination.order_by
    if (orderBy !== undefined) {
      validateOrderBy(orderBy, ctx.catalogue, { idField: ctx.idField, locPrefix: ['aggregation'] })
      orderQuantity = ctx.catalogue.get(orderBy)
    }
    const pav = req.pagination.page_after_value
    if (pav !== undefined) {
      if (orderQuantity === undefined) after = [pav, null]
      else {
        const parts = (pav.includes(':') ? pav : `${pav}:`).split(':')
        if (parts.length !== 2)
          throw searchError('The pager_after_value has not the right format.', [
            ...loc,
            'page_after_value',
          ])
        after = [parts[1] ?? '', parts[0] ?? '']
      }
    }
  }

  const counted = countsSuffice(req) ? ctx.counted?.(quantity) : undefined
  const tallies = counted
    ? fromCounts(counted, includeTest(req))
    : countTerms(req, quantity, docs, ctx, orderQuantity)
  const echo: Record<string, unknown> = {
    quantity: req.quantity,
    exclude_from_search: req.exclude_from_search,
    metrics: req.metrics,
  }
  let selected: Tally[]
  if (req.pagination) {
    const order = req.pagination.order
    const sorted = [...tallies].sort(
      (a, b) =>
        (orderQuantity ? compareKeys(sortable(a.order), sortable(b.order), order) : 0) ||
        compareKeys(sortable(a.key), sortable(b.key), order),
    )
    const start =
      after === null
        ? 0
        : sorted.findIndex((t) => isAfter(t, after, order, quantity, orderQuantity))
    selected = start < 0 ? [] : sorted.slice(start, start + req.pagination.page_size)
    const last = selected[selected.length - 1]
    const pagination: Record<string, unknown> = {
      page_size: req.pagination.page_size,
      ...(req.pagination.order_by !== undefined ? { order_by: req.pagination.order_by } : {}),
      order,
      ...(req.pagination.page_after_value !== undefined
        ? { page_after_value: req.pagination.page_after_value.replace(/:$/, '') }
        : {}),
      total: new Set(tallies.map((t) => t.key)).size,
    }
    if (last)
      pagination.next_page_after_value = orderQuantity
        ? `${pyStr(last.order, orderQuantity)}:${pyStr(last.key, quantity)}`
        : pyStr(last.key, quantity)
    echo.pagination = pagination
  } else {
    const size =
      req.size ??
      quantity.defaultAggregationSize ??
      quantity.aggregationValues?.length ??
      quantity.enumValues?.length ??
      10
    echo.size = size
    selected = tallies
      .sort((a, b) => b.count - a.count || compareBucketKeys(a.key, b.key))
      .slice(0, size)
  }
  if (req.include !== undefined) echo.include = req.include
  if (req.entries) echo.entries = req.entries

  const withMetrics = (docs: Doc[]) =>
    req.metrics.length > 0 ? { metrics: computeMetrics(docs, req.metrics) } : {}
  const data: Bucket[] = selected.map((t) => ({
    ...(req.entries ? { entries: t.entries } : {}),
    count: t.count,
    nested_count: t.nested,
    ...withMetrics(t.docs),
    value: t.key,
  }))
  if (!req.pagination && quantity.aggregationValues) {
    const present = new Set(data.map((b) => b.value))
    for (const value of quantity.aggregationValues)
      if (!present.has(value)) data.push({ count: 0, ...withMetrics([]), value })
  }
  echo.data = data
  return echo
}

const sortable = (key: BucketKey | null) => (typeof key === 'boolean' ? Number(key) : key)

/**
 * Whether per-value counts answer a terms request: no metrics and no example entries (those
 * need the documents of each bucket) and no order_by (buckets split by a second quantity).
 */
export function countsSuffice(req: TermsRequest): boolean {
  return req.metrics.length === 0 && !req.entries && req.pagination?.order_by === undefined
}

function includeTest(req: TermsRequest): ((key: string) => boolean) | null {
  const include = req.include
  if (include === undefined) return null
  if (typeof include === 'string') return (key) => key.includes(include)
  const set = new Set(include)
  return (key) => set.has(key)
}

function fromCounts(counts: TermCount[], include: ((key: string) => boolean) | null): Tally[] {
  const tallies: Tally[] = []
  for (const { key, count, nested } of counts)
    if (!include || include(String(key)))
      tallies.push({ key, order: null, count, nested, docs: [], entries: [], doc: -1, unit: -1 })
  return tallies
}

function countTerms(
  req: TermsRequest,
  quantity: SearchQuantity,
  docs: readonly Doc[],
  ctx: TermsContext,
  orderQuantity: SearchQuantity | undefined,
): Tally[] {
  const include = includeTest(req)
  const read = unitReader(quantity)
  const orderWalker = orderQuantity && compilePath(orderQuantity.docPath ?? orderQuantity.name)
  const entrySize = req.entries?.size ?? 0
  const prefix = quantity.nestedPrefix
  const byOrder = new Map<BucketKey | null, Map<BucketKey, Tally>>()
  const tallies: Tally[] = []
  const tally = (key: BucketKey, order: BucketKey | null): Tally => {
    let byKey = byOrder.get(order)
    if (!byKey) byOrder.set(order, (byKey = new Map<BucketKey, Tally>()))
    let t = byKey.get(key)
    if (!t) {
      t = { key, order, count: 0, nested: 0, docs: [], entries: [], doc: -1, unit: -1 }
      byKey.set(key, t)
      tallies.push(t)
    }
    return t
  }
  // Stamps instead of per-document sets: a bucket counts a document (or nested unit) once.
  let docStamp = 0
  let unitStamp = 0
  const orders: (BucketKey | null)[] = []
  for (const doc of docs) {
    docStamp++
    orders.length = 0
    if (orderWalker && orderQuantity)
      orderWalker.each(doc, (raw) => {
        const k = bucketKeyOf(orderQuantity, raw)
        if (k !== undefined) orders.push(k)
      })
    else orders.push(null)
    read(doc, (keys, unit) => {
      unitStamp++
      for (const key of keys) {
        if (include && !include(String(key))) continue
        for (const order of orders) {
          const t = tally(key, order)
          if (t.unit === unitStamp) continue
          t.unit = unitStamp
          t.nested++
          if (prefix && t.entries.length < entrySize)
            t.entries.push({ [prefix]: ctx.projectEntry(unit, req.entries?.required) })
          if (t.doc === docStamp) continue
          t.doc = docStamp
          t.count++
          if (req.metrics.length > 0) t.docs.push(doc)
          if (!prefix && t.entries.length < entrySize)
            t.entries.push(ctx.projectEntry(doc, req.entries?.required))
        }
      }
    })
  }
  return tallies
}

function isAfter(
  t: Tally,
  after: [string, string | null],
  order: 'asc' | 'desc',
  quantity: SearchQuantity,
  orderQuantity: SearchQuantity | undefined,
): boolean {
  const [value, orderValue] = after
  if (orderQuantity) {
    const c = compareKeys(sortable(t.order), parseAfter(orderValue ?? '', orderQuantity), order)
    if (c !== 0) return c > 0
  }
  return compareKeys(sortable(t.key), parseAfter(value, quantity), order) > 0
}

function parseAfter(text: string, quantity: SearchQuantity): string | number {
  if (quantity.type === 'bool') return text === 'true' || text === 'True' || text === '1' ? 1 : 0
  if (quantity.type === 'int' || quantity.type === 'float' || quantity.type === 'datetime') {
    const n = Number(text)
    return Number.isFinite(n) ? n : text
  }
  return text
}

/** Python's str() of a composite key value, as the server joins after keys. */
function pyStr(key: BucketKey | null, quantity: SearchQuantity): string {
  if (key === null) return 'None'
  if (typeof key === 'boolean') return key ? 'True' : 'False'
  if (typeof key === 'number')
    return quantity.type === 'float' ? pythonFloatRepr(key) : String(Math.trunc(key))
  return key
}
