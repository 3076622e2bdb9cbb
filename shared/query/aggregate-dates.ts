/**
 * Calendar and fixed intervals of Elasticsearch's date histograms (UTC). The deprecated
 * `interval` parameter the server passes on means: a calendar unit when written as one
 * (1m 1h 1d 1w 1M 1q 1y or minute … year), otherwise a fixed duration (90m, 2d, 500ms).
 */
import { QueryExecutionError } from './errors'

export interface DateRounding {
  /** Start of the bucket containing t. */
  floor(t: number): number
  /** Start of the next bucket after the bucket starting at t. */
  next(t: number): number
}

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const CALENDAR: Record<string, 's' | 'm' | 'h' | 'd' | 'w' | 'M' | 'q' | 'y'> = {
  '1s': 's',
  second: 's',
  '1m': 'm',
  minute: 'm',
  '1h': 'h',
  hour: 'h',
  '1d': 'd',
  day: 'd',
  '1w': 'w',
  week: 'w',
  '1M': 'M',
  month: 'M',
  '1q': 'q',
  quarter: 'q',
  '1y': 'y',
  year: 'y',
}
const FIXED_UNITS: Record<string, number> = { ms: 1, s: SECOND, m: MINUTE, h: HOUR, d: DAY }

/** Throws the 400 Elasticsearch answers for an interval it cannot read. */
export function dateRounding(interval: string): DateRounding {
  const unit = CALENDAR[interval]
  if (unit !== undefined) return calendarRounding(unit, 1)
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(interval)
  const size = m ? Number(m[1]) * (FIXED_UNITS[m[2] ?? ''] ?? NaN) : NaN
  if (!(size > 0))
    throw new QueryExecutionError(
      `failed to parse setting [date_histogram.fixedInterval] with value [${interval}] as a time value: unit is missing or unrecognized`,
    )
  return fixedRounding(size)
}

export function fixedRounding(size: number): DateRounding {
  return { floor: (t) => Math.floor(t / size) * size, next: (t) => t + size }
}

/** Calendar units, optionally in multiples (auto_date_histogram's 3M or 5y). */
export function calendarRounding(
  unit: 's' | 'm' | 'h' | 'd' | 'w' | 'M' | 'q' | 'y',
  multiple: number,
): DateRounding {
  if (unit === 's' || unit === 'm' || unit === 'h' || unit === 'd') {
    const size = { s: SECOND, m: MINUTE, h: HOUR, d: DAY }[unit] * multiple
    return fixedRounding(size)
  }
  if (unit === 'w') {
    // ISO weeks start on Monday; 1970-01-01 was a Thursday.
    const monday = -3 * DAY
    const size = 7 * DAY * multiple
    return {
      floor: (t) => Math.floor((t - monday) / size) * size + monday,
      next: (t) => t + size,
    }
  }
  const months = (unit === 'M' ? 1 : unit === 'q' ? 3 : 12) * multiple
  return {
    floor: (t) => {
      const d = new Date(t)
      const index = d.getUTCFullYear() * 12 + d.getUTCMonth()
      const start = Math.floor(index / months) * months
      return Date.UTC(Math.floor(start / 12), start % 12, 1)
    },
    next: (t) => {
      const d = new Date(t)
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)
    },
  }
}

/** yyyy-MM-dd in UTC, the format the server asks Elasticsearch for. */
export function formatDay(t: number): string {
  return new Date(t).toISOString().slice(0, 10)
}

/** auto_date_histogram's candidate roundings, finest first, with the interval name reported. */
export const AUTO_ROUNDINGS: readonly { interval: string; rounding: DateRounding }[] = [
  ...[1, 5, 10, 30].map((n) => ({ interval: `${n}s`, rounding: calendarRounding('s', n) })),
  ...[1, 5, 10, 30].map((n) => ({ interval: `${n}m`, rounding: calendarRounding('m', n) })),
  ...[1, 3, 12].map((n) => ({ interval: `${n}h`, rounding: calendarRounding('h', n) })),
  ...[1, 7].map((n) => ({ interval: `${n}d`, rounding: calendarRounding('d', n) })),
  ...[1, 3].map((n) => ({ interval: `${n}M`, rounding: calendarRounding('M', n) })),
  ...[1, 5, 10, 20, 50, 100].map((n) => ({
    interval: `${n}y`,
    rounding: calendarRounding('y', n),
  })),
]
