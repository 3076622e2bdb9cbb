import { useImperativeHandle, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { HeaderRow } from './header-row'
import { TableRow } from './table-row'
import { useColumnWidths } from './use-column-widths'
import { useContentWidths } from './use-content-widths'
import { useRowKeyboard } from './use-row-keyboard'
import { useRowWindow } from './use-row-window'
import classes from './virtual-table.module.css'
import type { RowLike, VirtualTableProps } from './virtual-table-types'

export type {
  RowLike,
  VirtualColumn,
  VirtualTableHandle,
  VirtualTableProps,
} from './virtual-table-types'

/**
 * A virtualised grid: TanStack Table for the column model (headers, widths, resizing),
 * TanStack Virtual for the rows, so only the rows on screen (plus a few) exist in the DOM
 * whatever the length. Keyboard: ↑/↓ move, Space selects, Enter opens, Ctrl/Cmd+A selects all.
 */
export function VirtualTable<R extends RowLike>(props: VirtualTableProps<R>) {
  const { columns, rowCount, rowAt, onRangeChange, rowHeight = 34 } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const { width: available, fontFamily } = useInnerWidth(scrollRef)
  const natural = useContentWidths({
    columns,
    rowCount,
    rowAt,
    version: props.version,
    cellText: props.cellText,
    fontFamily,
    sortedId: props.sort?.columnId,
  })
  const { headers, widths, totalWidth, resize } = useColumnWidths(columns, {
    natural,
    available,
    user: props.columnWidths,
    onUserChange: props.onColumnWidthsChange,
  })
  const { virtualizer, items } = useRowWindow({
    scrollRef,
    rowCount,
    hasFooter: Boolean(props.footer),
    rowHeight,
    onRangeChange,
  })

  useImperativeHandle(props.handle, () => ({
    focus: () => scrollRef.current?.focus(),
    scrollToIndex: (index) => virtualizer.scrollToIndex(index),
  }))

  const { active, setActive, onKeyDown } = useRowKeyboard({
    scrollRef,
    virtualizer,
    rowCount,
    rowAt,
    rowHeight,
    onToggle: props.onToggle,
    onOpen: props.onOpen,
    onSelectAll: props.onSelectAll,
  })

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
      aria-busy={props.stale}
      data-stale={props.stale || undefined}
    >
      <div style={{ width: totalWidth, minWidth: '100%' }}>
        <HeaderRow
          headers={headers}
          columns={columns}
          widths={widths}
          totalWidth={totalWidth}
          sort={props.sort}
          onSort={props.onSort}
          onResize={resize}
        />
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
              <TableRow
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
                stale={props.stale === true}
              />
            )
          })}
        </div>
      </div>
    </div>
  )
}

/**
 * The grid's inner width (without a vertical scrollbar), followed as the window resizes, and
 * its font family (to measure text in).
 */
function useInnerWidth(ref: RefObject<HTMLDivElement | null>) {
  const [width, setWidth] = useState(0)
  const [fontFamily, setFontFamily] = useState('')
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    setFontFamily(getComputedStyle(el).fontFamily)
    const measure = () => setWidth(el.clientWidth)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])
  return { width, fontFamily }
}
