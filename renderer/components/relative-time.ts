import { useEffect, useState } from 'react'

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/**
 * The app's one relative-time format: numbers in minutes, hours, days (up to two months),
 * months (up to a year), then years. Always numeric ("in 1 day", never "tomorrow" or "next
 * week"), so two places showing the same instant a moment apart say the same thing.
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number, number][] = [
  // unit, its length, from which distance on it is used
  ['year', 365 * DAY, 365 * DAY],
  ['month', 30 * DAY, 60 * DAY],
  ['day', DAY, DAY],
  ['hour', HOUR, HOUR],
  ['minute', MINUTE, MINUTE],
]
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'always' })
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** "in 3 days", "1 day ago", "in 4 minutes"; "just now" within the last minute. */
export function formatRelative(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now
  if (Number.isNaN(diff)) return iso
  for (const [unit, ms, from] of UNITS)
    if (Math.abs(diff) >= from) return relative.format(Math.round(diff / ms), unit)
  return diff > 0 ? 'in less than a minute' : 'just now'
}

/**
 * For instants that are past by nature (created, last used): a server clock a few seconds
 * ahead of this one must not make them read "in less than a minute".
 */
export function formatPast(iso: string, now = Date.now()): string {
  const ms = Date.parse(iso)
  return formatRelative(Number.isNaN(ms) || ms <= now ? iso : new Date(now).toISOString(), now)
}

/** The exact local date and time, for tooltips next to relative dates. */
export function formatExact(iso: string): string {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? iso : exact.format(ms)
}

/** The current time, refreshed every `everyMs`, so relative dates stay true while on screen. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
