import { useQueryClient } from '@tanstack/react-query'
import type { PinSummary } from '../../../shared/ipc/channels/offline'
import { queryKeyFor, useEvent, useInvoke } from '../../ipc/hooks'

const LIST_KEY = queryKeyFor('offline.list', {})
type PinList = {
  pins: PinSummary[]
  damaged: { key: string; problem: string; pinIds?: string[] | undefined }[]
}

/** Replaces changed pins by id and appends new ones (the library lists oldest first). */
export function mergePins(current: readonly PinSummary[], changed: readonly PinSummary[]) {
  const byId = new Map(changed.map((pin) => [pin.pinId, pin]))
  const known = new Set(current.map((pin) => pin.pinId))
  return [
    ...current.map((pin) => byId.get(pin.pinId) ?? pin),
    ...changed.filter((pin) => !known.has(pin.pinId)),
  ]
}

/** Keeps the cached pin list in step with `offline.changed` (mounted once, by the app). */
export function useOfflineLiveUpdates(): void {
  const queryClient = useQueryClient()
  useEvent('offline.changed', ({ pins, damaged }) => {
    queryClient.setQueryData(LIST_KEY, (old: PinList | undefined) =>
      old ? { ...old, pins: mergePins(old.pins, pins), ...(damaged ? { damaged } : {}) } : old,
    )
  })
}

/** The pins of the library (kept live by useOfflineLiveUpdates). */
export function usePins() {
  return useInvoke('offline.list', {})
}

/** Forgets a removed pin in the cache at once. */
export function useForgetPin() {
  const queryClient = useQueryClient()
  return (pinId: string) =>
    queryClient.setQueryData(LIST_KEY, (old: PinList | undefined) =>
      old ? { ...old, pins: old.pins.filter((pin) => pin.pinId !== pinId) } : old,
    )
}
