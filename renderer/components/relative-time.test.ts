import { describe, expect, it } from 'vitest'
import { formatPast, formatRelative } from './relative-time'

const NOW = Date.parse('2030-01-10T12:00:00.000Z')
const at = (ms: number) => new Date(NOW + ms).toISOString()
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

describe('one relative-time format', () => {
  it('says the same around a week, whichever side of the boundary a screen looks from', () => {
    // The token list and the stored panel re-render at different moments.
    expect(formatRelative(at(7 * DAY - MIN), NOW)).toBe('in 7 days')
    expect(formatRelative(at(7 * DAY + MIN), NOW)).toBe('in 7 days')
    expect(formatRelative(at(-7 * DAY - MIN), NOW)).toBe('7 days ago')
  })

  it('counts in numbers, never "tomorrow" or "next week"', () => {
    expect(formatRelative(at(DAY + HOUR), NOW)).toBe('in 1 day')
    expect(formatRelative(at(-DAY), NOW)).toBe('1 day ago')
    expect(formatRelative(at(30 * DAY), NOW)).toBe('in 30 days')
    expect(formatRelative(at(3 * HOUR), NOW)).toBe('in 3 hours')
    expect(formatRelative(at(-5 * MIN), NOW)).toBe('5 minutes ago')
  })

  it('uses months and years only for long spans', () => {
    expect(formatRelative(at(90 * DAY), NOW)).toBe('in 3 months')
    expect(formatRelative(at(365 * DAY), NOW)).toBe('in 1 year')
    expect(formatRelative(at(-2 * 365 * DAY), NOW)).toBe('2 years ago')
  })

  it('says "just now" within a minute and passes unreadable values through', () => {
    expect(formatRelative(at(-20_000), NOW)).toBe('just now')
    expect(formatRelative(at(20_000), NOW)).toBe('in less than a minute')
    expect(formatRelative('soon', NOW)).toBe('soon')
  })
})

describe('past instants', () => {
  it('reads a server clock slightly ahead as "just now", never as the future', () => {
    expect(formatPast(at(20_000), NOW)).toBe('just now')
    expect(formatPast(at(-3 * DAY), NOW)).toBe('3 days ago')
    expect(formatPast('unknown', NOW)).toBe('unknown')
  })
})
