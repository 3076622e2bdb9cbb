import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { queryKeyFor, useEvent, useInvoke } from '../../ipc/hooks'

/**
 * The live meter of one server: the current snapshot from 'net.meter', then every pushed
 * 'net.meter' event (core caps them at 4 per second per server) written into the same cache.
 */
export function useNetworkMeter(serverId: string | undefined) {
  const queryClient = useQueryClient()
  const query = useInvoke('net.meter', { serverId: serverId ?? '' }, { enabled: !!serverId })
  useEvent('net.meter', (meter) =>
    queryClient.setQueryData(queryKeyFor('net.meter', { serverId: meter.serverId }), meter),
  )
  return query.data
}

/** Epoch ms, re-rendering every `everyMs` while `active` (a countdown); frozen otherwise. */
export function useNow(active: boolean, everyMs = 500): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const tick = () => setNow(Date.now())
    // The first tick right away: the clock was frozen while inactive.
    const first = setTimeout(tick, 0)
    const timer = setInterval(tick, everyMs)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [active, everyMs])
  return now
}
