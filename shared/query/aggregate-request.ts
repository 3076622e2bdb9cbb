/**
 * Request-model validation of `aggregations` (models.py Aggregation and friends, pydantic 1
 * coercion): every present kind is validated and all errors are reported together, located
 * under ["body", "aggregations", name, kind, …]. Unknown keys anywhere are ignored — the GUI
 * sends `update`, `type`, `changed` and gets 200.
 */
import { QueryValidationError } from './errors'
import { Reader } from './request-reader'

export const AGGREGATION_KINDS = [
  'terms',
  'histogram',
  'date_histogram',
  'auto_date_histogram',
  'min_max',
  'statistics',
] as const
export type AggregationKind = (typeof AGGREGATION_KINDS)[number]

export interface AggPagination {
  page_size: number
  order_by?: string
  order: 'asc' | 'desc'
  page_after_value?: string
}

interface Base {
  quantity: string
  exclude_from_search: boolean
  metrics: string[]
}
export interface TermsRequest extends Base {
  kind: 'terms'
  pagination?: AggPagination
  size?: number
  include?: string[] | string
  entries?: { size: number; required?: unknown }
}
export interface HistogramRequest extends Base {
  kind: 'histogram'
  interval?: number
  buckets?: number
  offset?: number
  extended_bounds?: { min?: number; max?: number }
}
export interface DateHistogramRequest extends Base {
  kind: 'date_histogram'
  interval: string
}
export interface AutoDateHistogramRequest extends Base {
  kind: 'auto_date_histogram'
  buckets: number
}
export interface MinMaxRequest {
  kind: 'min_max'
  quantity: string
  exclude_from_search: boolean
}
export interface StatisticsRequest {
  kind: 'statistics'
  metrics: string[]
}
export type AggregationRequest =
  | TermsRequest
  | HistogramRequest
  | DateHistogramRequest
  | AutoDateHistogramRequest
  | MinMaxRequest
  | StatisticsRequest

type Loc = (string | number)[]

/** Validates the request; returns name → the aggregation the server would run (first kind set). */
export function parseAggregations(input: unknown): Map<string, AggregationRequest> {
  const r = new Reader()
  const out = new Map<string, AggregationRequest>()
  if (input === undefined || input === null) return out
  const all = r.obj(input, ['aggregations'])
  for (const [name, raw] of Object.entries(all ?? {})) {
    const agg = r.obj(raw, ['aggregations', name])
    if (agg === undefined) continue
    let chosen: AggregationRequest | undefined
    for (const kind of AGGREGATION_KINDS) {
      if (agg[kind] === undefined || agg[kind] === null) continue
      const parsed = parseKind(r, kind, agg[kind], ['aggregations', name, kind])
      chosen ??= parsed
    }
    // The server fails with a 500 when no kind is set; we answer 422.
    if (chosen === undefined && r.errors.length === 0)
      r.error(['aggregations', name], `give one of ${AGGREGATION_KINDS.join(', ')}`, 'value_error')
    if (chosen) out.set(name, chosen)
  }
  if (r.errors.length > 0) throw new QueryValidationError(r.errors)
  return out
}

function parseKind(
  r: Reader,
  kind: AggregationKind,
  raw: unknown,
  loc: Loc,
): AggregationRequest | undefined {
  const o = r.obj(raw, loc)
  if (o === undefined) return undefined
  const before = r.errors.length
  const field = (key: string) => o[key] ?? undefined
  const optional = <T>(key: string, read: (v: unknown, l: Loc) => T | undefined) =>
    field(key) === undefined || field(key) === null ? undefined : read(field(key), [...loc, key])
  if (kind === 'statistics') {
    const metrics = optional('metrics', (v, l) => r.strList(v, l)) ?? []
    return r.errors.length === before ? { kind, metrics } : undefined
  }
  const quantity =
    field('quantity') === undefined
      ? r.error([...loc, 'quantity'], 'field required', 'value_error.missing')
      : r.str(field('quantity'), [...loc, 'quantity'])
  const exclude_from_search = optional('exclude_from_search', (v, l) => r.bool(v, l)) ?? false
  const metrics = optional('metrics', (v, l) => r.strList(v, l)) ?? []
  const base = { quantity: quantity ?? '', exclude_from_search, metrics }
  let result: AggregationRequest
  switch (kind) {
    case 'terms':
      result = { kind, ...base, ...termsFields(r, o, loc) }
      break
    case 'histogram': {
      const interval = optional('interval', (v, l) => r.float(v, l, 0))
      const buckets = optional('buckets', (v, l) => r.int(v, l, 0))
      const offset = optional('offset', (v, l) => r.float(v, l))
      const bounds = optional('extended_bounds', (v, l) => r.obj(v, l))
      if (field('interval') == null && field('buckets') == null)
        r.error(
          [...loc, '__root__'],
          'Provide either interval or the number of buckets.',
          'value_error',
        )
      result = { kind, ...base }
      if (interval !== undefined) result.interval = interval
      if (buckets !== undefined) result.buckets = buckets
      if (offset !== undefined) result.offset = offset
      if (bounds) result.extended_bounds = readBounds(r, bounds, [...loc, 'extended_bounds'])
      break
    }
    case 'date_histogram':
      result = { kind, ...base, interval: optional('interval', (v, l) => r.str(v, l)) ?? '1M' }
      break
    case 'auto_date_histogram':
      result = { kind, ...base, buckets: optional('buckets', (v, l) => r.int(v, l)) ?? 10 }
      break
    case 'min_max':
      result = { kind, quantity: base.quantity, exclude_from_search }
      break
  }
  return r.errors.length === before ? result : undefined
}

