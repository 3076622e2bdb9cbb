/** The query builder's model: types, toQuery/fromQuery, edits and descriptions. */
export * from './types'
export { newId } from './ids'
export { toQuery, nodeQuery, ELEMENTS, ELEMENTS_EXCLUSIVE, OPTIMADE } from './to-query'
export { fromQuery, type FromQueryOptions } from './from-query'
export * from './edit'
export { preferredUnit, unitFits, tidy, displayToStored, storedToDisplay } from './units'
