import { keepPreviousData } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { JsonObject, Owner } from '../../../../shared/api'
import type { ChannelInput } from '../../../../shared/ipc/contract'
import { useInvoke } from '../../../ipc/hooks'
import { rootCriterion, type BuilderModel } from '../model'
import { FACET_QUANTITIES } from './sections'

export type FacetCounts = Record<string, ReadonlyMap<string, number>>
export type FacetRequest = ChannelInput<'search.aggregations'>['facets'][number]

/** Where counts are taken: the server, owner and the builder's (debounced) query. */
export interface FacetScope {
  serverId: string
  owner: Owner
  query: JsonObject
}

/**
 * Terms counts for some quantities under a query: one search.aggregations request (core sends
 * it on the interactive lane, and cancels it when superseded). The previous answer stays on
 * screen while the next one is on its way, so counts do not flicker as the query changes. The
 * query is expected to be debounced by the caller (the search screen debounces it once for
 * every input that counts).
 */
export function useTermsCounts(scope: FacetScope, facets: FacetRequest[], enabled: boolean) {
  const { serverId, owner, query } = scope
  const result = useInvoke(
    'search.aggregations',
    { serverId, owner, query, facets },
    { enabled, placeholderData: keepPreviousData, staleTime: 60_000 },
  )
  const counts = useMemo<FacetCounts | undefined>(() => {
    if (!result.data) return undefined
    const out: FacetCounts = {}
    for (const [quantity, buckets] of Object.entries(result.data.facets))
      out[quantity] = new Map(buckets.map((b) => [String(b.value), b.count]))
    return out
  }, [result.data])
  return {
    counts,
    /** Entries matching the query itself (the aggregations do not narrow it). */
    total: result.data?.total,
    /** False while a previous query's answer is still shown. */
    current: result.data !== undefined && !result.isPlaceholderData,
    error: result.error,
    isFetching: result.isFetching,
  }
}

/**
 * Counts for the periodic table and the terms inputs, for the builder's (debounced) query.
 * Like NOMAD, a terms facet whose criterion is "any of" counts as if that criterion were not
 * there (exclude_from_search), so its other values show what adding them would bring; elements
 * ("all of") count within the query.
 */
export function useFacets(
  serverId: string,
  owner: Owner,
  query: JsonObject,
  model: BuilderModel,
  enabled: boolean,
) {
  const facets = FACET_QUANTITIES.map((quantity) => {
    const terms = rootCriterion(model, 'terms', quantity)
    return {
      quantity,
      excludeFromSearch: quantity !== 'results.material.elements' && (terms?.op ?? 'any') === 'any',
      ...(quantity === 'results.material.elements' ? { size: 119 } : {}),
    }
  })
  return useTermsCounts({ serverId, owner, query }, facets, enabled)
}