function termsFields(r: Reader, o: Record<string, unknown>, loc: Loc): Partial<TermsRequest> {
  const out: Partial<TermsRequest> = {}
  if (o.size != null) {
    const size = r.int(o.size, [...loc, 'size'], 0)
    if (size !== undefined) out.size = size
  }
  if (o.include != null) {
    if (Array.isArray(o.include)) out.include = r.strList(o.include, [...loc, 'include']) ?? []
    else if (typeof o.include === 'string' && /^[a-zA-Z0-9_\-\s]+$/.test(o.include))
      out.include = o.include
    else
      r.error(
        [...loc, 'include'],
        'string does not match regex "^[a-zA-Z0-9_\\-\\s]+$"',
        'value_error.str.regex',
        {
          pattern: '^[a-zA-Z0-9_\\-\\s]+$',
        },
      )
  }
  if (o.entries != null) {
    const e = r.obj(o.entries, [...loc, 'entries'])
    if (e) {
      const size = e.size == null ? 1 : r.int(e.size, [...loc, 'entries', 'size'], 0)
      if (size !== undefined)
        out.entries = { size, ...(e.required != null ? { required: e.required } : {}) }
    }
  }
  if (o.pagination != null) {
    const p = r.obj(o.pagination, [...loc, 'pagination'])
    if (p) out.pagination = readPagination(r, p, [...loc, 'pagination'])
  }
  return out
}

function readPagination(r: Reader, p: Record<string, unknown>, loc: Loc): AggPagination {
  const pagination: AggPagination = { page_size: 10, order: 'asc' }
  if (p.page_size != null) {
    const size = r.int(p.page_size, [...loc, 'page_size'])
    if (size !== undefined && size <= 0)
      r.error(
        [...loc, 'page_size'],
        '0 or smaller page sizes are not allowed for aggregations.',
        'value_error',
      )
    else if (size !== undefined) pagination.page_size = size
  }
  if (p.page != null)
    r.error(
      [...loc, 'page'],
      'Pagination by `page` is not possible for aggregations, use `page_after_value`',
      'value_error',
    )
  if (p.order != null) {
    if (p.order === 'asc' || p.order === 'desc') pagination.order = p.order
    else
      r.error(
        [...loc, 'order'],
        "value is not a valid enumeration member; permitted: 'asc', 'desc'",
        'type_error.enum',
        {
          enum_values: ['asc', 'desc'],
        },
      )
  }
  if (p.order_by != null) {
    const orderBy = r.str(p.order_by, [...loc, 'order_by'])
    if (orderBy !== undefined)
      pagination.order_by = orderBy === 'mainfile_path' ? 'mainfile' : orderBy
  }
  if (p.page_after_value != null) {
    const after = r.str(p.page_after_value, [...loc, 'page_after_value'])
    if (after !== undefined) pagination.page_after_value = after
  }
  return pagination
}

function readBounds(
  r: Reader,
  b: Record<string, unknown>,
  loc: Loc,
): { min?: number; max?: number } {
  const out: { min?: number; max?: number } = {}
  if (b.min != null) {
    const min = r.float(b.min, [...loc, 'min'])
    if (min !== undefined) out.min = min
  }
  if (b.max != null) {
    const max = r.float(b.max, [...loc, 'max'])
    if (max !== undefined) out.max = max
  }
  if (out.min !== undefined && out.max !== undefined && out.min > out.max)
    r.error(
      [...loc, '__root__'],
      'The maximum value should be greater than the minimum value.',
      'value_error',
    )
  return out
}
