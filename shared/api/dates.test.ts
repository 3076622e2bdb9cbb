import { describe, expect, it } from 'vitest'
import { isoDateTime, parseServerTime } from './dates'

describe('isoDateTime', () => {
  it('accepts the Elasticsearch, MongoDB and date-only forms', () => {
    for (const value of [
      '2024-03-25T18:48:53.576774+00:00',
      '2024-09-06T19:32:41.688000',
      '2025-01-10T09:00:00Z',
      '2024-03-25',
    ]) {
      expect(isoDateTime.safeParse(value).success, value).toBe(true)
    }
  })

  it('rejects text that is not a date', () => {
    expect(isoDateTime.safeParse('yesterday').success).toBe(false)
    expect(isoDateTime.safeParse('').success).toBe(false)
  })
})

describe('parseServerTime', () => {
  it('reads naive timestamps as UTC, like offset ones', () => {
    expect(parseServerTime('2024-09-06T19:32:41.688000')).toBe(
      Date.UTC(2024, 8, 6, 19, 32, 41, 688),
    )
    expect(parseServerTime('2024-09-06 19:32:41')).toBe(Date.UTC(2024, 8, 6, 19, 32, 41))
    expect(parseServerTime('2024-03-25T18:48:53.576774+02:00')).toBe(
      Date.UTC(2024, 2, 25, 16, 48, 53, 576),
    )
    expect(parseServerTime('2024-03-25')).toBe(Date.UTC(2024, 2, 25))
  })

  it('gives NaN for text that is not a date', () => {
    expect(parseServerTime('soon')).toBeNaN()
  })
})
