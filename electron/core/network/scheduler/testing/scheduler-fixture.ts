import { afterEach, beforeEach, vi } from 'vitest'
import { createRealClock, seededRandom, type Clock } from '../clock'
import { RequestScheduler, type RequestSchedulerOptions } from '../scheduler'
import type { AttemptContext, AttemptOutcome, AttemptTask } from '../scheduler-types'

/** A task that records its attempts and answers the scripted outcomes in turn. */
export type ScriptedTask<T> = AttemptTask<T> & { starts: number[]; contexts: AttemptContext[] }

/** A promise's result as plain data, without ever producing an unhandled rejection. */
export interface Tracked<T> {
  value?: T
  error?: unknown
  done: boolean
}

/**
 * Test support for scheduler unit tests: fake timers with the real clock port, schedulers that
 * are disposed after each test, and small task builders.
 */
export function schedulerFixture() {
  let clock: Clock | undefined
  let created: RequestScheduler[] = []

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_700_000_000_000 })
    clock = createRealClock()
  })
  afterEach(() => {
    for (const s of created) s.dispose()
    created = []
    vi.useRealTimers()
  })

  const now = (): Clock => {
    if (clock === undefined) throw new Error('schedulerFixture used outside a test')
    return clock
  }

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      now().setTimeout(resolve, ms)
    })

  return {
    get clock(): Clock {
      return now()
    },

    sleep,

    scheduler(options: Partial<RequestSchedulerOptions> = {}): RequestScheduler {
      const s = new RequestScheduler({
        origin: 'https://nomad.test',
        clock: now(),
        random: seededRandom(1),
        ...options,
      })
      created.push(s)
      return s
    },

    scripted<T>(outcomes: AttemptOutcome<T>[], durationMs = 10): ScriptedTask<T> {
      const starts: number[] = []
      const contexts: AttemptContext[] = []
      const task = async (ctx: AttemptContext): Promise<AttemptOutcome<T>> => {
        starts.push(now().now())
        contexts.push(ctx)
        await sleep(durationMs)
        const outcome = outcomes[Math.min(starts.length, outcomes.length) - 1]
        if (outcome === undefined) throw new Error('script exhausted')
        return outcome
      }
      return Object.assign(task, { starts, contexts })
    },

    /** A task that never finishes on its own; it only ends through its abort signal. */
    hanging(log: AttemptContext[]): AttemptTask<never> {
      return (ctx) =>
        new Promise((_, reject) => {
          log.push(ctx)
          ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error))
        })
    },

    track<T>(promise: Promise<T>): Tracked<T> {
      const state: Tracked<T> = { done: false }
      promise.then(
        (value) => Object.assign(state, { value, done: true }),
        (error: unknown) => Object.assign(state, { error, done: true }),
      )
      return state
    },
  }
}

export const ok = <T>(value: T): AttemptOutcome<T> => ({ kind: 'ok', value })
export const throttle: AttemptOutcome<never> = { kind: 'throttle', status: 503 }
