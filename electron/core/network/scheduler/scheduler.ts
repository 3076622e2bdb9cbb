import { onAbort } from './abort-fanout'
import type { AppError } from '../../../../shared/errors'
import { startAttempt, type RunningAttempt } from './attempt'
import { mathRandom, type Clock, type Random, type TimerHandle } from './clock'
import { ServerGovernor } from './governor'
import { LaneQueue } from './lane-queue'
import type { LearnedLimits } from './limits-store'
import { RequestMeter, type MeterLiveState } from './meter'
import {
  resolveSchedulerConfig,
  type SchedulerConfig,
  type SchedulerConfigOverrides,
} from './scheduler-config'
import { asError, cancelledError, closedError, throttledError } from './scheduler-errors'
import type { AttemptOutcome, AttemptTask, Lane, RunOptions } from './scheduler-types'
import { WakeTimer } from './wake-timer'

export interface RequestSchedulerOptions {
  /** Scheme, host and port, e.g. https://nomad-lab.eu; limits are per server, not per path. */
  origin: string
  clock: Clock
  random?: Random
  /** Limits learned in an earlier run (warm start). */
  learned?: LearnedLimits
  config?: SchedulerConfigOverrides
  /** Called when the learned limits changed noticeably (the registry persists them). */
  onLimitsChanged?: (limits: LearnedLimits) => void
}

interface Job {
  readonly lane: Lane
  readonly task: AttemptTask<unknown>
  readonly label: string | undefined
  readonly maxAttempts: number
  readonly resolve: (value: unknown) => void
  readonly reject: (error: Error) => void
  phase: 'queued' | 'waiting' | 'running' | 'settled'
  attempts: number
  lastRetryCost: number
  retryTimer?: TimerHandle
  running?: RunningAttempt
  detach?: () => void
}

/**
 * One per server origin; every request to that server goes through run(). Orders requests
 * (interactive lane first, FIFO within a lane, retries before fresh requests; the pacer keeps a
 * token in reserve for the interactive lane), sends each attempt
 * when the ServerGovernor's pacing and slot limits allow, retries throttles and transient
 * failures after the governor's backoff, cancels at once, and reports to a meter.
 */
export class RequestScheduler {
  readonly origin: string
  readonly meter: RequestMeter
  private readonly config: SchedulerConfig
  private readonly clock: Clock
  private readonly governor: ServerGovernor
  private readonly queues: Record<Lane, LaneQueue<Job>> = {
    interactive: new LaneQueue(),
    background: new LaneQueue(),
  }
  private readonly inFlight: Record<Lane, number> = { interactive: 0, background: 0 }
  private readonly waiting: Record<Lane, number> = { interactive: 0, background: 0 }
  private readonly jobs = new Set<Job>()
  private readonly wake: WakeTimer
  private disposed = false

  constructor(options: RequestSchedulerOptions) {
    this.origin = options.origin
    this.clock = options.clock
    this.config = resolveSchedulerConfig(options.config)
    this.governor = new ServerGovernor(
      this.clock.now(),
      this.config,
      options.random ?? mathRandom,
      options.learned,
      (limits) => options.onLimitsChanged?.(limits),
    )
    this.meter = new RequestMeter(this.origin, this.clock, () => this.liveState())
    this.wake = new WakeTimer(this.clock, (lateMs) => {
      this.governor.noteLateness(this.clock.now(), lateMs)
      this.pump()
    })
  }

