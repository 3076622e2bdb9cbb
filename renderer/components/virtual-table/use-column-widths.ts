import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnSizingInfoState,
  type ColumnSizingState,
  type Updater,
} from '@tanstack/react-table'
import { useCallback, useMemo, useRef, useState } from 'react'
import { fitWidths } from './fit-widths'
import type { RowLike, VirtualColumn } from './virtual-table-types'

/** The selection checkbox column in front of the data columns. */
export const CHECKBOX_WIDTH = 40
export const MIN_COLUMN_WIDTH = 60
/** The widest a researcher can make a column by dragging or keys. */
export const MAX_USER_WIDTH = 1200
const DEFAULT_MAX = 360
const EMPTY: never[] = []
const IDLE_SIZING: ColumnSizingInfoState = {
  startOffset: null,
  startSize: null,
  deltaOffset: null,
  deltaPercentage: null,
  isResizingColumn: false,
  columnSizingStart: [],
}

const apply = <T>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater

interface ColumnWidthOptions {
  /** Width the content of each column asks for (see useContentWidths). */
  natural: Record<string, number>
  /** Space for the data columns (the grid's inner width without the checkbox column). */
  available: number
  /** Widths the researcher set earlier (persisted by the caller). */
  user: Record<string, number> | undefined
  onUserChange: ((widths: Record<string, number>) => void) | undefined
}

/**
 * The column model: TanStack Table keeps the widths and drives drag-resizing from the header.
 * Columns the researcher has not sized are fitted to content and space (fitWidths); a drag
 * changes the width live and is handed to the caller once it ends, so persisting happens once
 * per drag, not per pixel. It holds no rows (the virtualiser renders those), so `data` is empty.
 */
export function useColumnWidths(columns: VirtualColumn[], options: ColumnWidthOptions) {
  const { natural, available, user, onUserChange } = options
  const [sizing, setSizing] = useState<ColumnSizingState>(user ?? {})
  const [info, setInfo] = useState<ColumnSizingInfoState>(IDLE_SIZING)
  // The caller's widths win when they change from outside (restored, reset from the picker).
  const [seenUser, setSeenUser] = useState(user)
  if (seenUser !== user && !info.isResizingColumn) {
    setSeenUser(user)
    setSizing(user ?? {})
  }
  const latest = useRef(sizing)
  latest.current = sizing

  const commit = useCallback(
    (next: ColumnSizingState) => {
      const kept: Record<string, number> = {}
      for (const c of columns) {
        const width = next[c.id]
        if (width !== undefined) kept[c.id] = Math.round(width)
      }
      onUserChange?.(kept)
    },
    [columns, onUserChange],
  )

  const fitted = useMemo(
    () =>
      fitWidths(
        columns.map((c) => ({
          id: c.id,
          natural: natural[c.id] ?? c.width,
          min: c.minWidth ?? MIN_COLUMN_WIDTH,
          max: c.maxWidth ?? DEFAULT_MAX,
          elastic: c.elastic ?? false,
          ...(c.floorWidth === undefined ? {} : { floor: c.floorWidth }),
          ...(sizing[c.id] === undefined ? {} : { user: sizing[c.id] }),
        })),
        Math.floor(available - CHECKBOX_WIDTH),
      ),
    [columns, natural, sizing, available],
  )

  // React Compiler would skip this hook because the table's functions cannot be memoised. It
  // is not part of this build (plain @vitejs/plugin-react), and nothing memoised receives them:
  // the header row is not memoised, and rows get the plain `widths` below.
  // eslint-disable-next-line react-hooks/incompatible-library -- see the comment above
  const table = useReactTable<RowLike>({
    data: EMPTY,
    columns: columns.map((c, i): ColumnDef<RowLike> => ({
      id: c.id,
      header: c.header,
      size: fitted[i] ?? c.width,
      minSize: c.minWidth ?? MIN_COLUMN_WIDTH,
      maxSize: MAX_USER_WIDTH,
    })),
    state: { columnSizing: sizing, columnSizingInfo: info },
    onColumnSizingChange: (updater) => {
      // Kept in the ref at once: the end of a drag reads it before React re-renders.
      latest.current = apply(updater, latest.current)
      setSizing(latest.current)
    },
    onColumnSizingInfoChange: (updater) => {
      const next = apply(updater, info)
      // The drag ended: hand the widths over once (`latest` holds the last live width).
      if (info.isResizingColumn !== false && next.isResizingColumn === false) commit(latest.current)
      setInfo(next)
    },
    columnResizeMode: 'onChange',
    getCoreRowModel: getCoreRowModel(),
  })

  /** Sets one column's width (keyboard resizing) and hands it over at once. */
  const resize = useCallback(
    (id: string, width: number | null) => {
      const column = columns.find((c) => c.id === id)
      const next = { ...latest.current }
      if (width === null) delete next[id]
      else
        next[id] = Math.round(
          Math.min(MAX_USER_WIDTH, Math.max(column?.minWidth ?? MIN_COLUMN_WIDTH, width)),
        )
      setSizing(next)
      commit(next)
    },
    [columns, commit],
  )

  // Stable between renders unless a width changes, so memoised rows do not re-render.
  const widths = useMemo(
    () => columns.map((c, i) => Math.round(sizing[c.id] ?? fitted[i] ?? c.width)),
    [columns, sizing, fitted],
  )
  const totalWidth = CHECKBOX_WIDTH + widths.reduce((a, b) => a + b, 0)
  return { headers: table.getFlatHeaders(), widths, totalWidth, resize, userSized: sizing }
}
