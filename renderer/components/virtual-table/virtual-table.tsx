import { IconArrowDown, IconArrowUp } from '@tabler/icons-react'
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnSizingState,
} from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import {
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react'
import classes from './virtual-table.module.css'

export interface VirtualColumn {
  id: string
  header: string
  /** Shown on hover of the header (e.g. the quantity's dotted name and description). */
  title?: string
  width: number
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
  rowHeight?: number
  handle?: Ref<VirtualTableHandle>
  'aria-label': string
  'aria-rowcount'?: number
}

const CHECKBOX_WIDTH = 40

/**
 * A virtualised grid: TanStack Table for the column model (headers, widths, resizing),
 * TanStack Virtual for the rows, so only the rows on screen (plus a few) exist in the DOM
 * whatever the length. Keyboard: ↑/↓ move, Space selects, Enter opens, Ctrl/Cmd+A selects all.
 */
export function VirtualTable<R extends RowLike>(props: VirtualTableProps<R>) {
  const { columns, rowCount, rowAt, onRangeChange, rowHeight = 34 } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  const [sizing, setSizing] = useState<ColumnSizingState>({})

  const table = useReactTable<R>({
    data: EMPTY,
    columns: columns.map((c): ColumnDef<R> => ({
      id: c.id,
      header: c.header,
      size: c.width,
      minSize: 60,
    })),
    state: { columnSizing: sizing },
    onColumnSizingChange: setSizing,
    columnResizeMode: 'onChange',
    getCoreRowModel: getCoreRowModel(),
  })
  const headers = table.getFlatHeaders()
  // Stable between renders unless a width changes, so memoised rows do not re-render.
  const widths = useMemo(
    () => columns.map((c) => Math.max(60, sizing[c.id] ?? c.width)),
    [columns, sizing],
  )
  const totalWidth = CHECKBOX_WIDTH + widths.reduce((a, b) => a + b, 0)

  const footerRows = props.footer ? 1 : 0
  const virtualizer = useVirtualizer({
    count: rowCount + footerRows,
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

  useImperativeHandle(props.handle, () => ({
    focus: () => scrollRef.current?.focus(),
    scrollToIndex: (index) => virtualizer.scrollToIndex(index),
  }))

  const moveTo = useCallback(
    (index: number) => {
      const next = Math.max(0, Math.min(rowCount - 1, index))
      setActive(next)
      virtualizer.scrollToIndex(next, { align: 'auto' })
    },
    [rowCount, virtualizer],
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (rowCount === 0) return
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / rowHeight) - 1)
    const row = rowAt(active)
    switch (event.key) {
      case 'ArrowDown':
        moveTo(active + 1)
        break
      case 'ArrowUp':
        moveTo(active - 1)
        break
      case 'PageDown':
        moveTo(active + page)
        break
      case 'PageUp':
        moveTo(active - page)
        break
      case 'Home':
        moveTo(0)
        break
      case 'End':
        moveTo(rowCount - 1)
        break
      case ' ':
        if (row) props.onToggle(row.id)
        break
      case 'Enter':
        if (row) props.onOpen(row.id)
        break
      case 'a':
      case 'A':
        if (!(event.ctrlKey || event.metaKey)) return
        props.onSelectAll()
        break
      default:
        return
    }
    event.preventDefault()
  }

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      tabIndex={0}
      role="grid"
      aria-label={props['aria-label']}
      aria-rowcount={props['aria-rowcount'] ?? rowCount}
      aria-colcount={columns.length + 1}
      onKeyDown={onKeyDown}
      data-testid="results-grid"
      data-active-row={active}
    >
      <div style={{ width: totalWidth, minWidth: '100%' }}>
        <div className={classes.header} role="row" style={{ width: totalWidth }}>
          <div
            className={classes.headerCell}
            style={{ width: CHECKBOX_WIDTH }}
            role="columnheader"
          />
          {headers.map((header, i) => {
            const column = columns[i]
            if (!column) return null
            const sorted = props.sort?.columnId === column.id ? props.sort.order : null
            return (
              <div
                key={header.id}
                role="columnheader"
                aria-sort={sorted === null ? 'none' : sorted === 'asc' ? 'ascending' : 'descending'}
                title={column.title}
                className={[
                  classes.headerCell,
                  column.sortable ? classes.sortable : '',
                  sorted ? classes.sorted : '',
                ].join(' ')}
                style={{ width: header.getSize() }}
                onClick={column.sortable ? () => props.onSort(column.id) : undefined}
                data-testid={`column-header-${column.id}`}
              >
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {column.header}
                </span>
                {sorted === 'asc' && <IconArrowUp size={13} />}
                {sorted === 'desc' && <IconArrowDown size={13} />}
                <div
                  className={classes.resizer}
                  onMouseDown={header.getResizeHandler()}
                  onClick={(e) => e.stopPropagation()}
                  aria-hidden
                />
              </div>
            )
          })}
        </div>
        <div className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            if (item.index >= rowCount)
              return (
                <div
                  key="footer"
                  className={classes.row}
                  style={{
                    transform: `translateY(${item.start}px)`,
                    height: rowHeight,
                    width: totalWidth,
                  }}
                >
                  {props.footer}
                </div>
              )
            const row = rowAt(item.index)
            return (
              <Row
                // By position: a placeholder that turns into its row updates instead of remounting.
                key={item.index}
                index={item.index}
                start={item.start}
                height={rowHeight}
                row={row}
                columns={columns}
                widths={widths}
                width={totalWidth}
                selected={row ? props.isSelected(row.id) : false}
                active={item.index === active}
                renderCell={props.renderCell}
                onToggle={props.onToggle}
                onOpen={props.onOpen}
                onActivate={setActive}
              />
            )
          })}
        </div>
      </div>
    </div>
  )
}

