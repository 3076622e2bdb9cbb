import type { SandboxStats } from '../../../electron/sandbox'

/** One second as the server saw it. */
export interface Second {
  ok: number
  refused: number
  requests: number
}

/** The server's per-second series, seconds 0 … duration−1, with silent seconds as zeros. */
export function timeline(stats: SandboxStats, seconds: number): Second[] {
  const out: Second[] = Array.from({ length: seconds }, () => ({ ok: 0, refused: 0, requests: 0 }))
  for (const s of stats.perSecond) {
    const slot = out[s.second]
    if (slot === undefined) continue
    slot.ok += s.ok
    slot.refused += s.rejectedRate + s.rejectedConcurrency
    slot.requests += s.requests
  }
  return out
}

/** Sums over seconds [from, to). */
export function window(series: readonly Second[], from: number, to = series.length): Second {
  const sum: Second = { ok: 0, refused: 0, requests: 0 }
  for (const s of series.slice(Math.max(0, from), to)) {
    sum.ok += s.ok
    sum.refused += s.refused
    sum.requests += s.requests
  }
  return sum
}

/** Successful requests per second over [from, to). */
export function goodput(series: readonly Second[], from: number, to = series.length): number {
  const span = Math.min(to, series.length) - Math.max(0, from)
  return span > 0 ? window(series, from, to).ok / span : Number.NaN
}

/** Share of refused (503) among all requests over [from, to). */
export function refusedShare(series: readonly Second[], from: number, to = series.length): number {
  const sum = window(series, from, to)
  return sum.requests > 0 ? sum.refused / sum.requests : 0
}

/** Seconds from `from` to the last second with a refusal (0 when none came after `from`). */
export function lastRefusalAfter(series: readonly Second[], from: number): number {
  let last = from
  series.forEach((s, i) => {
    if (i >= from && s.refused > 0) last = i + 1
  })
  return last - from
}
