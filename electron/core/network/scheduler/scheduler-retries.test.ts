import { describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../../shared/errors'
import type { AttemptTask } from './scheduler-types'
import { ok, schedulerFixture, throttle, type ScriptedTask } from './testing/scheduler-fixture'

const f = schedulerFixture()

describe('RequestScheduler throttles and retries', () => {
  it('cuts the rate and, with a full pipe, the concurrency on throttles', async () => {
    const s = f.scheduler({
      learned: { rate: 20, rateCeiling: null, concurrency: 8, updatedAt: 0 },
    })
    const before = s.meter.snapshot()
    let calls = 0
    const task: AttemptTask<number> = async () => {
      calls += 1
      await f.sleep(500)
      return calls > 12 ? ok(1) : throttle
    }
    const runs = Array.from({ length: 12 }, () =>
      f.track(s.run(task, { lane: 'background', maxAttempts: 10 })),
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
    const s = f.scheduler()
    const task = f.scripted<string>([
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
    const s = f.scheduler()
    const error = new AppError('not_found', 'No entry abc')
    const task = f.scripted<string>([{ kind: 'permanent', error }, ok('never')])
    const result = f.track(s.run(task, { lane: 'interactive' }))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(result.error).toBe(error)
    expect(task.starts).toHaveLength(1)
  })

  it('classifies what a task throws: socket errors are retried, bugs are not', async () => {
    const s = f.scheduler()
    let calls = 0
    const flaky: AttemptTask<string> = async () => {
      calls += 1
      await f.sleep(5)
      if (calls === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })
      return ok('second time')
    }
    const buggy: AttemptTask<string> = () => {
      throw new TypeError('cannot read x of undefined')
    }
    const a = s.run(flaky, { lane: 'background' })
    const b = f.track(s.run(buggy, { lane: 'background' }))
    await vi.advanceTimersByTimeAsync(10_000)
    await expect(a).resolves.toBe('second time')
    expect(b.error).toBeInstanceOf(TypeError)
  })

  it('rejects with the last error when attempts run out', async () => {
    const s = f.scheduler()
    const last = new Error('ETIMEDOUT the last one')
    const transient = f.scripted<string>([
      { kind: 'transient', error: new Error('first') },
      { kind: 'transient', error: last },
    ])
    const throttled = f.scripted<string>([{ kind: 'throttle', status: 429 }])
    const a = f.track(s.run(transient, { lane: 'background', maxAttempts: 2 }))
    const b = f.track(s.run(throttled, { lane: 'background', maxAttempts: 3, label: 'page 4' }))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(a.error).toBe(last)
    expect(b.error).toBeInstanceOf(AppError)
    expect((b.error as AppError).code).toBe('throttled')
    expect((b.error as AppError).details?.status).toBe(429)
    expect((b.error as AppError).message).toContain('page 4')
    expect(throttled.starts).toHaveLength(3)
  })

  it('backs off with full jitter: retry n waits U(0, base·2^(n-1)), never more', async () => {
    const slowest = f.scheduler({ random: () => 0.999999 })
    const task = f.scripted<string>(
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

    const fastest = f.scheduler({ random: () => 0 })
    const again = f.scripted<string>([{ kind: 'transient', error: new Error('x') }, ok('z')], 0)
    const quick = fastest.run(again, { lane: 'background' })
    await vi.advanceTimersByTimeAsync(1000)
    await expect(quick).resolves.toBe('z')
    expect((again.starts[1] ?? Infinity) - (again.starts[0] ?? 0)).toBeLessThanOrEqual(101)
  })

  it('honours Retry-After: no attempt to the server before it expires', async () => {
    const s = f.scheduler({ random: () => 0 })
    const starts: number[] = []
    let first = true
    const task: AttemptTask<string> = async () => {
      starts.push(f.clock.now())
      await f.sleep(5)
      if (first) {
        first = false
        return { kind: 'throttle', status: 503, retryAfterMs: 7000 }
      }
      return ok('fine')
    }
    const a = s.run(task, { lane: 'background' })
    await vi.advanceTimersByTimeAsync(20)
    const throttledAt = f.clock.now()
    const b = s.run(task, { lane: 'interactive' })
    expect(s.meter.snapshot().state).toBe('backing-off')
    expect(s.meter.snapshot().backoffUntil).toBeGreaterThanOrEqual(throttledAt + 6900)
    await vi.advanceTimersByTimeAsync(20_000)
    await Promise.all([a, b])
    expect(starts).toHaveLength(3)
    for (const t of starts.slice(1)) expect(t).toBeGreaterThanOrEqual(throttledAt - 15 + 7000)
  })

  it('fails at once when the server asks to wait longer than we hold a request', async () => {
    const s = f.scheduler()
    const task = f.scripted<string>([{ kind: 'throttle', status: 503, retryAfterMs: 3_600_000 }])
    const result = f.track(s.run(task, { lane: 'background' }))
    await vi.advanceTimersByTimeAsync(100)
    expect(result.done).toBe(true)
    expect((result.error as AppError).details?.retryAfterMs).toBe(3_600_000)
    expect((result.error as AppError).message).toContain('asked to wait 3600 s')
  })

  it('fails fast once the retry budget is used up', async () => {
    const s = f.scheduler({ config: { retryBudget: { capacity: 20 } } })
    const failing = (): AttemptTask<string> =>
      f.scripted<string>([{ kind: 'transient', error: new Error('502') }], 5)
    const first = f.track(s.run(failing(), { lane: 'background', maxAttempts: 3 }))
    await vi.advanceTimersByTimeAsync(30_000)
    expect(first.done).toBe(true) // two retries took all 20 tokens
    const task = failing() as ScriptedTask<string>
    const second = f.track(s.run(task, { lane: 'background', maxAttempts: 3 }))
    await vi.advanceTimersByTimeAsync(50)
    expect(second.done).toBe(true)
    expect(task.starts).toHaveLength(1)
  })
})
