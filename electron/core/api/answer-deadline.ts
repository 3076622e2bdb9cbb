import { AppError } from '../../../shared/errors'
import type { AttemptContext } from '../network/scheduler'
import { durationText, sizeText } from './answer-limits'

/** Data that arrived this long ago still counts as "still coming" when the deadline passes. */
const STILL_ARRIVING_MS = 1000

/**
 * The deadline of one attempt of a JSON call: the idle watchdog only notices silence, so an
 * answer that trickles in a few bytes at a time would hold its slot for ever without this.
 * `signal` aborts the attempt (request and body) when the deadline passes; what had arrived by
 * then (`answered`, `received`) makes the message say what really happened.
 */
export class AnswerDeadline {
  readonly signal: AbortSignal
  private readonly controller = new AbortController()
  private readonly timer: ReturnType<typeof setTimeout>
  private readonly startedAt = Date.now()
  private headers = false
  private bytes = 0
  private lastDataAt: number | undefined
  private passed = false

  constructor(
    readonly deadlineMs: number,
    attemptSignal: AbortSignal,
  ) {
    this.signal = AbortSignal.any([attemptSignal, this.controller.signal])
    this.timer = setTimeout(() => {
      this.passed = true
      this.controller.abort(new Error(`The answer took longer than ${durationText(deadlineMs)}.`))
    }, deadlineMs)
  }

  get expired(): boolean {
    return this.passed
  }

  /** The response headers arrived. */
  answered(): void {
    this.headers = true
    this.lastDataAt = Date.now()
  }

  /** Body bytes arrived. */
  received(bytes: number): void {
    this.bytes += bytes
    this.lastDataAt = Date.now()
  }

  stop(): void {
    clearTimeout(this.timer)
  }

  /** What the caller is told once the deadline passed: not retried, the same would happen. */
  error(what: string): AppError {
    const limit = durationText(this.deadlineMs)
    if (!this.headers)
      return new AppError(
        'network',
        `${what}: no answer within ${limit}; the server had not started answering. The app stopped waiting.`,
      )
    const silentFor = Date.now() - (this.lastDataAt ?? this.startedAt)
    const had =
      this.bytes === 0 ? 'only the headers had arrived' : `${sizeText(this.bytes)} had arrived`
    const then =
      silentFor < STILL_ARRIVING_MS
        ? 'and more was still coming, too slowly'
        : `and nothing more for the last ${durationText(silentFor)}`
    return new AppError(
      'network',
      `${what}: the whole answer took longer than ${limit}; ${had} ${then}. The app stopped waiting.`,
    )
  }
}

/** An attempt whose touch() also counts the bytes that arrived, for the deadline's message. */
export interface CountingAttempt extends AttemptContext {
  touch(bytes?: number): void
  /** The response headers arrived. */
  answered(): void
}

/**
 * The attempt as a JSON call sees it: its signal also aborts at the deadline, and touch(bytes)
 * feeds both the scheduler's idle watchdog and the deadline's progress.
 */
export function countingAttempt(
  attempt: AttemptContext,
  deadline: AnswerDeadline | undefined,
): CountingAttempt {
  return {
    signal: deadline?.signal ?? attempt.signal,
    attempt: attempt.attempt,
    touch: (bytes = 0) => {
      attempt.touch()
      deadline?.received(bytes)
    },
    answered: () => {
      attempt.touch()
      deadline?.answered()
    },
  }
}
