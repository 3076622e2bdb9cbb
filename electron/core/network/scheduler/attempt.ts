import type { Clock } from './clock'
import { IdleWatchdog } from './idle-watchdog'
import { outcomeOfError } from './scheduler-errors'
import { BodyIdleTimeoutError, type AttemptOutcome, type AttemptTask } from './scheduler-types'

/** One attempt holding a slot: its abort switch, watchdog and what the controllers need. */
export interface RunningAttempt {
  readonly abort: AbortController
  readonly watchdog: IdleWatchdog
  readonly dispatchedAt: number
  /** In flight at dispatch, this attempt included. */
  readonly inFlightAtDispatch: number
  /** The lane's slot cap at dispatch (saturated when inFlightAtDispatch reached it). */
  readonly laneCap: number
  /** How late our own timers ran around the dispatch (ms): jitter that is ours, not the server's. */
  readonly ownJitterMs: number
  /** Sent on the interactive reserve, closer to the previous attempt than the pace (Pacer). */
  readonly aheadOfPace: boolean
}

/**
 * Starts one attempt of task. onOutcome receives exactly what the task returned, the
 * classification of what it threw, or a transient BodyIdleTimeoutError from the watchdog (which
 * also aborts the attempt's signal). The caller ignores late outcomes of attempts it abandoned.
 */
export function startAttempt(
  clock: Clock,
  idleTimeoutMs: number,
  task: AttemptTask<unknown>,
  attemptNumber: number,
  slot: {
    now: number
    inFlight: number
    laneCap: number
    ownJitterMs: number
    aheadOfPace: boolean
  },
  onOutcome: (running: RunningAttempt, outcome: AttemptOutcome<unknown>) => void,
): RunningAttempt {
  const abort = new AbortController()
  const watchdog = new IdleWatchdog(clock, idleTimeoutMs, (idleMs, started) => {
    const error = new BodyIdleTimeoutError(idleMs, started)
    abort.abort(error)
    onOutcome(running, { kind: 'transient', error })
  })
  const running: RunningAttempt = {
    abort,
    watchdog,
    dispatchedAt: slot.now,
    inFlightAtDispatch: slot.inFlight,
    laneCap: slot.laneCap,
    ownJitterMs: slot.ownJitterMs,
    aheadOfPace: slot.aheadOfPace,
  }
  // The async wrapper turns a synchronous throw into a rejection as well.
  const attempt = (async () =>
    task({ signal: abort.signal, attempt: attemptNumber, touch: () => watchdog.touch() }))()
  void attempt.then(
    (outcome) => onOutcome(running, outcome),
    (error: unknown) => onOutcome(running, outcomeOfError(error)),
  )
  return running
}
