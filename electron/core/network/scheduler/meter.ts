import type { Clock, TimerHandle } from './clock'

/** One second of the sparkline: t is the start of the second (epoch ms). */
export interface MeterSample {
  t: number
  completed: number
  throttled: number
}

/** The live numbers the scheduler reports; the meter adds the rolling statistics. */
export interface MeterLiveState {
  /** backing-off: a Retry-After pause or the recovery after a throttle-driven cut is running. */
  state: 'normal' | 'backing-off'
  backoffUntil?: number
  /** Current pacing rate, requests/s. */
  ratePerSecond: number
  /** Rate at the last throttle (the learned ceiling); null while none was seen. */
  learnedRate: number | null
  concurrencyLimit: number
  inFlight: number
  queued: { interactive: number; background: number }
}

export interface MeterSnapshot extends MeterLiveState {
  origin: string
  /** Successful attempts per second over the last 5 s. */
  completedPerSecond: number
  throttlesLastMinute: number
  /** Exactly 60 one-second samples, oldest first, ending with the current second. */
  history: MeterSample[]
}

export type MeterListener = (snapshot: MeterSnapshot) => void

const HISTORY_SECONDS = 60
const RATE_WINDOW_MS = 5000
// A sparkline does not need more, and the renderer pays for every IPC event.
const MIN_INTERVAL_MS = 250
// While anything is happening, emit at least this often so the sparkline keeps sliding.
const HEARTBEAT_MS = 1000

/** Rolling per-server statistics and a change stream throttled to at most 4 events/s. */
export class RequestMeter {
  private readonly buckets: MeterSample[] = []
  private readonly completions: number[] = []
  private readonly throttles: number[] = []
  private readonly listeners = new Set<MeterListener>()
  private timer: TimerHandle | undefined
  private timerAt = Number.POSITIVE_INFINITY
  private lastEmitAt = Number.NEGATIVE_INFINITY
  private disposed = false

  constructor(
    private readonly origin: string,
    private readonly clock: Clock,
    private readonly live: () => MeterLiveState,
  ) {}

  recordCompleted(now: number): void {
    this.completions.push(now)
    this.bucket(now).completed += 1
    this.changed()
  }

  recordThrottled(now: number): void {
    this.throttles.push(now)
    this.bucket(now).throttled += 1
    this.changed()
  }

  snapshot(): MeterSnapshot {
    const now = this.clock.now()
    this.prune(now)
    const current = Math.floor(now / 1000) * 1000
    const byTime = new Map(this.buckets.map((b) => [b.t, b]))
    const history: MeterSample[] = []
    for (let i = HISTORY_SECONDS - 1; i >= 0; i--) {
      const t = current - i * 1000
      const bucket = byTime.get(t)
      history.push({ t, completed: bucket?.completed ?? 0, throttled: bucket?.throttled ?? 0 })
    }
    return {
      origin: this.origin,
      ...this.live(),
      completedPerSecond: this.completions.length / (RATE_WINDOW_MS / 1000),
      throttlesLastMinute: this.throttles.length,
      history,
    }
  }

  /** Calls listener with snapshots (at most 4 per second) until the returned function is called. */
  subscribe(listener: MeterListener): () => void {
    this.listeners.add(listener)
    this.changed()
    return () => {
      this.listeners.delete(listener)
      if (this.listeners.size === 0) this.cancelTimer()
    }
  }

  /** Something changed; schedules an event within the rate cap. */
  changed(): void {
    if (this.disposed || this.listeners.size === 0) return
    const now = this.clock.now()
    const due = Math.max(now, this.lastEmitAt + MIN_INTERVAL_MS)
    // A pending heartbeat may be later than the rate cap allows: bring it forward.
    if (this.timer !== undefined && this.timerAt <= due) return
    this.cancelTimer()
    this.schedule(due - now)
  }

  dispose(): void {
    this.disposed = true
    this.cancelTimer()
    this.listeners.clear()
  }

  private schedule(delay: number): void {
    // A zero delay still goes through the clock so listeners never run inside scheduler code.
    this.timerAt = this.clock.now() + delay
    this.timer = this.clock.setTimeout(() => this.emit(), delay)
  }

  private emit(): void {
    this.timer = undefined
    this.timerAt = Number.POSITIVE_INFINITY
    if (this.disposed || this.listeners.size === 0) return
    this.lastEmitAt = this.clock.now()
    const snapshot = this.snapshot()
    for (const listener of [...this.listeners]) listener(snapshot)
    const active =
      snapshot.inFlight > 0 ||
      snapshot.queued.interactive + snapshot.queued.background > 0 ||
      snapshot.state === 'backing-off' ||
      snapshot.history.some((s) => s.completed + s.throttled > 0)
    if (active && this.timer === undefined) this.schedule(HEARTBEAT_MS)
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer)
    this.timer = undefined
    this.timerAt = Number.POSITIVE_INFINITY
  }

  private bucket(now: number): MeterSample {
    const t = Math.floor(now / 1000) * 1000
    const last = this.buckets[this.buckets.length - 1]
    if (last !== undefined && last.t === t) return last
    const created = { t, completed: 0, throttled: 0 }
    this.buckets.push(created)
    this.prune(now)
    return created
  }

  private prune(now: number): void {
    const oldestBucket = Math.floor(now / 1000) * 1000 - (HISTORY_SECONDS - 1) * 1000
    while (this.buckets.length > 0 && (this.buckets[0]?.t ?? 0) < oldestBucket) this.buckets.shift()
    while (this.completions.length > 0 && (this.completions[0] ?? 0) <= now - RATE_WINDOW_MS) {
      this.completions.shift()
    }
    while (this.throttles.length > 0 && (this.throttles[0] ?? 0) <= now - 60_000) {
      this.throttles.shift()
    }
  }
}
