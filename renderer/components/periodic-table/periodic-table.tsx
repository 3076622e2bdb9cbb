import { memo } from 'react'
import { ELEMENT_CELLS } from './layout'
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
  return (
    <div
      className={classes.grid}
      role="group"
      aria-label="Periodic table"
      data-testid="periodic-table"
    >
      {ELEMENT_CELLS.map((cell) => {
        const state = props.state(cell.symbol)
        const count = props.counts?.get(cell.symbol)
        const zero = props.counts !== undefined && (count ?? 0) === 0
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
            disabled={zero && state === null}
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
