import type { NetworkMeter } from '../../../shared/ipc/channels/net'

/** What the meter's dot and words say; `null` meter = nothing sent to this server yet. */
export type MeterTone = 'idle' | 'normal' | 'backing-off'

export function toneOf(meter: NetworkMeter | null | undefined): MeterTone {
  if (meter === null || meter === undefined) return 'idle'
  return meter.state
}

/** Requests per second, short: "0", "2.4", "28". */
export function formatRate(perSecond: number): string {
  if (perSecond <= 0) return '0'
  if (perSecond < 10) return perSecond.toFixed(1).replace(/\.0$/, '')
  return String(Math.round(perSecond))
}

/** Whole seconds left until `until` (epoch ms), at least 1 while it is in the future. */
export function secondsLeft(until: number | undefined, now: number): number | undefined {
  if (until === undefined || until <= now) return undefined
  return Math.max(1, Math.ceil((until - now) / 1000))
}

/** The one line in the status bar. */
export function compactLabel(meter: NetworkMeter | null | undefined, now: number): string {
  if (meter === null || meter === undefined) return 'No requests yet'
  const rate = `${formatRate(meter.completedPerSecond)} req/s`
  const flight = `${meter.inFlight} in flight`
  if (meter.state === 'backing-off') {
    const left = secondsLeft(meter.backoffUntil, now)
    return left === undefined ? `Backing off · ${flight}` : `Backing off ${left} s · ${flight}`
  }
  return `${rate} · ${flight}`
}

/** The calm explanation in the popover. */
export function stateSentence(meter: NetworkMeter | null | undefined, now: number): string {
  if (meter === null || meter === undefined)
    return 'Nothing has been sent to this server yet. Requests appear here as soon as you search, browse or download.'
  if (meter.state === 'normal') {
    if (meter.throttlesLastMinute > 0)
      return 'Running normally. The server refused a few requests in the last minute; they were retried automatically.'
    return 'Running normally. Requests are paced to stay within the server’s limits.'
  }
  const left = secondsLeft(meter.backoffUntil, now)
  const waiting =
    left === undefined
      ? 'Slowing down for a moment, then continuing automatically.'
      : `Waiting ${left} s, then continuing automatically.`
  return `NOMAD is limiting requests from your network. ${waiting} Limits are per IP address, so colleagues on the same network share them.`
}
