import { QueryExecutionError } from '../../../shared/query'
import { compareIds, compareKeys, sortKeyOf, type OrderIndex, type SortKey } from './order-index'

/**
 * page_after_value / next_page_after_value of entry searches (facts §2.4): the last entry_id
 * when ordering by entry_id, otherwise `<sort value>:<entry_id>` with dates as epoch ms and
 * booleans as 0/1 (Elasticsearch's sort values). An empty value part stands for "no value".
 */

export function encodeAfter(
  index: OrderIndex,
  orderBy: string,
  entryIndex: number,
  entryId: string,
): string {
  if (orderBy === 'entry_id') return entryId
  const key = index.keys[entryIndex]
  return `${key === undefined ? '' : String(key)}:${entryId}`
}

export interface AfterPoint {
  /** undefined: positioned among entries without a value. */
  key: SortKey | undefined
  id: string
}

export function decodeAfter(index: OrderIndex, orderBy: string, text: string): AfterPoint {
  if (orderBy === 'entry_id') return { key: text, id: text }
  const colon = text.lastIndexOf(':')
  // Without ':' the real server appends one: the value alone, positioned before its first id.
  const valueText = colon < 0 ? text : text.slice(0, colon)
  const id = colon < 0 ? '' : text.slice(colon + 1)
  if (valueText === '') return { key: undefined, id }
  const type = index.quantity?.type
  if (type === 'int' || type === 'float' || type === 'datetime' || type === 'bool') {
    const number = Number(valueText)
    const key = Number.isFinite(number)
      ? number
      : type === 'datetime'
        ? sortKeyOf(index.quantity, valueText)
        : undefined
    if (key === undefined) {
      throw new QueryExecutionError(
        `RequestError(400, 'search_phase_execution_exception', 'failed to parse search_after value [${valueText}] for field [${orderBy}]')`,
      )
    }
    return { key, id }
  }
  return { key: valueText, id }
}

/**
 * The first position in `perm` strictly after the point, for the given direction, where the
 * walk order is: asc = present ascending then missing by id; desc = present descending then
 * missing by id descending.
 */
export function startAfter(
  index: OrderIndex,
  ids: readonly string[],
  point: AfterPoint,
  desc: boolean,
): number {
  const { perm, present, keys } = index
  const total = perm.length
  // Position of the first element strictly greater than the point in ascending order, within [lo, hi).
  const upper = (lo: number, hi: number, cmp: (i: number) => number) => {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (cmp(perm[mid] ?? 0) <= 0) lo = mid + 1
      else hi = mid
    }
    return lo
  }
  const lower = (lo: number, hi: number, cmp: (i: number) => number) => {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (cmp(perm[mid] ?? 0) < 0) lo = mid + 1
      else hi = mid
    }
    return lo
  }
  const byPoint = (i: number): number => {
    const key = keys[i] as SortKey
    const c = compareKeys(key, point.key as SortKey)
    return c !== 0 ? c : compareIds(ids[i] ?? '', point.id)
  }
  const byId = (i: number) => compareIds(ids[i] ?? '', point.id)
  // Walk positions are expressed as offsets in the walk order (0 … total).
  if (!desc) {
    if (point.key === undefined) return upper(present, total, byId)
    return upper(0, present, byPoint)
  }
  if (point.key === undefined) {
    // Missing group walked descending after all present ones.
    const firstNotBelow = lower(present, total, byId) // ids < point come after it in desc walk
    return present + (total - firstNotBelow)
  }
  const firstNotBelow = lower(0, present, byPoint)
  return present - firstNotBelow
}

/** Entry index at a walk position. */
export function atWalk(index: OrderIndex, position: number, desc: boolean): number {
  const { perm, present } = index
  if (!desc) return perm[position] ?? -1
  if (position < present) return perm[present - 1 - position] ?? -1
  return perm[perm.length - 1 - (position - present)] ?? -1
}
