import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../shared/errors'
import { createRealClock, seededRandom, type Clock } from './clock'
import { RequestScheduler, type RequestSchedulerOptions } from './scheduler'
import {
  BodyIdleTimeoutError,
  type AttemptContext,
  type AttemptOutcome,
  type AttemptTask,
} from './scheduler-types'

let clock: Clock
let schedulers: RequestScheduler[] = []

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
  clock = createRealClock()
})
afterEach(() => {
  for (const s of schedulers) s.dispose()
  schedulers = []
  vi.useRealTimers()
})

function scheduler(options: Partial<RequestSchedulerOptions> = {}): RequestScheduler {
  const s = new RequestScheduler({
    origin: 'https://nomad.test',
    clock,
    random: seededRandom(1),
    ...options,
  })
  schedulers.push(s)
  return s
}

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    clock.setTimeout(resolve, ms)
  })

/** A task that records when each attempt started and answers the given outcomes in turn. */
function scripted<T>(
  outcomes: AttemptOutcome<T>[],
  durationMs = 10,
): AttemptTask<T> & { starts: number[]; contexts: AttemptContext[] } {
  const starts: number[] = []
  const contexts: AttemptContext[] = []
  const task = async (ctx: AttemptContext): Promise<AttemptOutcome<T>> => {
    starts.push(clock.now())
    contexts.push(ctx)
    await sleep(durationMs)
    const outcome = outcomes[Math.min(starts.length, outcomes.length) - 1]
    if (outcome === undefined) throw new Error('script exhausted')
    return outcome
  }
  return Object.assign(task, { starts, contexts })
}

/** A task that never finishes on its own; it only ends through its abort signal. */
function hanging(log: AttemptContext[]): AttemptTask<never> {
  return (ctx) =>
    new Promise((_, reject) => {
      log.push(ctx)
      ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error))
    })
}

const ok = <T>(value: T): AttemptOutcome<T> => ({ kind: 'ok', value })
const throttle: AttemptOutcome<never> = { kind: 'throttle', status: 503 }

/** Settles a promise into a plain record without ever producing an unhandled rejection. */
function track<T>(promise: Promise<T>): { value?: T; error?: unknown; done: boolean } {
  const state: { value?: T; error?: unknown; done: boolean } = { done: false }
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: unknown) => Object.assign(state, { error, done: true }),
  )
  return state
}

describe('RequestScheduler pacing', () => {
  it('spaces attempts by at least 1/rate, including the first ones after an idle period', async () => {
    const s = scheduler()
    const starts: { t: number; rate: number }[] = []
    const task: AttemptTask<number> = async () => {
      starts.push({ t: clock.now(), rate: s.meter.snapshot().ratePerSecond })
      await sleep(5)
      return ok(1)
    }
    const first = Array.from({ length: 40 }, () => s.run(task, { lane: 'background' }))
    await vi.advanceTimersByTimeAsync(10_000)
    await Promise.all(first)
    const idleFrom = starts.length
    await vi.advanceTimersByTimeAsync(30_000) // idle: tokens must not pile up into a burst
    const second = Array.from({ length: 10 }, () => s.run(task, { lane: 'background' }))
    await vi.advanceTimersByTimeAsync(10_000)
    await Promise.all(second)
    expect(starts).toHaveLength(50)
    for (let i = 1; i < starts.length; i++) {
      const gap = (starts[i]?.t ?? 0) - (starts[i - 1]?.t ?? 0)
      expect(gap).toBeGreaterThanOrEqual(1000 / (starts[i]?.rate ?? 1) - 1e-6)
    }
    const afterIdle = (starts[idleFrom + 1]?.t ?? 0) - (starts[idleFrom]?.t ?? 0)
    expect(afterIdle).toBeGreaterThanOrEqual(1000 / (starts[idleFrom]?.rate ?? 1) - 1e-6)
  })

  it('starts at 10 req/s and speeds up while requests are waiting', async () => {
    const s = scheduler()
    const task = scripted([ok(1)], 5)
    const all = Array.from({ length: 60 }, () => s.run(task, { lane: 'background' }))
    await vi.advanceTimersByTimeAsync(1000)
    const firstSecond = task.starts.length
    expect(firstSecond).toBeGreaterThanOrEqual(10)
    expect(firstSecond).toBeLessThanOrEqual(13)
    await vi.advanceTimersByTimeAsync(1000)
    expect(task.starts.length - firstSecond).toBeGreaterThan(firstSecond)
    await vi.advanceTimersByTimeAsync(10_000)
    await Promise.all(all)
  })
})

