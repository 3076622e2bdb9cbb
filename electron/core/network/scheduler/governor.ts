import type { RunningAttempt } from './attempt'
import type { Random } from './clock'
import { ConcurrencyController } from './concurrency-controller'
import type { LearnedLimits } from './limits-store'
import type { MeterLiveState } from './meter'
import { OwnJitter } from './own-jitter'
import { Pacer } from './pacer'
import { RateController } from './rate-controller'
import { RetryBudget } from './retry-budget'
import { retryDelayMs } from './retry-policy'
import type { SchedulerConfig } from './scheduler-config'
import type { Lane } from './scheduler-types'

// The rate moves a little on every event; report (persist) only when it moved more than this.
const RATE_CHANGE_TO_REPORT = 0.1

/**
 * What one server currently allows: the pacing token bucket driven by the RateController, the
 * slot limits of the ConcurrencyController, the retry budget and any Retry-After pause. It
 * turns attempt outcomes into limit changes; the scheduler only decides who goes next.
 */
export class ServerGovernor {
  private readonly rate: RateController
  private readonly concurrency: ConcurrencyController
  private readonly budget: RetryBudget
  private readonly pacer: Pacer
  private readonly jitter = new OwnJitter()
  private pauseUntil = Number.NEGATIVE_INFINITY
  private reportedRate: number

  constructor(
    now: number,
    private readonly config: SchedulerConfig,
    private readonly random: Random,
    learned: LearnedLimits | undefined,
    private readonly onLimitsChanged: (limits: LearnedLimits) => void,
  ) {
    this.rate = new RateController(now, config.rate, learned)
    this.concurrency = new ConcurrencyController(config.concurrency, learned?.concurrency)
    this.budget = new RetryBudget(config.retryBudget)
    this.reportedRate = this.rate.rate(now)
    this.pacer = new Pacer(this.reportedRate, config.pacerCapacity, config.interactiveReserve, now)
  }

  /** Slots the lane may fill in total (background leaves one for interactive). */
  capFor(lane: Lane): number {
    return this.concurrency.capFor(lane)
  }

  /**
   * Milliseconds until the next attempt, of `lane`, may be sent (Retry-After pause, then pacing
   * with the interactive reserve, see Pacer); 0 means now. Only call it when a request is ready
   * and has a slot: that is what makes the time count as pacing-limited for the rate controller.
   */
  delayForNext(now: number, lane: Lane): number {
    if (now < this.pauseUntil) {
      this.rate.setPacingLimited(now, false)
      return this.pauseUntil - now
    }
    this.pacer.setRate(this.rate.rate(now), now)
    const delay = this.pacer.delayMs(now, lane, this.rate.burstRate(now))
    this.rate.setPacingLimited(now, delay > 0)
    return delay
  }

  /** The pacing timer fired lateMs late (a busy machine; see OwnJitter). */
  noteLateness(now: number, lateMs: number): void {
    this.jitter.note(now, lateMs)
  }

  /** How late our own timers have run lately (ms), recorded with each attempt at dispatch. */
  ownJitterMs(now: number): number {
    return this.jitter.recent(now)
  }

  /** Nothing is waiting for a token (queue empty or all slots busy). */
  idle(now: number): void {
    this.rate.setPacingLimited(now, false)
  }

  /**
   * An attempt of `lane` is being sent now; delayForNext(now, lane) must have returned 0.
   * Returns true when it leaves ahead of the pace, on the interactive reserve.
   */
  consumeToken(now: number, lane: Lane): boolean {
    return this.pacer.take(now, lane)
  }

  onSuccess(now: number, running: RunningAttempt, lastRetryCost: number): void {
    const grew = this.concurrency.onSuccess(now, running.inFlightAtDispatch >= running.laneCap)
    this.rate.onAnswer(now)
    this.budget.onSuccess(lastRetryCost)
    this.report(now, grew)
  }

  /**
   * Cuts rate and, if our pipe was full, concurrency; honours a Retry-After for the server. A
   * refused attempt that left ahead of the pace says the server is strict about spacing, not
   * that the pace is too high: the reserve goes off and the limits stay.
   */
  onThrottle(now: number, running: RunningAttempt, retryAfterMs: number | undefined): void {
    if (retryAfterMs !== undefined) {
      const pause = Math.min(retryAfterMs, this.config.maxRetryAfterMs)
      this.pauseUntil = Math.max(this.pauseUntil, now + pause)
    }
    if (running.aheadOfPace) {
      this.pacer.refuseReserve()
      return
    }
    const cutRate = this.rate.onThrottle(now, running.dispatchedAt, running.ownJitterMs)
    const cutSlots = this.concurrency.onThrottle(
      now,
      running.dispatchedAt,
      running.inFlightAtDispatch,
      running.laneCap,
    )
    this.report(now, cutRate || cutSlots)
  }

  /**
   * Plans a retry after the given number of attempts: the delay in ms, or why not to retry
   * (phrased to follow "kept failing ...").
   */
  planRetry(
    kind: 'throttle' | 'transient',
    attempts: number,
    hintMs: number | undefined,
  ): { delayMs: number; cost: number } | { refused: string } {
    if (hintMs !== undefined && hintMs > this.config.maxRetryAfterMs) {
      return { refused: `and asked to wait ${Math.round(hintMs / 1000)} s` }
    }
    const cost = this.budget.tryAcquire(kind)
    if (cost === undefined) return { refused: 'and the retry budget for this server is used up' }
    const delayMs = retryDelayMs(kind, attempts - 1, hintMs, this.config.backoff, this.random)
    return { delayMs, cost }
  }

  learnedLimits(now: number): LearnedLimits {
    const rate = this.rate.snapshot(now)
    return {
      rate: rate.rate,
      rateCeiling: rate.ceiling,
      concurrency: this.concurrency.limit,
      updatedAt: now,
    }
  }

  /** The limit part of the meter's live state. */
  liveLimits(
    now: number,
  ): Pick<
    MeterLiveState,
    'state' | 'backoffUntil' | 'ratePerSecond' | 'learnedRate' | 'concurrencyLimit'
  > {
    const rate = this.rate.snapshot(now)
    const until = Math.max(this.pauseUntil, rate.recoveryUntil)
    const base = {
      ratePerSecond: rate.rate,
      learnedRate: rate.ceiling,
      concurrencyLimit: this.concurrency.limit,
    }
    return until > now
      ? { state: 'backing-off', backoffUntil: until, ...base }
      : { state: 'normal', ...base }
  }

  private report(now: number, changed: boolean): void {
    const rate = this.rate.rate(now)
    const drifted = Math.abs(rate - this.reportedRate) > RATE_CHANGE_TO_REPORT * this.reportedRate
    if (!changed && !drifted) return
    this.reportedRate = rate
    this.onLimitsChanged(this.learnedLimits(now))
  }
}
