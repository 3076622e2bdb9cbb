import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { esTime, mongoTime } from './time'

/** The sandbox formats times itself (fast at 100 000 entries); Date's ISO text is the reference. */
const viaDate = (ms: number) => `${new Date(ms).toISOString().slice(0, 23)}000`

describe('sandbox times', () => {
  it('format like Date.toISOString with microseconds, for any millisecond', () => {
    const min = Date.UTC(1970, 0, 1) - 5 * 365 * 86_400_000
    const max = Date.UTC(2100, 0, 1)
    fc.assert(
      fc.property(
        fc.integer({ min, max }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (ms, fraction) => {
          expect(mongoTime(ms + fraction)).toBe(viaDate(ms + fraction))
          expect(esTime(ms)).toBe(`${viaDate(ms)}+00:00`)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('formats day and year boundaries', () => {
    expect(esTime(Date.UTC(2024, 11, 31, 23, 59, 59, 999))).toBe('2024-12-31T23:59:59.999000+00:00')
    expect(mongoTime(Date.UTC(2025, 0, 1))).toBe('2025-01-01T00:00:00.000000')
    expect(mongoTime(Date.UTC(2024, 1, 29, 7, 5, 3, 9))).toBe('2024-02-29T07:05:03.009000')
  })
})
