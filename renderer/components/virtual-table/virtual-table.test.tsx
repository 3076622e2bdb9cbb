import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { stubLayoutSize } from '../../test-support/layout-size'
import { RESIZE_STEP } from './header-row'
import { VirtualTable, type VirtualColumn } from './virtual-table'

interface Row {
  id: string
  name: string
  code: string
}

const COLUMNS: VirtualColumn[] = [
  { id: 'name', header: 'Name', width: 100, minWidth: 60, maxWidth: 400, sortable: false },
  { id: 'code', header: 'Code', width: 100, minWidth: 60, maxWidth: 400, sortable: false },
]

function table(rows: Row[], extra: Partial<Parameters<typeof VirtualTable<Row>>[0]> = {}) {
  return (
    <MantineProvider>
      <VirtualTable<Row>
        aria-label="Rows"
        columns={COLUMNS}
        rowCount={rows.length}
        rowAt={(i) => rows[i]}
        version={rows.length}
        renderCell={(row, id) => (id === 'name' ? row.name : row.code)}
        cellText={(row, id) => (id === 'name' ? row.name : row.code)}
        sort={null}
        onSort={() => {}}
        isSelected={() => false}
        onToggle={() => {}}
        onSelectAll={() => {}}
        onOpen={() => {}}
        onRangeChange={() => {}}
        {...extra}
      />
    </MantineProvider>
  )
}

const headerWidth = (id: string) =>
  parseFloat(screen.getByTestId(`column-header-${id}`).style.width)

describe('VirtualTable column widths', () => {
  it('sizes columns to the content of the rows shown', () => {
    const rows = [
      { id: '1', name: 'A very long material name that needs room', code: 'X1' },
      { id: '2', name: 'Short', code: 'Y2' },
    ]
    render(table(rows))
    expect(headerWidth('name')).toBeGreaterThan(headerWidth('code'))
    // The short column still has room for its header.
    expect(headerWidth('code')).toBeGreaterThanOrEqual(60)
  })

  it('keeps a fitted width within the column’s maximum', () => {
    render(table([{ id: '1', name: 'x'.repeat(500), code: 'c' }]))
    expect(headerWidth('name')).toBe(400)
  })

  it('uses the widths the researcher set', () => {
    render(table([{ id: '1', name: 'n', code: 'c' }], { columnWidths: { code: 333 } }))
    expect(headerWidth('code')).toBe(333)
  })

  it('resizes by keyboard: arrows widen and narrow, Enter fits to content again', () => {
    const onWidths = vi.fn()
    const rows = [{ id: '1', name: 'n', code: 'C-'.repeat(15) }]
    render(table(rows, { onColumnWidthsChange: onWidths }))
    const handle = screen.getByRole('separator', { name: 'Width of Code' })
    const start = headerWidth('code')
    expect(handle).toHaveAttribute('aria-valuenow', String(start))
    fireEvent.keyDown(handle, { key: 'ArrowRight' })
    expect(onWidths).toHaveBeenLastCalledWith({ code: start + RESIZE_STEP })
    expect(headerWidth('code')).toBe(start + RESIZE_STEP)
    fireEvent.keyDown(handle, { key: 'ArrowLeft', shiftKey: true })
    expect(onWidths).toHaveBeenLastCalledWith({ code: start + RESIZE_STEP - 5 * RESIZE_STEP })
    fireEvent.keyDown(handle, { key: 'Enter' })
    expect(onWidths).toHaveBeenLastCalledWith({})
    expect(headerWidth('code')).toBe(start)
  })

  it('does not resize below the column’s minimum', () => {
    const onWidths = vi.fn()
    render(table([{ id: '1', name: 'n', code: 'c' }], { onColumnWidthsChange: onWidths }))
    const handle = screen.getByRole('separator', { name: 'Width of Code' })
    for (let i = 0; i < 5; i++) fireEvent.keyDown(handle, { key: 'ArrowLeft', shiftKey: true })
    expect(onWidths).toHaveBeenLastCalledWith({ code: 60 })
  })
})

describe('VirtualTable rows', () => {
  stubLayoutSize()

  it('turns its rows stale without formatting a cell again, and drops their entry ids', () => {
    const rows = [
      { id: 'a', name: 'Alpha', code: 'A1' },
      { id: 'b', name: 'Beta', code: 'B2' },
    ]
    const renderCell = vi.fn((row: Row, id: string) => (id === 'name' ? row.name : row.code))
    // As the results table passes them: the same functions from one render to the next.
    const rowAt = (index: number) => rows[index]
    const cellText = (row: Row, id: string) => (id === 'name' ? row.name : row.code)
    const { rerender } = render(table(rows, { renderCell, rowAt, cellText }))
    expect(screen.getAllByTestId('result-row')[0]).toHaveAttribute('data-entry-id', 'a')
    const formatted = renderCell.mock.calls.length
    expect(formatted).toBeGreaterThan(0)
    rerender(table(rows, { renderCell, rowAt, cellText, stale: true }))
    expect(screen.getByTestId('results-grid')).toHaveAttribute('data-stale', 'true')
    for (const row of screen.getAllByTestId('result-row'))
      expect(row).not.toHaveAttribute('data-entry-id')
    expect(screen.getByText('Beta')).toBeInTheDocument()
    expect(renderCell.mock.calls.length).toBe(formatted)
  })
})