  /**
   * Runs task until it succeeds, fails permanently, runs out of attempts or retry budget, or is
   * cancelled (AppError 'cancelled'). Exhausted throttles reject with AppError 'throttled';
   * exhausted transient failures with the task's last error.
   */
  run<T>(task: AttemptTask<T>, options: RunOptions): Promise<T> {
    const { lane, signal, label } = options
    if (this.disposed) return Promise.reject(closedError(this.origin, label))
    if (signal?.aborted === true) return Promise.reject(cancelledError(label))
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        lane,
        task,
        label,
        maxAttempts: Math.max(1, options.maxAttempts ?? this.config.defaultMaxAttempts[lane]),
        resolve: (value) => resolve(value as T),
        reject,
        phase: 'queued',
        attempts: 0,
        lastRetryCost: 0,
      }
      if (signal !== undefined) {
        job.detach = onAbort(signal, () => this.cancel(job, cancelledError(label)))
      }
      this.jobs.add(job)
      this.queues[lane].push(job, false)
      this.pump()
    })
  }

  /** Limits to persist for the next start. */
  learnedLimits(): LearnedLimits {
    return this.governor.learnedLimits(this.clock.now())
  }

  /** Rejects everything pending with AppError 'cancelled' and aborts running attempts. */
  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    this.wake.clear()
    for (const job of [...this.jobs]) this.cancel(job, closedError(this.origin, job.label))
    this.meter.dispose()
  }

  private pump(): void {
    if (this.disposed) return
    const now = this.clock.now()
    for (;;) {
      const lane = this.nextLane()
      const job = lane === undefined ? undefined : this.queues[lane].peek()
      if (job === undefined) {
        this.governor.idle(now)
        break
      }
      const delay = this.governor.delayForNext(now, job.lane)
      if (delay > 0) {
        this.wake.wakeIn(now, delay)
        break
      }
      this.queues[job.lane].delete(job)
      this.dispatch(job, now, this.governor.consumeToken(now, job.lane))
    }
    this.meter.changed()
  }

  /** Interactive first; background only while a slot stays free for interactive requests. */
  private nextLane(): Lane | undefined {
    const total = this.inFlight.interactive + this.inFlight.background
    if (this.queues.interactive.size > 0 && total < this.governor.capFor('interactive')) {
      return 'interactive'
    }
    if (this.queues.background.size > 0 && total < this.governor.capFor('background')) {
      return 'background'
    }
    return undefined
  }

  private dispatch(job: Job, now: number, aheadOfPace: boolean): void {
    job.phase = 'running'
    job.attempts += 1
    this.inFlight[job.lane] += 1
    const slot = {
      now,
      inFlight: this.inFlight.interactive + this.inFlight.background,
      laneCap: this.governor.capFor(job.lane),
      ownJitterMs: this.governor.ownJitterMs(now),
      aheadOfPace,
    }
    job.running = startAttempt(
      this.clock,
      this.config.bodyIdleTimeoutMs,
      job.task,
      job.attempts,
      slot,
      (running, outcome) => this.finish(job, running, outcome),
    )
  }

  private finish(job: Job, running: RunningAttempt, outcome: AttemptOutcome<unknown>): void {
    if (job.running !== running) return
    this.release(job)
    const now = this.clock.now()
    switch (outcome.kind) {
      case 'ok':
        this.governor.onSuccess(now, running, job.lastRetryCost)
        this.meter.recordCompleted(now)
        this.settle(job, () => job.resolve(outcome.value))
        break
      case 'permanent':
        this.settle(job, () => job.reject(asError(outcome.error)))
        break
      case 'throttle': {
        this.meter.recordThrottled(now)
        this.governor.onThrottle(now, running, outcome.retryAfterMs)
        this.retryOrFail(
          job,
          'throttle',
          (reason) => throttledError(this.origin, job.label, outcome, reason),
          outcome.retryAfterMs,
        )
        break
      }
      case 'transient':
        this.retryOrFail(job, 'transient', () => asError(outcome.error), outcome.retryAfterMs)
        break
    }
    this.pump()
  }

  private retryOrFail(
    job: Job,
    kind: 'throttle' | 'transient',
    error: (reason: string) => Error,
    hintMs: number | undefined,
  ): void {
    if (job.attempts >= job.maxAttempts) {
      this.settle(job, () => job.reject(error(`after ${job.attempts} attempts`)))
      return
    }
    const plan = this.governor.planRetry(kind, job.attempts, hintMs)
    if ('refused' in plan) {
      this.settle(job, () => job.reject(error(plan.refused)))
      return
    }
    job.lastRetryCost = plan.cost
    job.phase = 'waiting'
    this.waiting[job.lane] += 1
    job.retryTimer = this.clock.setTimeout(() => {
      job.retryTimer = undefined
      this.waiting[job.lane] -= 1
      job.phase = 'queued'
      this.queues[job.lane].push(job, true)
      this.pump()
    }, plan.delayMs)
  }

  private cancel(job: Job, error: AppError): void {
    switch (job.phase) {
      case 'settled':
        return
      case 'queued':
        this.queues[job.lane].delete(job)
        break
      case 'waiting':
        if (job.retryTimer !== undefined) this.clock.clearTimeout(job.retryTimer)
        this.waiting[job.lane] -= 1
        break
      case 'running':
        job.running?.abort.abort(error)
        this.release(job)
        break
    }
    this.settle(job, () => job.reject(error))
    this.pump()
  }

  private release(job: Job): void {
    job.running?.watchdog.stop()
    job.running = undefined
    this.inFlight[job.lane] -= 1
  }

  private settle(job: Job, deliver: () => void): void {
    job.phase = 'settled'
    job.detach?.()
    this.jobs.delete(job)
    deliver()
  }

  private liveState(): MeterLiveState {
    return {
      ...this.governor.liveLimits(this.clock.now()),
      inFlight: this.inFlight.interactive + this.inFlight.background,
      queued: {
        interactive: this.queues.interactive.size + this.waiting.interactive,
        background: this.queues.background.size + this.waiting.background,
      },
    }
  }
}
