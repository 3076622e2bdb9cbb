/**
 * The normalised query language: the form the real NOMAD server echoes in `query` and the only
 * form the evaluator consumes. Produced by normalizeQuery/normalizeGetParams.
 */

/** A single value a criterion compares against. Datetimes stay strings, as the server keeps them. */
export type Scalar = string | number | boolean

/** A bounded range; only the given bounds are present (key order lt, lte, gt, gte as echoed). */
export interface RangeValue {
  lt?: Scalar
  lte?: Scalar
  gt?: Scalar
  gte?: Scalar
}

export interface AnyValue {
  any: Scalar[]
}
export interface AllValue {
  all: Scalar[]
}
export interface NoneValue {
  none: Scalar[]
}

export type CriteriaValue = Scalar | AnyValue | AllValue | NoneValue | RangeValue

export interface Criteria {
  name: string
  value: CriteriaValue
}

/** Criteria under an Elasticsearch nested document; names inside are relative to `prefix`. */
export interface Nested {
  prefix: string
  query: NormalizedQuery
}

export interface And {
  and: NormalizedQuery[]
}
export interface Or {
  or: NormalizedQuery[]
}
export interface Not {
  not: NormalizedQuery
}

/** `{}` — matches everything. */
export type Empty = Record<string, never>

export type NormalizedQuery = Empty | And | Or | Not | Criteria | Nested

/** A search document (entry metadata as returned in `data[i]`). */
export type Doc = Readonly<Record<string, unknown>>

export const RANGE_OPS = ['lt', 'lte', 'gt', 'gte'] as const
export type RangeOp = (typeof RANGE_OPS)[number]
export const LIST_OPS = ['any', 'all', 'none'] as const
export type ListOp = (typeof LIST_OPS)[number]

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isScalar(value: unknown): value is Scalar {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  )
}

export function isAnd(q: NormalizedQuery): q is And {
  return 'and' in q
}
export function isOr(q: NormalizedQuery): q is Or {
  return 'or' in q
}
export function isNot(q: NormalizedQuery): q is Not {
  return 'not' in q
}
export function isNested(q: NormalizedQuery): q is Nested {
  return 'prefix' in q && 'query' in q
}
export function isCriteria(q: NormalizedQuery): q is Criteria {
  return 'name' in q && 'value' in q
}
export function isEmptyQuery(q: NormalizedQuery): q is Empty {
  return Object.keys(q).length === 0
}

/** Which list operator a criteria value uses, or null for scalars and ranges. */
export function listOpOf(value: CriteriaValue): ListOp | null {
  if (!isPlainObject(value)) return null
  if ('any' in value) return 'any'
  if ('all' in value) return 'all'
  if ('none' in value) return 'none'
  return null
}

export function isRangeValue(value: CriteriaValue): value is RangeValue {
  return isPlainObject(value) && listOpOf(value) === null
}
