import { useMediaQuery } from '@mantine/hooks'

/**
 * The window is narrower than Mantine's md breakpoint (62em, 992 CSS pixels): a small window,
 * or a normal one zoomed (a 1440-pixel window at 200 % is 720 CSS pixels wide). The navigation
 * shrinks to its icons (nav-bar.module.css, same breakpoint) and Search shows its builder and
 * its results one at a time, so nothing scrolls sideways (WCAG 1.4.10, docs/accessibility.md).
 */
export const COMPACT_LAYOUT_QUERY = '(max-width: 61.99em)'

export function useCompactLayout(): boolean {
  // Read at the first render, so a zoomed window never paints the wide layout first.
  return useMediaQuery(COMPACT_LAYOUT_QUERY, false, { getInitialValueInEffect: false }) ?? false
}
