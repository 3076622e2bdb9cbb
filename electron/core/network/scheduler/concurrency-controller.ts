/**
 * AIMD bound on requests in flight, with one slot always reserved for the interactive lane.
 *
 * - Starts at 4 and never exceeds 10: NOMAD documents limits "as low as 10 concurrent requests"
 *   and its own client caps at 10 (performance-anchors §1.1, §1.3).
 * - Background work may hold at most limit − 1 slots. With a bulk job holding all 10 slots,
 *   28 of 30 UI requests got 503; holding 9 gave none and a 3 ms p95 (§5.4).
 * - +1 per window of successes that ran with the lane saturated (TCP's +1 per RTT), so the
 *   limit only grows when it is what holds us back.
 * - ×0.75 on a throttle that arrived while our in-flight count was at its cap: a concurrency
 *   503 looks exactly like a rate 503, and only a full pipe can have caused the former. If 6 or
 *   more were in flight, the count that drew the 503 minus one also caps growth for 30 s so a
 *   real connection limit (ingress-nginx default 8, §1.3) is not re-probed every few seconds.
 *   Below 6 a connection limit is implausible and the hold would only starve a rate-limited
 *   pipe, so plain AIMD lets the limit grow back as soon as it binds.
 * - The floor is 2: one slot for background work plus the reserved interactive slot.
 */
export interface ConcurrencyConfig {
  initial: number
  floor: number
  ceiling: number
  decrease: number
  /** How long a concurrency-throttle caps growth (ms). */
  holdMs: number
  /** In-flight count from which a throttle is taken as a possible connection limit. */
  holdFrom: number
}

export const DEFAULT_CONCURRENCY_CONFIG: ConcurrencyConfig = {
  initial: 4,
  floor: 2,
  ceiling: 10,
  decrease: 0.75,
  holdMs: 30_000,
  holdFrom: 6,
}

export type Lane = 'interactive' | 'background'

/** Not even a config override goes beyond this (the and NOMAD's client's hard cap). */
export const MAX_IN_FLIGHT = 10

export class ConcurrencyController {
  private current: number
  private credit = 0
  private lastCutAt = Number.NEGATIVE_INFINITY
  private holdCap: number
  private holdUntil = Number.NEGATIVE_INFINITY

  constructor(
    private readonly config: ConcurrencyConfig = DEFAULT_CONCURRENCY_CONFIG,
    learned?: number,
  ) {
    this.current = this.clamp(learned ?? config.initial)
    this.holdCap = config.ceiling
  }

  /** Total in-flight limit (both lanes). */
  get limit(): number {
    return this.current
  }

  /** Slots a lane may fill in total: background leaves the last one to interactive requests. */
  capFor(lane: Lane): number {
    return lane === 'interactive' ? this.current : this.current - 1
  }

  /** A success; saturated means the lane was at its cap when this attempt was dispatched. */
  onSuccess(now: number, saturated: boolean): boolean {
    if (!saturated) return false
    const ceiling = Math.min(this.config.ceiling, MAX_IN_FLIGHT)
    const cap = now < this.holdUntil ? Math.min(this.holdCap, ceiling) : ceiling
    if (this.current >= cap) return false
    this.credit += 1 / this.current
    if (this.credit < 1) return false
    this.credit = 0
    this.current += 1
    return true
  }

  /**
   * A throttle of an attempt dispatched at dispatchedAt while inFlightAtDispatch requests
   * (itself included) were running and the lane's cap was laneCap. Returns true on a cut.
   */
  onThrottle(
    now: number,
    dispatchedAt: number,
    inFlightAtDispatch: number,
    laneCap: number,
  ): boolean {
    if (dispatchedAt < this.lastCutAt || inFlightAtDispatch < laneCap) return false
    this.lastCutAt = now
    this.credit = 0
    if (inFlightAtDispatch >= this.config.holdFrom) {
      this.holdCap = Math.max(this.config.floor, inFlightAtDispatch - 1)
      this.holdUntil = now + this.config.holdMs
    }
    this.current = this.clamp(Math.floor(this.current * this.config.decrease))
    return true
  }

  private clamp(value: number): number {
    const ceiling = Math.min(this.config.ceiling, MAX_IN_FLIGHT)
    return Math.min(ceiling, Math.max(this.config.floor, Math.round(value)))
  }
}
