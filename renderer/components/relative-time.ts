import { useEffect, useState } from 'react'

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600 * 1000],
  ['month', 30 * 24 * 3600 * 1000],
  ['week', 7 * 24 * 3600 * 1000],
  ['day', 24 * 3600 * 1000],
  ['hour', 3600 * 1000],
  ['minute', 60 * 1000],
]
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** "in 3 days", "yesterday", "in 4 minutes"; "just now" within the last minute. */
export function formatRelative(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now
  if (Number.isNaN(diff)) return iso
  for (const [unit, ms] of UNITS)
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit)
  return diff >= 0 ? 'in less than a minute' : 'just now'
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
