import { AppError } from '../../../../shared/errors'
import { classifyError } from './retry-policy'
import type { AttemptOutcome } from './scheduler-types'

function subject(label: string | undefined, fallback: string): string {
  return label === undefined ? fallback : label
}

/** The caller went away (changed query, paused job). */
export function cancelledError(label: string | undefined): AppError {
  return new AppError('cancelled', `${subject(label, 'The request')} was cancelled.`)
}

/** The scheduler was disposed (server removed, app quitting). */
export function closedError(origin: string, label: string | undefined): AppError {
  return new AppError(
    'cancelled',
    `${subject(label, 'The request')} was stopped: the connection to ${origin} closed.`,
  )
}

/** Retries of a throttled request ran out; reason says why (attempts, budget, long hint). */
export function throttledError(
  origin: string,
  label: string | undefined,
  outcome: { status: number; retryAfterMs?: number },
  reason: string,
): AppError {
  const what = subject(label, 'the request')
  return new AppError(
    'throttled',
    `${origin} kept refusing ${what} with HTTP ${outcome.status} (request limit) ${reason}.`,
    outcome.retryAfterMs === undefined
      ? { status: outcome.status }
      : { status: outcome.status, retryAfterMs: outcome.retryAfterMs },
  )
}

/** Rejections are always Errors; a task that failed with a string or object gets it wrapped. */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}

/** A task that threw instead of returning an outcome: classify the error itself. */
export function outcomeOfError(error: unknown): AttemptOutcome<never> {
  return classifyError(error) === 'transient'
    ? { kind: 'transient', error }
    : { kind: 'permanent', error }
}
