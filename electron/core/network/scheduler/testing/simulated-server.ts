import type { Clock, Random } from '../clock'
import type { AttemptContext, AttemptOutcome, AttemptTask, Lane } from '../scheduler-types'
import type { NginxLimiter } from './nginx-limiter'

/**
 * Test support: a server behind a simulated nginx limiter, reached over a simulated network.
 * A task built here is what the HTTP layer will later do for real: send, wait, classify.
 * One-way latency has a small random jitter because jitter is what makes pacing exactly at a
 * strict limit fail (performance-anchors §0.5).
 */
export interface SimulatedServerOptions {
  clock: Clock
  random: Random
  limiter: NginxLimiter
  /** One-way network latency, ms. */
  latencyMs: number
  /** Extra uniform random latency per direction, ms. */
  jitterMs: number
  /** Time the server holds a connection for an admitted request, ms. */
  serviceMs: number
  /** Sent with every 503, as Retry-After would be. */
  retryAfterMs?: number
}

export interface AttemptRecord {
  lane: Lane
  label: string
  sentAt: number
  arrivedAt?: number
  finishedAt?: number
  result?: 'ok' | 'throttle' | 'aborted'
}

export class SimulatedServer {
  readonly records: AttemptRecord[] = []
  private peakConnections = 0

  constructor(private readonly options: SimulatedServerOptions) {}

  get maxConnectionsSeen(): number {
    return this.peakConnections
  }

  /** A task for one request; serviceMs overrides the default (e.g. a long download). */
  task(lane: Lane, label: string = lane, serviceMs = this.options.serviceMs): AttemptTask<string> {
    return (ctx) => this.attempt(ctx, lane, label, serviceMs)
  }

  private async attempt(
    ctx: AttemptContext,
    lane: Lane,
    label: string,
    serviceMs: number,
  ): Promise<AttemptOutcome<string>> {
    const { clock, limiter } = this.options
    const record: AttemptRecord = { lane, label, sentAt: clock.now() }
    this.records.push(record)
    try {
      await this.sleep(this.oneWay(), ctx.signal)
      record.arrivedAt = clock.now()
      if (!limiter.admit(record.arrivedAt)) {
        await this.sleep(this.oneWay(), ctx.signal)
        record.result = 'throttle'
        record.finishedAt = clock.now()
        const hint = this.options.retryAfterMs
        return hint === undefined
          ? { kind: 'throttle', status: 503 }
          : { kind: 'throttle', status: 503, retryAfterMs: hint }
      }
      this.peakConnections = Math.max(this.peakConnections, limiter.connections)
      try {
        await this.sleep(serviceMs, ctx.signal)
      } finally {
        limiter.release()
      }
      ctx.touch()
      await this.sleep(this.oneWay(), ctx.signal)
      record.result = 'ok'
      record.finishedAt = clock.now()
      return { kind: 'ok', value: label }
    } catch (error) {
      record.result = 'aborted'
      record.finishedAt = clock.now()
      throw error
    }
  }

  private oneWay(): number {
    return this.options.latencyMs + this.options.random() * this.options.jitterMs
  }

  private sleep(ms: number, signal: AbortSignal): Promise<void> {
    const { clock } = this.options
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason as Error)
        return
      }
      const onAbort = (): void => {
        clock.clearTimeout(timer)
        reject(signal.reason as Error)
      }
      const timer = clock.setTimeout(() => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      signal.addEventListener('abort', onAbort, { once: true })
    })
  }
}

/** Per-second counts of what reached the server, by arrival time (what nginx would log). */
export interface SecondStats {
  second: number
  ok: number
  throttled: number
}

export function perSecond(
  records: AttemptRecord[],
  origin: number,
  seconds: number,
): SecondStats[] {
  const stats = Array.from({ length: seconds }, (_, second) => ({ second, ok: 0, throttled: 0 }))
  for (const r of records) {
    if (r.arrivedAt === undefined) continue
    const bucket = stats[Math.floor((r.arrivedAt - origin) / 1000)]
    if (bucket === undefined) continue
    if (r.result === 'ok') bucket.ok += 1
    if (r.result === 'throttle') bucket.throttled += 1
  }
  return stats
}

/** Sums a window [from, to) of per-second stats: goodput (ok/s) and 503 share. */
export function windowStats(
  stats: SecondStats[],
  from: number,
  to: number,
): { okPerSecond: number; throttles: number; throttleShare: number } {
  const slice = stats.slice(from, to)
  const ok = slice.reduce((s, x) => s + x.ok, 0)
  const throttles = slice.reduce((s, x) => s + x.throttled, 0)
  return {
    okPerSecond: ok / Math.max(1, slice.length),
    throttles,
    throttleShare: throttles / Math.max(1, ok + throttles),
  }
}
