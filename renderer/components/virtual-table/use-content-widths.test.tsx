import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useContentWidths } from './use-content-widths'
import type { VirtualColumn } from './virtual-table-types'

interface Row {
  id: string
  formula: string
}

const COLUMNS: VirtualColumn[] = [
  { id: 'formula', header: 'Formula', width: 100, minWidth: 60, maxWidth: 400, sortable: false },
]

/** A page store's reading side: rows arrive page by page, `rowAt` stays the same function. */
function store(pageOf: (index: number) => string | undefined) {
  const loaded: Row[] = []
  return {
    loaded,
    rowAt: (index: number): Row | undefined => loaded[index],
    load(from: number, count: number) {
      for (let i = from; i < from + count; i++)
        loaded[i] = { id: `e${i}`, formula: pageOf(i) ?? '' }
    },
  }
}

function widthsOf(rowAt: (index: number) => Row | undefined, version: number) {
  return {
    columns: COLUMNS,
    rowCount: 200,
    rowAt,
    version,
    cellText: (row: Row) => row.formula,
    fontFamily: 'sans-serif',
    sortedId: undefined,
  }
}

describe('useContentWidths', () => {
  it('measures the rows loaded first and keeps the widths when the next page arrives', () => {
    // The second page holds a much longer formula than the first.
    const rows = store((i) => (i < 100 ? 'Si2' : 'C60H30N12O8S4'))
    const { result, rerender } = renderHook((props) => useContentWidths(props), {
      initialProps: widthsOf(rows.rowAt, 0),
    })
    const headerOnly = result.current.formula
    rows.load(0, 100)
    rerender(widthsOf(rows.rowAt, 1))
    const firstPage = result.current.formula
    expect(firstPage).toBeGreaterThanOrEqual(headerOnly ?? 0)
    rows.load(100, 100)
    rerender(widthsOf(rows.rowAt, 2))
    expect(result.current.formula).toBe(firstPage)
  })

  it('measures again when the rows themselves change (a new search or sort)', () => {
    const first = store(() => 'Si2')
    const { result, rerender } = renderHook((props) => useContentWidths(props), {
      initialProps: widthsOf(first.rowAt, 0),
    })
    first.load(0, 100)
    rerender(widthsOf(first.rowAt, 1))
    const narrow = result.current.formula ?? 0
    const next = store(() => 'C60H30N12O8S4')
    next.load(0, 100)
    rerender(widthsOf(next.rowAt, 1))
    expect(result.current.formula).toBeGreaterThan(narrow)
  })
})
