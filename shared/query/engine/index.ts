/**
 * The query engine: one evaluation of NOMAD queries over any document source (the sandbox's
 * DataStore, the offline library), so both answer a query identically. See source.ts.
 */
export {
  ALL_DOCUMENTS,
  type Candidates,
  type DocumentSource,
  type IndexRange,
  type SearchScope,
  type SharedPart,
} from './source'
export {
  MatchCache,
  QueryEngine,
  type MatchSet,
  type PageRequest,
  type QueryEngineOptions,
  type SearchOutput,
} from './search'
export { OrderIndexCache, startAfter, type OrderIndex } from './order-index'
export { memoize, type IndexedPredicate } from './memo-predicate'
export { aggregateSearch, type AggregationsInput } from './aggregations'
export { parseRequired, projectRequired, type MetadataRequired } from './required'
