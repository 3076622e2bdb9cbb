import { createContext, useContext } from 'react'
import type { FacetScope } from './use-facets'

/**
 * The scope counts are taken in (server, owner, debounced query), for inputs deep in the
 * Advanced tree that would otherwise need it passed through every group. Null outside the
 * search screen: inputs then offer no server suggestions.
 */
const FacetScopeContext = createContext<FacetScope | null>(null)

export const FacetScopeProvider = FacetScopeContext.Provider

export function useFacetScope(): FacetScope | null {
  return useContext(FacetScopeContext)
}
