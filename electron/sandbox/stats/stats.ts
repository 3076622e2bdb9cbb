import type { SandboxStats, SecondStats } from '../options'

/**
 * Counts what the sandbox answered: by status, 503s by cause, injected faults, aborted
 * responses, and a per-second series (benchmarks plot goodput and rejects over time).
 */
export type RejectCause = 'rate' | 'concurrency'
export type FaultKind = keyof SandboxStats['faults']

const MAX_SECONDS = 3600

export class StatsCollector {
  private since: number
  private byStatus: Record<string, number> = {}
  private rejected = { rate: 0, concurrency: 0 }
  private faults: SandboxStats['faults'] = emptyFaults()
  private aborted = 0
  private requests = 0
  private maxInFlight = 0
  private series: SecondStats[] = []

  constructor(private readonly now: () => number) {
    this.since = now()
  }

  private second(): SecondStats {
    const second = Math.floor((this.now() - this.since) / 1000)
    let last = this.series[this.series.length - 1]
    if (!last || last.second !== second) {
      last = { second, requests: 0, ok: 0, rejectedRate: 0, rejectedConcurrency: 0, errors: 0 }
      this.series.push(last)
      if (this.series.length > MAX_SECONDS) this.series.shift()
    }
    return last
  }

  /** A finished response (including 503s from the limits and injected error pages). */
  response(status: number, cause?: RejectCause): void {
    this.requests++
    this.byStatus[String(status)] = (this.byStatus[String(status)] ?? 0) + 1
    const bucket = this.second()
    bucket.requests++
    if (cause === 'rate') {
      this.rejected.rate++
      bucket.rejectedRate++
    } else if (cause === 'concurrency') {
      this.rejected.concurrency++
      bucket.rejectedConcurrency++
    } else if (status < 400) bucket.ok++
    else bucket.errors++
  }

  abortedResponse(): void {
    this.aborted++
  }

  fault(kind: FaultKind): void {
    this.faults[kind]++
  }

  inFlight(count: number): void {
    if (count > this.maxInFlight) this.maxInFlight = count
  }

  snapshot(inFlight: number): SandboxStats {
    return {
      since: this.since,
      requests: this.requests,
      byStatus: { ...this.byStatus },
      rejected: { ...this.rejected },
      faults: { ...this.faults },
      aborted: this.aborted,
      inFlight,
      maxInFlight: this.maxInFlight,
      perSecond: this.series.map((s) => ({ ...s })),
    }
  }

  reset(): void {
    this.since = this.now()
    this.byStatus = {}
    this.rejected = { rate: 0, concurrency: 0 }
    this.faults = emptyFaults()
    this.aborted = 0
    this.requests = 0
    this.maxInFlight = 0
    this.series = []
  }
}

function emptyFaults(): SandboxStats['faults'] {
  return {
    latency: 0,
    error502: 0,
    error504: 0,
    reset: 0,
    stall: 0,
    trickle: 0,
    truncate: 0,
    malformed: 0,
    truncateZip: 0,
    corruptZip: 0,
  }
}
