import { describe, expect, it } from 'vitest'
import { fitWidths, type ColumnFitInput } from './fit-widths'

const col = (id: string, natural: number, extra: Partial<ColumnFitInput> = {}): ColumnFitInput => ({
  id,
  natural,
  min: 60,
  max: 300,
  ...extra,
})
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)

describe('fitWidths', () => {
  it('gives each column the width its content asks for, within its min and max', () => {
    // No space known yet (0): the content widths alone, clamped.
    expect(fitWidths([col('a', 120), col('b', 20), col('c', 900)], 0)).toEqual([120, 60, 300])
  })

  it('hands leftover space to the columns in proportion, filling the space exactly', () => {
    const widths = fitWidths([col('a', 100), col('b', 300)], 800)
    expect(sum(widths)).toBe(800)
    expect(widths[1]).toBeGreaterThan(widths[0] ?? 0)
    expect((widths[1] ?? 0) / (widths[0] ?? 1)).toBeCloseTo(3, 1)
  })

  it('keeps a width the researcher set, whatever the space', () => {
    const widths = fitWidths([col('a', 100, { user: 150 }), col('b', 100)], 600)
    expect(widths).toEqual([150, 450])
    expect(fitWidths([col('a', 100, { user: 500 }), col('b', 100)], 300)).toEqual([500, 60])
  })

  it('when space is short, cuts elastic columns first, and the widest first within a group', () => {
    const columns = [
      col('method', 80),
      col('program', 160),
      col('date', 140),
      col('authors', 280, { elastic: true, min: 100 }),
    ]
    // 660 wanted, 560 there: the author list alone gives the 100 px.
    expect(fitWidths(columns, 560)).toEqual([80, 160, 140, 180])
    // 460 there: authors at their minimum (100), then program and date capped alike.
    const tight = fitWidths(columns, 460)
    expect(sum(tight)).toBe(460)
    expect(tight[0]).toBe(80)
    expect(tight[3]).toBe(100)
    expect(Math.abs((tight[1] ?? 0) - (tight[2] ?? 0))).toBeLessThanOrEqual(1)
  })

  it('never goes below a minimum (or the content, when narrower); the table scrolls instead', () => {
    const widths = fitWidths([col('a', 200), col('b', 40, { min: 60 }), col('c', 200)], 100)
    expect(widths).toEqual([60, 60, 60])
  })
})

describe('fitWidths: free text gives way before short values are cut', () => {
  const columns = [
    col('program', 160),
    col('crystal', 120),
    col('authors', 280, { elastic: true, min: 100, floor: 60 }),
  ]

  it('takes an elastic column below its minimum, to its floor, before cutting a short value', () => {
    // 560 wanted, 360 there: authors at 100 still leave 20 px over; authors give those too.
    expect(fitWidths(columns, 360)).toEqual([160, 120, 80])
  })

  it('cuts the short values only once the free text is at its floor, the widest first', () => {
    expect(fitWidths(columns, 320)).toEqual([140, 120, 60])
  })

  it('without a floor, an elastic column stops at its minimum as before', () => {
    const noFloor = columns.map((c) => ({ ...c, floor: undefined }))
    expect(fitWidths(noFloor, 360)).toEqual([140, 120, 100])
  })

  it('a floor above the minimum changes nothing', () => {
    const high = columns.map((c) => (c.elastic ? { ...c, floor: 150 } : c))
    expect(fitWidths(high, 360)).toEqual([140, 120, 100])
  })
})
