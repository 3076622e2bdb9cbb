/**
 * The query builder's state: a typed tree of groups and criteria that the visual builder edits
 * and `toQuery` turns into the service's query object. Pure data (JSON-serialisable), so it can
 * be compared, persisted and unit-tested without React.
 */
import type { JsonObject } from '../../../../shared/api/json'

export type Scalar = string | number | boolean
export type ListOp = 'any' | 'all' | 'none'
export type LowerOp = 'gt' | 'gte'
export type UpperOp = 'lt' | 'lte'

export interface Bound<Op, V> {
  op: Op
  value: V
}

/** The periodic table: elements that must be present, must be absent, or exactly these. */
export interface ElementsCriterion {
  kind: 'elements'
  id: string
  include: string[]
  exclude: string[]
  /** Only materials made of exactly the included elements (results.material.elements_exclusive). */
  only: boolean
}

/** A choice among values of an enum or keyword quantity (program, crystal system …). */
export interface TermsCriterion {
  kind: 'terms'
  id: string
  quantity: string
  op: ListOp
  values: Scalar[]
}

/** A numeric range typed in a display unit; toQuery converts to the SI value the index stores. */
export interface RangeCriterion {
  kind: 'range'
  id: string
  quantity: string
  /** Display unit symbol (e.g. 'eV'); null for unitless quantities. */
  unit: string | null
  lower: Bound<LowerOp, number> | null
  upper: Bound<UpperOp, number> | null
}

/** A date range; values are ISO dates or date-times as the server accepts them. */
export interface DateCriterion {
  kind: 'date'
  id: string
  quantity: string
  lower: Bound<LowerOp, string> | null
  upper: Bound<UpperOp, string> | null
}

/** Author names (authors.name) picked with suggestions. */
export interface AuthorCriterion {
  kind: 'author'
  id: string
  quantity: string
  op: 'any' | 'all'
  names: string[]
}

export type GenericOp = 'equals' | ListOp | 'range'

/** Any quantity with an operator: the fallback row for everything without a dedicated input. */
export interface GenericCriterion {
  kind: 'generic'
  id: string
  quantity: string
  op: GenericOp
  /** For equals (first value) and any/all/none. */
  values: Scalar[]
  lower: Bound<LowerOp, Scalar> | null
  upper: Bound<UpperOp, Scalar> | null
}

/** An OPTIMADE filter, sent as query.optimade_filter. */
export interface OptimadeCriterion {
  kind: 'optimade'
  id: string
  filter: string
}

/** A piece of query the visual builder cannot show; kept verbatim so nothing is ever lost. */
export interface RawCriterion {
  kind: 'raw'
  id: string
  query: JsonObject
}

export type Criterion =
  | ElementsCriterion
  | TermsCriterion
  | RangeCriterion
  | DateCriterion
  | AuthorCriterion
  | GenericCriterion
  | OptimadeCriterion
  | RawCriterion

export type GroupOp = 'and' | 'or' | 'not'

/** Children combined with AND or OR; NOT negates the AND of its children. */
export interface Group {
  kind: 'group'
  id: string
  op: GroupOp
  children: BuilderNode[]
}

export type BuilderNode = Criterion | Group

/** The root is always an AND group. */
export type BuilderModel = Group & { op: 'and' }

export type CriterionKind = Criterion['kind']
