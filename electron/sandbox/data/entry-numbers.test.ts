import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { coarse } from './entry-numbers'

const slow = (value: number) => Number(value.toPrecision(2))

describe('coarse', () => {
  it('gives the same double as Number(value.toPrecision(2)) for any number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (value) => {
        expect(Object.is(coarse(value), slow(value))).toBe(true)
      }),
      { numRuns: 20_000 },
    )
  })

  it('agrees on the generator ranges, at ties and next to powers of ten', () => {
    const ranges: [number, number][] = [
      [1e-6, 1e-3],
      [1e-3, 5e-2],
      [1e-4, 1e-2],
    ]
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: ranges.length - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (range, at) => {
          const [lo, hi] = ranges[range] ?? [0, 1]
          const value = lo + at * (hi - lo)
          expect(coarse(value)).toBe(slow(value))
        },
      ),
      { numRuns: 20_000 },
    )
    const edges = [9.95, 0.95, 0.00095, 0.001, 0.00099999, 1, 10, 99.5, 100, 1e-9, 5e-324]
    for (const value of [...edges, 1.7976931348623157e308, -0.0034, 0, -0, Infinity])
      expect(Object.is(coarse(value), slow(value))).toBe(true)
  })
})