describe('RequestScheduler slots and lanes', () => {
  it('never exceeds the concurrency limit, and background leaves one slot free', async () => {
    const s = scheduler({
      learned: { rate: 100, rateCeiling: null, concurrency: 10, updatedAt: 0 },
    })
    let inFlight = 0
    let peak = 0
    let peakBackground = 0
    const job =
      (lane: 'interactive' | 'background'): AttemptTask<number> =>
      async () => {
        inFlight += 1
        peak = Math.max(peak, inFlight)
        if (lane === 'background') peakBackground = Math.max(peakBackground, inFlight)
        const snap = s.meter.snapshot()
        expect(snap.inFlight).toBeLessThanOrEqual(snap.concurrencyLimit)
        await sleep(2000)
        inFlight -= 1
        return ok(1)
      }
    const bulk = Array.from({ length: 100 }, () => s.run(job('background'), { lane: 'background' }))
    await vi.advanceTimersByTimeAsync(3000)
    const ui = Array.from({ length: 5 }, () => s.run(job('interactive'), { lane: 'interactive' }))
    await vi.advanceTimersByTimeAsync(60_000)
    await Promise.all([...bulk, ...ui])
    expect(peakBackground).toBe(9)
    expect(peak).toBe(10)
  })

  it('gives an interactive request the reserved slot at once while background saturates', async () => {
    const s = scheduler()
    const bulk: AttemptContext[] = []
    const pending = Array.from({ length: 50 }, () =>
      track(s.run(hanging(bulk), { lane: 'background' })),
    )
    await vi.advanceTimersByTimeAsync(5000)
    expect(bulk).toHaveLength(3) // limit 4, one kept for interactive requests
    const asked = clock.now()
    const ui = scripted([ok('hit')])
    const result = s.run(ui, { lane: 'interactive', label: 'search' })
    await vi.advanceTimersByTimeAsync(200)
    await expect(result).resolves.toBe('hit')
    expect((ui.starts[0] ?? Infinity) - asked).toBeLessThanOrEqual(100)
    expect(bulk).toHaveLength(3)
    expect(pending.every((p) => !p.done)).toBe(true)
  })

  it('sends queued interactive requests before queued background requests, FIFO within a lane', async () => {
    const s = scheduler()
    const order: string[] = []
    const named =
      (name: string): AttemptTask<string> =>
      async () => {
        order.push(name)
        await sleep(1)
        return ok(name)
      }
    const runs = [
      ...['b1', 'b2', 'b3', 'b4'].map((n) => s.run(named(n), { lane: 'background' })),
      ...['i1', 'i2'].map((n) => s.run(named(n), { lane: 'interactive' })),
    ]
    await vi.advanceTimersByTimeAsync(5000)
    await Promise.all(runs)
    // b1 went out before the others were queued; then interactive, then background in order.
    expect(order).toEqual(['b1', 'i1', 'i2', 'b2', 'b3', 'b4'])
  })
})

