import { useCallback, useSyncExternalStore } from 'react'

/**
 * Mantine's `useMediaQuery` (@mantine/hooks), without its second render; the build puts it in
 * place of Mantine's own (electron/tools/mantine-hooks.ts).
 *
 * Mantine's version starts from `initialValue` (undefined unless given) and reads the query in
 * an effect, for pages rendered on a server first. Every Transition and Collapse asks it for
 * `prefers-reduced-motion`, so each rendered twice when it first appeared, undefined then
 * false. There is no server here: the query is read when the component renders, and a change
 * of its answer renders it again.
 */
export function useMediaQuery(
  query: string,
  initialValue?: boolean,
  // Mantine's signature; the value is read at once either way.
  _options?: { getInitialValueInEffect: boolean },
): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = mediaOf(query)
      media?.addEventListener('change', onChange)
      return () => media?.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => mediaOf(query)?.matches ?? initialValue ?? false)
}

/** Asked anew each time: cheap, and a stubbed matchMedia (tests) is honoured. */
function mediaOf(query: string): MediaQueryList | undefined {
  try {
    return typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined
  } catch {
    // An invalid query: Mantine's version gives false too.
    return undefined
  }
}
