import { useId as useReactId } from 'react'

/**
 * Mantine's `useId` (@mantine/hooks), without its second render; the build puts it in place of
 * Mantine's own (electron/tools/mantine-hooks.ts).
 *
 * Mantine's version starts from React's id and then, in a layout effect, swaps in a random one:
 * a fallback for React before 18, which had no `useId`. A state update in a layout effect
 * renders the component again before the browser paints, so every Select, Popover, Tooltip,
 * Switch and labelled input on a new screen rendered twice, with its children
 * (docs/performance.md). React's id is unique in the page and stable: it is the id.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId()
  // Same form as Mantine's: React's id without colons, which CSS selectors would need escaped.
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`
}