describe('RequestScheduler throttles and retries', () => {
  it('cuts the rate and, with a full pipe, the concurrency on throttles', async () => {
    const s = scheduler({ learned: { rate: 20, rateCeiling: null, concurrency: 8, updatedAt: 0 } })
    const before = s.meter.snapshot()
    let calls = 0
    const task: AttemptTask<number> = async () => {
      calls += 1
      await sleep(500)
      return calls > 12 ? ok(1) : throttle
    }
    const runs = Array.from({ length: 12 }, () =>
      track(s.run(task, { lane: 'background', maxAttempts: 10 })),
    )
    await vi.advanceTimersByTimeAsync(520) // the first answers are in, all of them 503
    const after = s.meter.snapshot()
    expect(after.learnedRate).toBeGreaterThanOrEqual(before.ratePerSecond)
    expect(after.ratePerSecond).toBeLessThan(0.8 * (after.learnedRate ?? 0))
    expect(after.throttlesLastMinute).toBeGreaterThan(0)
    expect(after.state).toBe('backing-off')
    // Requests sent while 7 of 7 background slots were busy answer 503 from t ≈ 800 ms.
    expect(after.concurrencyLimit).toBe(8)
    await vi.advanceTimersByTimeAsync(500)
    expect(s.meter.snapshot().concurrencyLimit).toBeLessThan(8)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(runs.every((r) => r.done && r.error === undefined)).toBe(true)
  })

  it('retries transient failures and resolves with the eventual success', async () => {
    const s = scheduler()
    const task = scripted<string>([
      { kind: 'transient', error: new Error('502 Bad Gateway') },
      { kind: 'transient', error: new Error('reset') },
      ok('done'),
    ])
    const result = s.run(task, { lane: 'background' })
    await vi.advanceTimersByTimeAsync(10_000)
    await expect(result).resolves.toBe('done')
    expect(task.starts).toHaveLength(3)
    expect(task.contexts.map((c) => c.attempt)).toEqual([1, 2, 3])
  })

  it('never retries a permanent error', async () => {
    const s = scheduler()
    const error = new AppError('not_found', 'No entry abc')
    const task = scripted<string>([{ kind: 'permanent', error }, ok('never')])
    const result = track(s.run(task, { lane: 'interactive' }))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(result.error).toBe(error)
    expect(task.starts).toHaveLength(1)
  })

  it('classifies what a task throws: socket errors are retried, bugs are not', async () => {
    const s = scheduler()
    let calls = 0
    const flaky: AttemptTask<string> = async () => {
      calls += 1
      await sleep(5)
      if (calls === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })
      return ok('second time')
    }
    const buggy: AttemptTask<string> = () => {
      throw new TypeError('cannot read x of undefined')
    }
    const a = s.run(flaky, { lane: 'background' })
    const b = track(s.run(buggy, { lane: 'background' }))
    await vi.advanceTimersByTimeAsync(10_000)
    await expect(a).resolves.toBe('second time')
    expect(b.error).toBeInstanceOf(TypeError)
  })

  it('rejects with the last error when attempts run out', async () => {
    const s = scheduler()
    const last = new Error('ETIMEDOUT the last one')
    const transient = scripted<string>([
      { kind: 'transient', error: new Error('first') },
      { kind: 'transient', error: last },
    ])
    const throttled = scripted<string>([{ kind: 'throttle', status: 429 }])
    const a = track(s.run(transient, { lane: 'background', maxAttempts: 2 }))
    const b = track(s.run(throttled, { lane: 'background', maxAttempts: 3, label: 'page 4' }))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(a.error).toBe(last)
    expect(b.error).toBeInstanceOf(AppError)
    expect((b.error as AppError).code).toBe('throttled')
    expect((b.error as AppError).details?.status).toBe(429)
    expect((b.error as AppError).message).toContain('page 4')
    expect(throttled.starts).toHaveLength(3)
  })

  it('backs off with full jitter: retry n waits U(0, base·2^(n-1)), never more', async () => {
    const slowest = scheduler({ random: () => 0.999999 })
    const task = scripted<string>(
      [
        ...Array.from({ length: 4 }, () => ({ kind: 'transient', error: new Error('x') }) as const),
        ok('y'),
      ],
      0,
    )
    const result = slowest.run(task, { lane: 'background' })
    await vi.advanceTimersByTimeAsync(60_000)
    await expect(result).resolves.toBe('y')
    const gaps = task.starts.slice(1).map((t, i) => t - (task.starts[i] ?? 0))
    // transient base 1 s: bounds 1, 2, 4, 8 s; random ≈ 1 puts each wait at its bound.
    gaps.forEach((gap, i) => {
      expect(gap).toBeLessThanOrEqual(1000 * 2 ** i + 1)
      expect(gap).toBeGreaterThan(1000 * 2 ** i * 0.99)
    })

    const fastest = scheduler({ random: () => 0 })
    const again = scripted<string>([{ kind: 'transient', error: new Error('x') }, ok('z')], 0)
    const quick = fastest.run(again, { lane: 'background' })
    await vi.advanceTimersByTimeAsync(1000)
    await expect(quick).resolves.toBe('z')
    expect((again.starts[1] ?? Infinity) - (again.starts[0] ?? 0)).toBeLessThanOrEqual(101)
  })

  it('honours Retry-After: no attempt to the server before it expires', async () => {
    const s = scheduler({ random: () => 0 })
    const starts: number[] = []
    let first = true
    const task: AttemptTask<string> = async () => {
      starts.push(clock.now())
      await sleep(5)
      if (first) {
        first = false
        return { kind: 'throttle', status: 503, retryAfterMs: 7000 }
      }
      return ok('fine')
    }
    const a = s.run(task, { lane: 'background' })
    await vi.advanceTimersByTimeAsync(20)
    const throttledAt = clock.now()
    const b = s.run(task, { lane: 'interactive' })
    expect(s.meter.snapshot().state).toBe('backing-off')
    expect(s.meter.snapshot().backoffUntil).toBeGreaterThanOrEqual(throttledAt + 6900)
    await vi.advanceTimersByTimeAsync(20_000)
    await Promise.all([a, b])
    expect(starts).toHaveLength(3)
    for (const t of starts.slice(1)) expect(t).toBeGreaterThanOrEqual(throttledAt - 15 + 7000)
  })

  it('fails at once when the server asks to wait longer than we hold a request', async () => {
    const s = scheduler()
    const task = scripted<string>([{ kind: 'throttle', status: 503, retryAfterMs: 3_600_000 }])
    const result = track(s.run(task, { lane: 'background' }))
    await vi.advanceTimersByTimeAsync(100)
    expect(result.done).toBe(true)
    expect((result.error as AppError).details?.retryAfterMs).toBe(3_600_000)
    expect((result.error as AppError).message).toContain('asked to wait 3600 s')
  })

  it('fails fast once the retry budget is used up', async () => {
    const s = scheduler({ config: { retryBudget: { capacity: 20 } } })
    const failing = (): AttemptTask<string> =>
      scripted<string>([{ kind: 'transient', error: new Error('502') }], 5)
    const first = track(s.run(failing(), { lane: 'background', maxAttempts: 3 }))
    await vi.advanceTimersByTimeAsync(30_000)
    expect(first.done).toBe(true) // two retries took all 20 tokens
    const task = failing() as ReturnType<typeof scripted<string>>
    const second = track(s.run(task, { lane: 'background', maxAttempts: 3 }))
    await vi.advanceTimersByTimeAsync(50)
    expect(second.done).toBe(true)
    expect(task.starts).toHaveLength(1)
  })
})

