import type { Lane } from './concurrency-controller'

export type { Lane }

/** What one attempt gets from the scheduler. */
export interface AttemptContext {
  /** Aborted when the caller cancels, the body stalls, or the scheduler is disposed. */
  signal: AbortSignal
  /** 1 for the first attempt, 2 for the first retry, ... */
  attempt: number
  /** Call on every received chunk (and once headers arrive); resets the body idle watchdog. */
  touch(): void
}

/**
 * How one attempt ended. The task classifies (classifyHttp / classifyError); the scheduler
 * decides whether and when to retry.
 */
export type AttemptOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'throttle'; status: number; retryAfterMs?: number }
  | { kind: 'transient'; error: unknown; retryAfterMs?: number }
  | { kind: 'permanent'; error: unknown }

/** One attempt: issue the request, consume the body while holding the slot, classify. */
export type AttemptTask<T> = (attempt: AttemptContext) => Promise<AttemptOutcome<T>>

export interface RunOptions {
  /** interactive: a person waits for it (search, archive view, tokens); background: the rest. */
  lane: Lane
  /** Aborting it removes a queued request or aborts a running one, freeing its slot at once. */
  signal?: AbortSignal
  /** Shown in errors and logs; never include secrets. */
  label?: string
  /** Attempts including the first; default 3 interactive, 5 background (gRPC caps at 5). */
  maxAttempts?: number
}

/**
 * The body idle watchdog's abort reason and the error of the resulting transient outcome.
 * `started`: something had arrived (a touch(): headers or bytes) before the silence; false when
 * the server never began to answer.
 */
export class BodyIdleTimeoutError extends Error {
  readonly code = 'ERR_BODY_IDLE_TIMEOUT'

  constructor(
    readonly idleMs: number,
    readonly started = true,
  ) {
    super(
      started
        ? `No data received for ${Math.round(idleMs / 1000)} s; the transfer stalled.`
        : `No answer for ${Math.round(idleMs / 1000)} s; the request stalled.`,
    )
    this.name = 'BodyIdleTimeoutError'
  }
}
