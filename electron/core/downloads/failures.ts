import { AppError } from '../../../shared/errors'
import type { TransferContext } from './transfer-context'
import { DEFAULT_UNIT_RETRY } from './tunables'

/** What a unit does after a failed attempt. */
export type FailureOutcome =
  | { kind: 'stop' }
  | { kind: 'disk'; reason: string }
  | { kind: 'throttle'; waitMs: number }
  | { kind: 'permanent'; reason: string }
  | { kind: 'retryable'; reason: string }

const PERMANENT = new Set([
  'not_found',
  'forbidden',
  'auth_required',
  'invalid_input',
  'limit_exceeded',
])
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT'])

/**
 * Sorts a failure: cancellation stops the unit (pause, cancel, shutdown); a full disk pauses the
 * job; 503/429 wait for the server's backoff without costing an attempt; 4xx that will not change
 * fail the item; the rest (resets, 502/504, stalls, damaged zips) is tried again.
 */
export function classifyFailure(error: unknown): FailureOutcome {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (typeof code === 'string' && DISK_FULL.has(code))
    return { kind: 'disk', reason: (error as Error).message }
  if (error instanceof AppError) {
    if (error.code === 'cancelled') return { kind: 'stop' }
    if (error.code === 'throttled')
      return {
        kind: 'throttle',
        waitMs: Math.min(Math.max(error.details?.retryAfterMs ?? 2000, 250), 60_000),
      }
    if (PERMANENT.has(error.code)) return { kind: 'permanent', reason: reasonOf(error) }
    return { kind: 'retryable', reason: reasonOf(error) }
  }
  if ((error as Error | undefined)?.name === 'AbortError') return { kind: 'stop' }
  return { kind: 'retryable', reason: (error as Error | undefined)?.message ?? String(error) }
}

function reasonOf(error: AppError): string {
  const server = error.details?.serverMessage
  return server !== undefined && !error.message.includes(server)
    ? `${error.message} (${server})`
    : error.message
}

/** Backoff between attempts of a unit: the first delay, doubling, up to 15 s. */
export function retryDelay(
  failures: number,
  firstDelayMs = DEFAULT_UNIT_RETRY.firstDelayMs,
): number {
  return Math.min(firstDelayMs * 2 ** Math.max(failures - 1, 0), 15_000)
}

/** What a unit does next after a failed attempt. */
export type AfterFailure =
  | { next: 'again'; counted: boolean }
  | { next: 'give-up'; kind: 'permanent' | 'retryable'; reason: string }

/**
 * The one retry rule of every unit: rethrows what stops it (pause, cancel, a full disk), waits out
 * a throttle without counting an attempt, gives up on a permanent failure or after
 * `ctx.retry.attempts`, and otherwise waits the backoff before the next attempt.
 */
export async function afterFailure(
  ctx: Pick<TransferContext, 'onThrottle' | 'sleep' | 'retry'>,
  error: unknown,
  failuresSoFar: number,
): Promise<AfterFailure> {
  const outcome = classifyFailure(error)
  if (outcome.kind === 'stop' || outcome.kind === 'disk') throw error
  if (outcome.kind === 'throttle') {
    ctx.onThrottle(Date.now() + outcome.waitMs)
    await ctx.sleep(outcome.waitMs)
    return { next: 'again', counted: false }
  }
  const failures = failuresSoFar + 1
  if (outcome.kind === 'permanent' || failures >= ctx.retry.attempts)
    return { next: 'give-up', kind: outcome.kind, reason: outcome.reason }
  await ctx.sleep(retryDelay(failures, ctx.retry.firstDelayMs))
  return { next: 'again', counted: true }
}
