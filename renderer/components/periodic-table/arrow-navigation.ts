import type { ElementCell } from './layout'

export type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End'

export const isArrowKey = (key: string): key is ArrowKey =>
  ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(key)

/**
 * The cell an arrow key moves to from `from`, as the eye reads the table: ←/→ along the row,
 * ↑/↓ to the nearest column of the next row that has a usable cell (H ↓ Li, He ↓ Ne; the
 * lanthanide row sits below period 7), Home/End to the row's ends. Cells `usable` rejects
 * (greyed-out elements) are stepped over; undefined at the table's edge.
 */
export function arrowTarget(
  cells: readonly ElementCell[],
  from: ElementCell,
  key: ArrowKey,
  usable: (cell: ElementCell) => boolean,
): ElementCell | undefined {
  const candidates = cells.filter((c) => c !== from && usable(c))
  const inRow = candidates.filter((c) => c.row === from.row)
  const byColumn = (a: ElementCell, b: ElementCell) => a.column - b.column
  switch (key) {
    case 'ArrowLeft':
      return inRow
        .filter((c) => c.column < from.column)
        .sort(byColumn)
        .at(-1)
    case 'ArrowRight':
      return inRow.filter((c) => c.column > from.column).sort(byColumn)[0]
    case 'Home':
      return inRow.filter((c) => c.column < from.column).sort(byColumn)[0]
    case 'End':
      return inRow
        .filter((c) => c.column > from.column)
        .sort(byColumn)
        .at(-1)
    case 'ArrowUp':
    case 'ArrowDown': {
      const down = key === 'ArrowDown'
      const rows = [...new Set(candidates.map((c) => c.row))]
        .filter((row) => (down ? row > from.row : row < from.row))
        .sort((a, b) => (down ? a - b : b - a))
      const [next] = rows
      if (next === undefined) return undefined
      const distance = (c: ElementCell) => Math.abs(c.column - from.column)
      return candidates
        .filter((c) => c.row === next)
        .sort((a, b) => distance(a) - distance(b) || a.column - b.column)[0]
    }
  }
}
