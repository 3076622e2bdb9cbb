import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { ELEMENT_CELLS } from './layout'
import { PeriodicTable, type ElementState } from './periodic-table'

function Harness({ counts }: { counts?: Map<string, number> }) {
  const [states, setStates] = useState<Record<string, ElementState>>({})
  return (
    <MantineProvider>
      <PeriodicTable
        state={(s) => states[s] ?? null}
        counts={counts}
        onChange={(symbol, next) => setStates((prev) => ({ ...prev, [symbol]: next }))}
      />
    </MantineProvider>
  )
}

describe('PeriodicTable', () => {
  it('places all 118 elements once, each in its own grid cell', () => {
    expect(ELEMENT_CELLS).toHaveLength(118)
    expect(new Set(ELEMENT_CELLS.map((c) => `${c.row}/${c.column}`)).size).toBe(118)
    expect(ELEMENT_CELLS.find((c) => c.symbol === 'Ti')).toMatchObject({ z: 22, row: 4, column: 4 })
    expect(ELEMENT_CELLS.find((c) => c.symbol === 'Og')).toMatchObject({
      z: 118,
      row: 7,
      column: 18,
    })
  })

  it('cycles a click through required, excluded and off', () => {
    render(<Harness />)
    const ti = screen.getByTestId('element-Ti')
    expect(ti).toHaveAttribute('data-state', 'off')
    fireEvent.click(ti)
    expect(ti).toHaveAttribute('data-state', 'include')
    fireEvent.click(ti)
    expect(ti).toHaveAttribute('data-state', 'exclude')
    fireEvent.click(ti)
    expect(ti).toHaveAttribute('data-state', 'off')
  })

  it('greys out elements without entries and shows counts', () => {
    render(<Harness counts={new Map([['O', 1234]])} />)
    expect(screen.getByTestId('element-O')).toBeEnabled()
    expect(screen.getByTestId('element-O')).toHaveTextContent('1.2k')
    expect(screen.getByTestId('element-Pu')).toBeDisabled()
  })

  it('is one tab stop; arrow keys move the focus between usable elements', () => {
    render(
      <Harness
        counts={
          new Map([
            ['H', 1],
            ['He', 1],
            ['Li', 1],
            ['Be', 1],
            ['Ne', 2],
          ])
        }
      />,
    )
    const tabbable = screen
      .getAllByRole('button')
      .filter((button) => button.getAttribute('tabindex') === '0')
    expect(tabbable.map((b) => b.dataset.symbol)).toEqual(['H'])
    const h = screen.getByTestId('element-H')
    h.focus()
    fireEvent.keyDown(h, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(screen.getByTestId('element-Li'))
    // B has no entries (greyed out): → steps over it to the next usable element.
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(screen.getByTestId('element-Be'))
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(screen.getByTestId('element-Ne'))
    expect(screen.getByTestId('element-Ne')).toHaveAttribute('tabindex', '0')
    expect(screen.getByTestId('element-H')).toHaveAttribute('tabindex', '-1')
  })
})
