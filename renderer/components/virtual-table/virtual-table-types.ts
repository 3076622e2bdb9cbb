import type { ReactNode, Ref } from 'react'

export interface VirtualColumn {
  id: string
  header: string
  /** Shown on hover of the header (e.g. the quantity's dotted name and description). */
  title?: string
  /** Width before any row is loaded (and when rows cannot be measured). */
  width: number
  /** Bounds for the width fitted to content; the researcher may drag or key beyond the max. */
  minWidth?: number
  maxWidth?: number
  /** Gives way first when space is short (author lists, free text). */
  elastic?: boolean
  /** Elastic columns: how far below minWidth they shrink before other columns are cut. */
  floorWidth?: number
  sortable: boolean
}

export interface RowLike {
  id: string
}

export interface VirtualTableHandle {
  focus: () => void
  scrollToIndex: (index: number) => void
}

export interface VirtualTableProps<R extends RowLike> {
  columns: VirtualColumn[]
  /** Rows with a position (loaded or not); the list can grow as pages arrive. */
  rowCount: number
  /** The row at a position, or undefined while it is being fetched (a placeholder shows). */
  rowAt: (index: number) => R | undefined
  /** Something that changes whenever rowAt may answer differently (the store's version). */
  version: number
  renderCell: (row: R, columnId: string) => ReactNode
  /** A cell as plain text, to size columns to their content (the first rows are sampled). */
  cellText?: (row: R, columnId: string) => string
  /** Widths the researcher set, by column id (the rest are fitted to content and space). */
  columnWidths?: Record<string, number>
  /** After a drag ends or a key resizes: the researcher's widths, to persist. */
  onColumnWidthsChange?: (widths: Record<string, number>) => void
  sort: { columnId: string; order: 'asc' | 'desc' } | null
  onSort: (columnId: string) => void
  isSelected: (id: string) => boolean
  onToggle: (id: string) => void
  /** Ctrl/Cmd+A: the table does not know what "all" means; the caller does. */
  onSelectAll: () => void
  onOpen: (id: string) => void
  /** The rows on screen changed (fetch their pages). */
  onRangeChange: (first: number, last: number) => void
  /** Row shown below the last one (a spinner or "could not load more"). */
  footer?: ReactNode
  /**
   * The rows are a previous list's, shown while the next one loads: the grid says it is busy
   * and rows carry no `data-entry-id`, so nothing (tests included) mistakes them for the new.
   */
  stale?: boolean
  rowHeight?: number
  handle?: Ref<VirtualTableHandle>
  'aria-label': string
  'aria-rowcount'?: number
}
