import { memo, type ReactNode } from 'react'
import { CHECKBOX_WIDTH } from './use-column-widths'
import classes from './virtual-table.module.css'
import type { RowLike, VirtualColumn } from './virtual-table-types'

interface TableRowProps<R extends RowLike> {
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
  /** A previous list's row shown while the next loads (no entry id: see VirtualTableProps). */
  stale: boolean
}

/** Memoised: a row re-renders only when its own data, selection or position changes. */
export const TableRow = memo(function TableRow<R extends RowLike>(props: TableRowProps<R>) {
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
      data-entry-id={props.stale ? undefined : row?.id}
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
      <RowCells
        row={row}
        columns={props.columns}
        widths={props.widths}
        renderCell={props.renderCell}
      />
    </div>
  )
}) as <R extends RowLike>(props: TableRowProps<R>) => ReactNode

type RowCellsProps<R extends RowLike> = Pick<
  TableRowProps<R>,
  'row' | 'columns' | 'widths' | 'renderCell'
>

/**
 * A row's data cells, memoised apart from the row: a Search click turns the shown rows stale
 * (the row loses its entry id, the grid dims) and a selection or the keyboard's active row
 * changes the row's own element, none of which changes a cell. Formatting every visible cell
 * again was most of the ~20 ms the click's render took, while the answer was on its way.
 */
const RowCells = memo(function RowCells<R extends RowLike>(props: RowCellsProps<R>) {
  const { row } = props
  return props.columns.map((column, i) => (
    <div
      key={column.id}
      role="gridcell"
      className={classes.cell}
      style={{ width: props.widths[i] }}
      data-column={column.id}
    >
      {row ? props.renderCell(row, column.id) : <div className={classes.placeholder} />}
    </div>
  ))
}) as <R extends RowLike>(props: RowCellsProps<R>) => ReactNode
