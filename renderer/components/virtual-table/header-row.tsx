import { IconArrowDown, IconArrowUp } from '@tabler/icons-react'
import type { Header } from '@tanstack/react-table'
import { CHECKBOX_WIDTH } from './use-column-widths'
import classes from './virtual-table.module.css'
import type { RowLike, VirtualColumn, VirtualTableProps } from './virtual-table-types'

interface HeaderRowProps {
  /** TanStack's headers, in the order of `columns`: their widths and resize handles. */
  headers: Header<RowLike, unknown>[]
  columns: VirtualColumn[]
  totalWidth: number
  sort: VirtualTableProps<RowLike>['sort']
  onSort: (columnId: string) => void
}

/** The sticky header: a click sorts by a sortable column, dragging a cell's edge resizes it. */
export function HeaderRow({ headers, columns, totalWidth, sort, onSort }: HeaderRowProps) {
  return (
    <div className={classes.header} role="row" style={{ width: totalWidth }}>
      <div className={classes.headerCell} style={{ width: CHECKBOX_WIDTH }} role="columnheader" />
      {headers.map((header, i) => {
        const column = columns[i]
        if (!column) return null
        const sorted = sort?.columnId === column.id ? sort.order : null
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
            onClick={column.sortable ? () => onSort(column.id) : undefined}
            data-testid={`column-header-${column.id}`}
          >
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{column.header}</span>
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
  )
}
