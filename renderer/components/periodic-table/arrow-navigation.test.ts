import { describe, expect, it } from 'vitest'
import { arrowTarget, type ArrowKey } from './arrow-navigation'
import { ELEMENT_CELLS, type ElementCell } from './layout'

const cell = (symbol: string) => {
  const found = ELEMENT_CELLS.find((c) => c.symbol === symbol)
  if (!found) throw new Error(symbol)
  return found
}
const all = () => true
const move = (from: string, key: ArrowKey, usable: (c: ElementCell) => boolean = all) =>
  arrowTarget(ELEMENT_CELLS, cell(from), key, usable)?.symbol

describe('periodic table arrow keys', () => {
  it('moves along a row and across the gap of period 1', () => {
    expect(move('Ti', 'ArrowRight')).toBe('V')
    expect(move('Ti', 'ArrowLeft')).toBe('Sc')
    expect(move('H', 'ArrowRight')).toBe('He')
    expect(move('He', 'ArrowLeft')).toBe('H')
    expect(move('He', 'ArrowRight')).toBeUndefined()
  })

  it('moves between rows to the nearest column', () => {
    expect(move('H', 'ArrowDown')).toBe('Li')
    expect(move('He', 'ArrowDown')).toBe('Ne')
    expect(move('Ti', 'ArrowUp')).toBe('Mg') // no column 4 in period 3: nearest is column 2
    expect(move('Fr', 'ArrowDown')).toBe('La') // the lanthanides sit below period 7
    expect(move('Ce', 'ArrowDown')).toBe('Th')
    expect(move('Th', 'ArrowDown')).toBeUndefined()
    expect(move('H', 'ArrowUp')).toBeUndefined()
  })

  it('jumps to the row ends with Home and End', () => {
    expect(move('Fe', 'Home')).toBe('K')
    expect(move('Fe', 'End')).toBe('Kr')
  })

  it('steps over elements that cannot be picked', () => {
    const notV = (c: ElementCell) => c.symbol !== 'V'
    expect(move('Ti', 'ArrowRight', notV)).toBe('Cr')
  })
})