describe('RequestScheduler cancellation and disposal', () => {
  it('removes a queued request at once when its caller aborts', async () => {
    const s = scheduler()
    const bulk: AttemptContext[] = []
    const running = Array.from({ length: 3 }, () =>
      track(s.run(hanging(bulk), { lane: 'background' })),
    )
    await vi.advanceTimersByTimeAsync(1000)
    const controller = new AbortController()
    const task = scripted([ok(1)])
    const queued = track(s.run(task, { lane: 'background', signal: controller.signal }))
    expect(s.meter.snapshot().queued.background).toBe(1)
    controller.abort()
    await Promise.resolve()
    expect(queued.done).toBe(true)
    expect((queued.error as AppError).code).toBe('cancelled')
    expect(s.meter.snapshot().queued.background).toBe(0)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(task.starts).toHaveLength(0)
    expect(running.every((r) => !r.done)).toBe(true)
  })

  it('aborts an in-flight request and hands its slot to the next one at once', async () => {
    const s = scheduler()
    const contexts: AttemptContext[] = []
    const controllers = Array.from({ length: 3 }, () => new AbortController())
    const runs = controllers.map((c) =>
      track(s.run(hanging(contexts), { lane: 'background', signal: c.signal })),
    )
    await vi.advanceTimersByTimeAsync(1000)
    const next = scripted([ok('next')])
    const waiting = s.run(next, { lane: 'background' })
    await vi.advanceTimersByTimeAsync(1000)
    expect(next.starts).toHaveLength(0) // all background slots busy
    const abortedAt = clock.now()
    controllers[0]?.abort()
    await Promise.resolve()
    expect(runs[0]?.done).toBe(true)
    expect((runs[0]?.error as AppError).code).toBe('cancelled')
    expect(contexts[0]?.signal.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(200)
    await expect(waiting).resolves.toBe('next')
    expect(next.starts[0]).toBe(abortedAt)
  })

  it('cancels a request that is waiting out its backoff', async () => {
    const s = scheduler({ random: () => 0.999 })
    const controller = new AbortController()
    const task = scripted<string>([throttle, ok('late')])
    const result = track(s.run(task, { lane: 'background', signal: controller.signal }))
    await vi.advanceTimersByTimeAsync(100)
    expect(task.starts).toHaveLength(1)
    controller.abort()
    await Promise.resolve()
    expect((result.error as AppError).code).toBe('cancelled')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(task.starts).toHaveLength(1)
  })

  it('rejects an already aborted signal without calling the task', async () => {
    const s = scheduler()
    const task = scripted([ok(1)])
    await expect(
      s.run(task, { lane: 'interactive', signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ code: 'cancelled' })
    expect(task.starts).toHaveLength(0)
  })

  it('dispose rejects everything pending, aborts running attempts and refuses new work', async () => {
    const s = scheduler()
    const contexts: AttemptContext[] = []
    const runs = Array.from({ length: 6 }, () =>
      track(s.run(hanging(contexts), { lane: 'background' })),
    )
    await vi.advanceTimersByTimeAsync(1000)
    s.dispose()
    await Promise.resolve()
    expect(runs.every((r) => r.done && (r.error as AppError).code === 'cancelled')).toBe(true)
    expect(contexts.length).toBeGreaterThan(0)
    expect(contexts.every((c) => c.signal.aborted)).toBe(true)
    await expect(s.run(scripted([ok(1)]), { lane: 'interactive' })).rejects.toMatchObject({
      code: 'cancelled',
    })
  })
})

describe('RequestScheduler body idle watchdog', () => {
  /** Streams chunks every chunkMs for streamMs, then stalls forever (if stall). */
  function stream(
    chunkMs: number,
    streamMs: number,
    stall: boolean,
  ): AttemptTask<string> & {
    contexts: AttemptContext[]
  } {
    const contexts: AttemptContext[] = []
    const task = async (ctx: AttemptContext): Promise<AttemptOutcome<string>> => {
      contexts.push(ctx)
      const start = clock.now()
      while (clock.now() - start < streamMs) {
        await sleep(chunkMs)
        if (ctx.signal.aborted) throw ctx.signal.reason as Error
        ctx.touch()
      }
      if (stall && contexts.length === 1) await new Promise(() => undefined)
      return ok('complete')
    }
    return Object.assign(task, { contexts })
  }

  it('aborts a stalled body after 90 s without data and retries it', async () => {
    const s = scheduler({ random: () => 0 })
    const task = stream(10_000, 30_000, true)
    const result = s.run(task, { lane: 'background' })
    await vi.advanceTimersByTimeAsync(30_000 + 89_000)
    expect(task.contexts[0]?.signal.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1_500)
    expect(task.contexts[0]?.signal.aborted).toBe(true)
    expect(task.contexts[0]?.signal.reason).toBeInstanceOf(BodyIdleTimeoutError)
    await vi.advanceTimersByTimeAsync(60_000)
    await expect(result).resolves.toBe('complete')
    expect(task.contexts).toHaveLength(2)
  })

  it('leaves a slow but steady stream alone', async () => {
    const s = scheduler()
    const task = stream(60_000, 10 * 60_000, false)
    const result = s.run(task, { lane: 'background' })
    await vi.advanceTimersByTimeAsync(11 * 60_000)
    await expect(result).resolves.toBe('complete')
    expect(task.contexts).toHaveLength(1)
  })

  it('reports the stall as the error when no attempts are left', async () => {
    const s = scheduler({ config: { bodyIdleTimeoutMs: 5000 } })
    const task = stream(1000, 2000, true)
    const result = track(s.run(task, { lane: 'background', maxAttempts: 1 }))
    await vi.advanceTimersByTimeAsync(8000)
    expect(result.error).toBeInstanceOf(BodyIdleTimeoutError)
  })
})

describe('RequestScheduler learned limits', () => {
  it('reports changed limits after throttles and exposes them for persistence', async () => {
    const reports: number[] = []
    const s = scheduler({ onLimitsChanged: (limits) => reports.push(limits.rate) })
    const task = scripted<string>([throttle, ok('x')])
    await Promise.all([s.run(task, { lane: 'background' }), vi.advanceTimersByTimeAsync(5000)])
    expect(reports.length).toBeGreaterThan(0)
    expect(reports[0]).toBeLessThan(10)
    const learned = s.learnedLimits()
    expect(learned.rateCeiling).toBeCloseTo(10, 0)
    expect(learned.updatedAt).toBe(clock.now())
  })

  it('starts from learned limits: rate below the ceiling, learned concurrency', () => {
    const s = scheduler({ learned: { rate: 40, rateCeiling: 30, concurrency: 7, updatedAt: 0 } })
    const snap = s.meter.snapshot()
    expect(snap.ratePerSecond).toBeCloseTo(28.5, 5)
    expect(snap.learnedRate).toBe(30)
    expect(snap.concurrencyLimit).toBe(7)
  })
})
