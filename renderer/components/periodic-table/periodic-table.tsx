import { memo, useRef, useState, type KeyboardEvent } from 'react'
import { arrowTarget, isArrowKey } from './arrow-navigation'
import { ELEMENT_CELLS, type ElementCell } from './layout'
import classes from './periodic-table.module.css'

export type ElementState = 'include' | 'exclude' | null

export interface PeriodicTableProps {
  state: (symbol: string) => ElementState
  /** Entries with each element under the current query; undefined while unknown. */
  counts: ReadonlyMap<string, number> | undefined
  /** Called with the next state: required → excluded → off (one click each). */
  onChange: (symbol: string, next: ElementState) => void
  /** With "only these elements", exclusion makes no sense: clicks toggle required/off. */
  includeOnly?: boolean
}

const NEXT: Record<'include' | 'exclude' | 'off', ElementState> = {
  off: 'include',
  include: 'exclude',
  exclude: null,
}

function formatShort(n: number): string {
  if (n < 1000) return String(n)
  if (n < 1e6) return `${Math.round(n / 100) / 10}k`.replace('.0k', 'k')
  return `${Math.round(n / 1e5) / 10}M`
}

/**
 * The element picker: click to require an element, click again to exclude it, a third time to
 * clear. Counts come from a terms aggregation; an element no entry has is greyed out (unless it
 * is already part of the query, so it can still be removed).
 */
export const PeriodicTable = memo(function PeriodicTable(props: PeriodicTableProps) {
  // One tab stop for the whole table (roving tabindex): arrow keys move between the cells.
  const [current, setCurrent] = useState('H')
  const grid = useRef<HTMLDivElement>(null)
  const usable = (cell: ElementCell) => {
    const zero = props.counts !== undefined && (props.counts.get(cell.symbol) ?? 0) === 0
    return !(zero && props.state(cell.symbol) === null)
  }
  const tabStop = ELEMENT_CELLS.find((c) => c.symbol === current && usable(c))
    ? current
    : ELEMENT_CELLS.find(usable)?.symbol
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = ELEMENT_CELLS.find((c) => c.symbol === current)
    if (!from || !isArrowKey(event.key)) return
    event.preventDefault()
    const target = arrowTarget(ELEMENT_CELLS, from, event.key, usable)
    if (!target) return
    setCurrent(target.symbol)
    grid.current?.querySelector<HTMLButtonElement>(`[data-symbol="${target.symbol}"]`)?.focus()
  }
  return (
    <div
      ref={grid}
      className={classes.grid}
      role="group"
      aria-label="Periodic table (arrow keys move between elements)"
      data-testid="periodic-table"
      onKeyDown={onKeyDown}
    >
      {ELEMENT_CELLS.map((cell) => {
        const state = props.state(cell.symbol)
        const count = props.counts?.get(cell.symbol)
        const unusable = !usable(cell)
        const next = props.includeOnly
          ? state === 'include'
            ? null
            : 'include'
          : NEXT[state ?? 'off']
        const title = [
          `${cell.name} (${cell.z})`,
          count !== undefined ? `${count} entries` : '',
          state === 'include' ? 'required' : state === 'exclude' ? 'excluded' : '',
        ]
          .filter(Boolean)
          .join(' · ')
        return (
          <button
            key={cell.symbol}
            type="button"
            className={[
              classes.cell,
              state === 'include' ? classes.include : '',
              state === 'exclude' ? classes.exclude : '',
            ].join(' ')}
            style={{ gridRow: cell.row, gridColumn: cell.column }}
            disabled={unusable}
            tabIndex={cell.symbol === tabStop ? 0 : -1}
            onFocus={() => setCurrent(cell.symbol)}
            data-symbol={cell.symbol}
            aria-pressed={state === 'include' ? true : state === 'exclude' ? 'mixed' : false}
            title={title}
            onClick={() => props.onChange(cell.symbol, next)}
            data-testid={`element-${cell.symbol}`}
            data-state={state ?? 'off'}
          >
            {cell.symbol}
            {count !== undefined && count > 0 && (
              <span className={classes.count}>{formatShort(count)}</span>
            )}
          </button>
        )
      })}
      <div className={classes.gap} style={{ gridRow: 8 }} />
    </div>
  )
})
