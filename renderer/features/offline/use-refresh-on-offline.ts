import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useOfflineMode } from './use-offline-mode'

/** Channels core answers from the offline library when the server is offline, else from it. */
const ANSWERED_EITHER_WAY = new Set(['search.page', 'search.count', 'search.aggregations'])

/**
 * Refetches what Search shows when the active server turns offline or back online: the same
 * query answered by the server and by the pinned entries differs (200 pinned of 228), and a
 * cached answer of the other side stayed on screen (the builder's counts are kept a minute), so
 * the periodic table counted the server's entries while the results were the library's.
 */
export function useRefreshOnOfflineChange(): void {
  const { active, offline } = useOfflineMode()
  const queryClient = useQueryClient()
  const state = `${active?.id ?? ''}:${String(offline)}`
  const seen = useRef(state)
  useEffect(() => {
    if (seen.current === state) return
    seen.current = state
    void queryClient.invalidateQueries({
      predicate: (query) => ANSWERED_EITHER_WAY.has(String(query.queryKey[0])),
    })
  }, [state, queryClient])
}
