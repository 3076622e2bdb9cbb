import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, type RefObject } from 'react'

interface RowWindowOptions {
  scrollRef: RefObject<HTMLDivElement | null>
  rowCount: number
  /** One more row after the last for the footer. */
  hasFooter: boolean
  rowHeight: number
  onRangeChange: (first: number, last: number) => void
}

/**
 * TanStack Virtual over the rows: only those on screen (plus a few) exist in the DOM, however
 * long the list. Reports the range of real rows on screen (the footer excluded) as it changes.
 */
export function useRowWindow(options: RowWindowOptions) {
  const { scrollRef, rowCount, rowHeight, onRangeChange } = options
  // React Compiler would skip this hook because the virtualiser's functions cannot be memoised.
  // It is not part of this build (plain @vitejs/plugin-react), and the virtualiser object is the
  // same on every render, so callbacks that keep it read its current state.
  // eslint-disable-next-line react-hooks/incompatible-library -- see the comment above
  const virtualizer = useVirtualizer({
    count: rowCount + (options.hasFooter ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0
  const last = Math.min(items[items.length - 1]?.index ?? 0, Math.max(rowCount - 1, 0))

  useEffect(() => {
    if (rowCount > 0) onRangeChange(first, last)
  }, [first, last, rowCount, onRangeChange])

  return { virtualizer, items }
}
