/** Public API of the query language library (see docs/query-language.md). */
export * from './types'
export * from './errors'
export * from './quantities'
export { quantity, nestedUnder, type QuantityOptions } from './quantity'
export { CHEMICAL_SYMBOLS } from './elements'
export { normalizeQuery } from './normalize'
export { normalizeGetParams, type GetParamsOptions } from './get-params'
export { compileQuery, filterDocs, type DocPredicate, type CompileOptions } from './evaluate'
export { compilePath, valuesAt, type PathWalker } from './doc-path'
export {
  parseOptimadeFilter,
  optimadeToQuery,
  OptimadeParseError,
  OPTIMADE_PROPERTIES,
} from './optimade'
export { formatOptimadeFilter } from './optimade-format'
export { parseInstant, pythonIsoformat, pythonFloatRepr } from './values'
export { removeQuantity } from './query-transform'
export { aggregate, type AggregateOptions, type AggregationsResponse } from './aggregate'
export { parseAggregations, type AggregationRequest } from './aggregate-request'
export { METRICS, type Bucket, type BucketKey } from './aggregate-common'
export {
  validateOrderBy,
  compareDocs,
  compareKeys,
  sortKeyOf,
  encodePageAfterValue,
  decodePageAfterValue,
  afterCursor,
  type SortOrder,
  type SortKey,
  type PageCursor,
  type OrderOptions,
} from './order'
export { toSI, fromSI, unitsFor, findUnit, UNITS, type UnitDef } from './units'
