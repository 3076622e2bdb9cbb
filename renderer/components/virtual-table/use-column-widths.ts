import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnSizingState,
} from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import type { RowLike, VirtualColumn } from './virtual-table-types'

/** The selection checkbox column in front of the data columns. */
export const CHECKBOX_WIDTH = 40
const MIN_COLUMN_WIDTH = 60
const EMPTY: never[] = []

/**
 * The column model: TanStack Table keeps the widths and drives drag-resizing from the header.
 * It holds no rows (the virtualiser renders those), so `data` stays empty.
 */
export function useColumnWidths(columns: VirtualColumn[]) {
  const [sizing, setSizing] = useState<ColumnSizingState>({})
  // React Compiler would skip this hook because the table's functions cannot be memoised. It
  // is not part of this build (plain @vitejs/plugin-react), and nothing memoised receives them:
  // the header row is not memoised, and rows get the plain `widths` below.
  // eslint-disable-next-line react-hooks/incompatible-library -- see the comment above
  const table = useReactTable<RowLike>({
    data: EMPTY,
    columns: columns.map((c): ColumnDef<RowLike> => ({
      id: c.id,
      header: c.header,
      size: c.width,
      minSize: MIN_COLUMN_WIDTH,
    })),
    state: { columnSizing: sizing },
    onColumnSizingChange: setSizing,
    columnResizeMode: 'onChange',
    getCoreRowModel: getCoreRowModel(),
  })
  // Stable between renders unless a width changes, so memoised rows do not re-render.
  const widths = useMemo(
    () => columns.map((c) => Math.max(MIN_COLUMN_WIDTH, sizing[c.id] ?? c.width)),
    [columns, sizing],
  )
  const totalWidth = CHECKBOX_WIDTH + widths.reduce((a, b) => a + b, 0)
  return { headers: table.getFlatHeaders(), widths, totalWidth }
}
