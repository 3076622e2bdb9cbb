import { useMemo, useState } from 'react'
import { tableFonts, textWidth } from './measure-text'
import type { RowLike, VirtualColumn } from './virtual-table-types'

/** Rows sampled from the top: the first page is what a researcher sees first. */
export const SAMPLE_ROWS = 200
/** Cell padding (10 px each side) plus the border pixel. */
const CELL_PADDING = 21
/** Header padding and the resize handle; the sorted column also shows an arrow. */
const HEADER_EXTRA = 20 + 6
const SORT_ARROW = 17

/**
 * The width each column's content asks for: its widest value among the first loaded rows, or
 * its header. Sampling only the rows loaded first keeps widths still while the researcher
 * scrolls and while the next page arrives; they are measured again when those rows change (a
 * new search or sort), not on every scroll.
 */
export function useContentWidths<R extends RowLike>(options: {
  columns: VirtualColumn[]
  rowCount: number
  rowAt: (index: number) => R | undefined
  version: number
  cellText: ((row: R, columnId: string) => string) | undefined
  /** The grid's font family (read from the DOM once it exists). */
  fontFamily: string
  sortedId: string | undefined
}): Record<string, number> {
  const { columns, rowCount, rowAt, version, cellText, fontFamily, sortedId } = options
  const sampled = useSampledRows(rowAt, rowCount)
  return useMemo(() => {
    // `version` says when rowAt answers differently; it is read so the memo depends on it.
    void version
    const fonts = tableFonts(fontFamily)
    const out: Record<string, number> = {}
    for (const column of columns) {
      // Headers wrap onto two lines, so the longest word is what must fit.
      const words = column.header.split(/\s+/)
      let widest =
        Math.max(...words.map((w) => textWidth(w, fonts.header))) +
        HEADER_EXTRA +
        (column.id === sortedId ? SORT_ARROW : 0)
      if (cellText) {
        for (let i = 0; i < Math.min(rowCount, sampled); i++) {
          const row = rowAt(i)
          if (row === undefined) continue
          widest = Math.max(widest, textWidth(cellText(row, column.id), fonts.cell) + CELL_PADDING)
        }
      }
      out[column.id] = cellText ? widest : Math.max(widest, column.width)
    }
    return out
  }, [columns, rowCount, rowAt, version, cellText, fontFamily, sortedId, sampled])
}

/**
 * How many rows to measure: those in (from the top, at most SAMPLE_ROWS) when the first row
 * came, kept until the rows themselves change (a new search or sort brings a new `rowAt`).
 * Rows that arrive later, the next page fetched ahead while the first is on screen or pages
 * scrolled to, would otherwise widen a column under the researcher's eyes a moment after the
 * results appeared (the Formula column went 99 → 109 px 60–860 ms after its first paint).
 */
function useSampledRows<R>(rowAt: (index: number) => R | undefined, rowCount: number): number {
  const [sampled, setSampled] = useState<{ rowAt: typeof rowAt; rows: number } | null>(null)
  const current = sampled?.rowAt === rowAt ? sampled : null
  if (current === null && rowAt(0) !== undefined) {
    let rows = 0
    while (rows < Math.min(rowCount, SAMPLE_ROWS) && rowAt(rows) !== undefined) rows += 1
    // Adjusting state while rendering: React renders again at once, before any child sees it.
    setSampled({ rowAt, rows })
  }
  return current?.rows ?? SAMPLE_ROWS
}
