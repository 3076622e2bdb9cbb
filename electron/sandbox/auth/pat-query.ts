import { toView, type PatRecord, type PatView } from './pat-record'
import { isActiveAt } from './pat-rules'

/**
 * GET /auth/pats filtering and ordering as the real Mongo repository does it: every filter is
 * an AND, datetime bounds are inclusive and never match a null value, sorting is on one key with
 * MongoDB's null ordering (null sorts lowest: first ascending, last descending) and no
 * tie-breaker (ties keep creation order here).
 */
export const PAT_ORDER_BY = [
  'created_desc',
  'created_asc',
  'expires_asc',
  'expires_desc',
  'last_used_asc',
  'last_used_desc',
  'name_asc',
  'name_desc',
] as const

export type PatOrderBy = (typeof PAT_ORDER_BY)[number]

/** All in ms since the epoch; null = not filtered. */
export interface PatFilters {
  search: string | null
  revoked: boolean | null
  state: 'active' | 'inactive' | null
  createdAfter: number | null
  createdBefore: number | null
  lastUsedAfter: number | null
  lastUsedBefore: number | null
  expiresAfter: number | null
  expiresBefore: number | null
}

export interface PatListRequest {
  filters: PatFilters
  orderBy: PatOrderBy
  /** 0-based index of the first record of the page. */
  start: number
  /** Page size; 0 = count only. */
  limit: number
}

export interface PatListResult {
  data: PatView[]
  total: number
}

function within(value: number | null, after: number | null, before: number | null): boolean {
  if (after === null && before === null) return true
  if (value === null) return false
  return (after === null || value >= after) && (before === null || value <= before)
}

function matches(record: PatRecord, filters: PatFilters, now: number): boolean {
  if (
    filters.search !== null &&
    !record.name.toLowerCase().includes(filters.search.toLowerCase())
  ) {
    return false
  }
  if (filters.revoked !== null && record.revoked !== filters.revoked) return false
  if (filters.state !== null && isActiveAt(record, now) !== (filters.state === 'active')) {
    return false
  }
  return (
    within(record.createdAt, filters.createdAfter, filters.createdBefore) &&
    within(record.lastUsedAt, filters.lastUsedAfter, filters.lastUsedBefore) &&
    within(record.expiredAt, filters.expiresAfter, filters.expiresBefore)
  )
}

/** MongoDB order of one field: null lowest, strings by UTF-8 bytes (no collation). */
function compareValues(a: number | string | null, b: number | string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1
  if (typeof a === 'string' && typeof b === 'string') {
    return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
  }
  return a < b ? -1 : a > b ? 1 : 0
}

type SortKey = (record: PatRecord) => number | string | null

const created: SortKey = (record) => record.createdAt
const expires: SortKey = (record) => record.expiredAt
const lastUsed: SortKey = (record) => record.lastUsedAt
const name: SortKey = (record) => record.name

const ORDERS: Record<PatOrderBy, [SortKey, 1 | -1]> = {
  created_desc: [created, -1],
  created_asc: [created, 1],
  expires_asc: [expires, 1],
  expires_desc: [expires, -1],
  last_used_asc: [lastUsed, 1],
  last_used_desc: [lastUsed, -1],
  name_asc: [name, 1],
  name_desc: [name, -1],
}

export function sortPats(records: readonly PatRecord[], orderBy: PatOrderBy): PatRecord[] {
  const [key, sign] = ORDERS[orderBy]
  return [...records].sort((a, b) => sign * compareValues(key(a), key(b)))
}

export function queryPats(
  records: PatRecord[],
  request: PatListRequest,
  now: number,
): PatListResult {
  const matching = records.filter((record) => matches(record, request.filters, now))
  const sorted = sortPats(matching, request.orderBy)
  const page = request.limit > 0 ? sorted.slice(request.start, request.start + request.limit) : []
  return { data: page.map(toView), total: matching.length }
}
