import { IconArrowDown, IconArrowUp } from '@tabler/icons-react'
import type { Header } from '@tanstack/react-table'
import type { KeyboardEvent } from 'react'
import { CHECKBOX_WIDTH, MAX_USER_WIDTH, MIN_COLUMN_WIDTH } from './use-column-widths'
import classes from './virtual-table.module.css'
import type { RowLike, VirtualColumn, VirtualTableProps } from './virtual-table-types'

/** Pixels per arrow key on a resize handle; with Shift, five times as many. */
export const RESIZE_STEP = 10

interface HeaderRowProps {
  /** TanStack's headers, in the order of `columns`: their widths and resize handles. */
  headers: Header<RowLike, unknown>[]
  columns: VirtualColumn[]
  widths: number[]
  totalWidth: number
  sort: VirtualTableProps<RowLike>['sort']
  onSort: (columnId: string) => void
  /** A width for the column, or null to fit it to its content again. */
  onResize: (columnId: string, width: number | null) => void
}

/**
 * The sticky header: a click sorts by a sortable column. Each header's right edge is a resize
 * handle: drag it, or focus it (Tab) and use ←/→ (Shift for bigger steps); Enter, Delete or a
 * double click fits the column to its content again.
 */
export function HeaderRow(props: HeaderRowProps) {
  const { headers, columns, widths, totalWidth, sort, onSort, onResize } = props
  return (
    <div className={classes.header} role="row" style={{ width: totalWidth }}>
      <div className={classes.headerCell} style={{ width: CHECKBOX_WIDTH }} role="columnheader" />
      {headers.map((header, i) => {
        const column = columns[i]
        const width = widths[i]
        if (!column || width === undefined) return null
        const sorted = sort?.columnId === column.id ? sort.order : null
        const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
          const step = event.shiftKey ? RESIZE_STEP * 5 : RESIZE_STEP
          if (event.key === 'ArrowRight') onResize(column.id, width + step)
          else if (event.key === 'ArrowLeft') onResize(column.id, width - step)
          else if (['Enter', 'Delete', 'Backspace'].includes(event.key)) onResize(column.id, null)
          else return
          // The grid around uses the arrows to move between rows.
          event.preventDefault()
          event.stopPropagation()
        }
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
            style={{ width }}
            onClick={column.sortable ? () => onSort(column.id) : undefined}
            data-testid={`column-header-${column.id}`}
          >
            <span className={classes.headerLabel}>{column.header}</span>
            {sorted === 'asc' && <IconArrowUp size={13} />}
            {sorted === 'desc' && <IconArrowDown size={13} />}
            <div
              className={classes.resizer}
              role="separator"
              aria-orientation="vertical"
              aria-label={`Width of ${column.header}`}
              aria-valuenow={width}
              aria-valuemin={column.minWidth ?? MIN_COLUMN_WIDTH}
              aria-valuemax={MAX_USER_WIDTH}
              tabIndex={0}
              title="Drag, or focus and use ←/→, to resize; double-click or Enter fits to content"
              onMouseDown={header.getResizeHandler()}
              onTouchStart={header.getResizeHandler()}
              onClick={(e) => e.stopPropagation()}
              onDoubleClick={() => onResize(column.id, null)}
              onKeyDown={onKeyDown}
              data-testid={`column-resizer-${column.id}`}
            />
          </div>
        )
      })}
    </div>
  )
}
