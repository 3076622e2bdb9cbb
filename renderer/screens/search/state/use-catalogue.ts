import { useMemo } from 'react'
import type { CatalogueWire } from '../../../../shared/ipc/channels/search'
import { QuantityCatalogue } from '../../../../shared/query'
import { useInvoke } from '../../../ipc/hooks'

/** The server's searchable quantities as a catalogue (cached in core; stale after 30 min here). */
export function useCatalogue(serverId: string | undefined) {
  const info = useInvoke(
    'search.info',
    { serverId: serverId ?? '' },
    { enabled: serverId !== undefined, staleTime: 30 * 60_000 },
  )
  const catalogue = useMemo(
    () => (info.data ? catalogueFromWire(info.data) : undefined),
    [info.data],
  )
  return { catalogue, info }
}

export function catalogueFromWire(wire: CatalogueWire): QuantityCatalogue {
  return new QuantityCatalogue(
    wire.quantities.map((q) => ({
      ...q,
      ...(q.enumValues ? { enumValues: q.enumValues } : {}),
    })),
  )
}