const EMPTY: never[] = []

interface RowProps<R extends RowLike> {
  index: number
  start: number
  height: number
  row: R | undefined
  columns: VirtualColumn[]
  widths: number[]
  width: number
  selected: boolean
  active: boolean
  renderCell: (row: R, columnId: string) => ReactNode
  onToggle: (id: string) => void
  onOpen: (id: string) => void
  onActivate: (index: number) => void
}

/** Memoised: a row re-renders only when its own data, selection or position changes. */
const Row = memo(function Row<R extends RowLike>(props: RowProps<R>) {
  const { row, index } = props
  const className = [
    classes.row,
    props.selected ? classes.selected : '',
    props.active ? classes.active : '',
  ].join(' ')
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={props.selected}
      className={className}
      style={{
        transform: `translateY(${props.start}px)`,
        height: props.height,
        width: props.width,
      }}
      onClick={() => props.onActivate(index)}
      // A double click opens the entry; it should not also select the word under the pointer.
      onMouseDown={(e) => e.detail > 1 && e.preventDefault()}
      onDoubleClick={row ? () => props.onOpen(row.id) : undefined}
      data-testid="result-row"
      data-row-index={index}
      data-entry-id={row?.id}
    >
      <div className={classes.cell} style={{ width: CHECKBOX_WIDTH }} role="gridcell">
        {row && (
          // A native checkbox: rows mount by the dozen per frame while scrolling, so each must
          // be cheap (a styled component costs several times more per row).
          <input
            type="checkbox"
            className={classes.checkbox}
            checked={props.selected}
            onChange={() => props.onToggle(row.id)}
            onClick={(e) => e.stopPropagation()}
            aria-label="Select entry"
            tabIndex={-1}
            data-testid="row-checkbox"
          />
        )}
      </div>
      {props.columns.map((column, i) => (
        <div
          key={column.id}
          role="gridcell"
          className={classes.cell}
          style={{ width: props.widths[i] }}
          data-column={column.id}
        >
          {row ? props.renderCell(row, column.id) : <div className={classes.placeholder} />}
        </div>
      ))}
    </div>
  )
}) as <R extends RowLike>(props: RowProps<R>) => ReactNode
