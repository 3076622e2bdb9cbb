import { describe, expect, it, vi } from 'vitest'
import type { AppError } from '../../../../shared/errors'
import {
  BodyIdleTimeoutError,
  type AttemptContext,
  type AttemptOutcome,
  type AttemptTask,
} from './scheduler-types'
import { ok, schedulerFixture, throttle } from './testing/scheduler-fixture'

const f = schedulerFixture()

describe('RequestScheduler cancellation and disposal', () => {
  it('removes a queued request at once when its caller aborts', async () => {
    const s = f.scheduler()
    const bulk: AttemptContext[] = []
    const running = Array.from({ length: 3 }, () =>
      f.track(s.run(f.hanging(bulk), { lane: 'background' })),
    )
    await vi.advanceTimersByTimeAsync(1000)
    const controller = new AbortController()
    const task = f.scripted([ok(1)])
    const queued = f.track(s.run(task, { lane: 'background', signal: controller.signal }))
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
    const s = f.scheduler()
    const contexts: AttemptContext[] = []
    const controllers = Array.from({ length: 3 }, () => new AbortController())
    const runs = controllers.map((c) =>
      f.track(s.run(f.hanging(contexts), { lane: 'background', signal: c.signal })),
    )
    await vi.advanceTimersByTimeAsync(1000)
    const next = f.scripted([ok('next')])
    const waiting = s.run(next, { lane: 'background' })
    await vi.advanceTimersByTimeAsync(1000)
    expect(next.starts).toHaveLength(0) // all background slots busy
    const abortedAt = f.clock.now()
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
    const s = f.scheduler({ random: () => 0.999 })
    const controller = new AbortController()
    const task = f.scripted<string>([throttle, ok('late')])
    const result = f.track(s.run(task, { lane: 'background', signal: controller.signal }))
    await vi.advanceTimersByTimeAsync(100)
    expect(task.starts).toHaveLength(1)
    controller.abort()
    await Promise.resolve()
    expect((result.error as AppError).code).toBe('cancelled')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(task.starts).toHaveLength(1)
  })

  it('rejects an already aborted signal without calling the task', async () => {
    const s = f.scheduler()
    const task = f.scripted([ok(1)])
    await expect(
      s.run(task, { lane: 'interactive', signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ code: 'cancelled' })
    expect(task.starts).toHaveLength(0)
  })

  it('dispose rejects everything pending, aborts running attempts and refuses new work', async () => {
    const s = f.scheduler()
    const contexts: AttemptContext[] = []
    const runs = Array.from({ length: 6 }, () =>
      f.track(s.run(f.hanging(contexts), { lane: 'background' })),
    )
    await vi.advanceTimersByTimeAsync(1000)
    s.dispose()
    await Promise.resolve()
    expect(runs.every((r) => r.done && (r.error as AppError).code === 'cancelled')).toBe(true)
    expect(contexts.length).toBeGreaterThan(0)
    expect(contexts.every((c) => c.signal.aborted)).toBe(true)
    await expect(s.run(f.scripted([ok(1)]), { lane: 'interactive' })).rejects.toMatchObject({
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
      const start = f.clock.now()
      while (f.clock.now() - start < streamMs) {
        await f.sleep(chunkMs)
        if (ctx.signal.aborted) throw ctx.signal.reason as Error
        ctx.touch()
      }
      if (stall && contexts.length === 1) await new Promise(() => undefined)
      return ok('complete')
    }
    return Object.assign(task, { contexts })
  }

  it('aborts a stalled body after 90 s without data and retries it', async () => {
    const s = f.scheduler({ random: () => 0 })
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
    const s = f.scheduler()
    const task = stream(60_000, 10 * 60_000, false)
    const result = s.run(task, { lane: 'background' })
    await vi.advanceTimersByTimeAsync(11 * 60_000)
    await expect(result).resolves.toBe('complete')
    expect(task.contexts).toHaveLength(1)
  })

  it('reports the stall as the error when no attempts are left', async () => {
    const s = f.scheduler({ config: { bodyIdleTimeoutMs: 5000 } })
    const task = stream(1000, 2000, true)
    const result = f.track(s.run(task, { lane: 'background', maxAttempts: 1 }))
    await vi.advanceTimersByTimeAsync(8000)
    expect(result.error).toBeInstanceOf(BodyIdleTimeoutError)
    expect((result.error as BodyIdleTimeoutError).started).toBe(true)
  })

  it('tells a server that never answered (no touch at all) from one that went silent', async () => {
    const s = f.scheduler({ config: { bodyIdleTimeoutMs: 5000 } })
    const result = f.track(s.run(f.hanging([]), { lane: 'background', maxAttempts: 1 }))
    await vi.advanceTimersByTimeAsync(6000)
    expect(result.error).toBeInstanceOf(BodyIdleTimeoutError)
    expect((result.error as BodyIdleTimeoutError).started).toBe(false)
    expect((result.error as Error).message).toBe('No answer for 5 s; the request stalled.')
  })
})

describe('RequestScheduler learned limits', () => {
  it('reports changed limits after throttles and exposes them for persistence', async () => {
    const reports: number[] = []
    const s = f.scheduler({ onLimitsChanged: (limits) => reports.push(limits.rate) })
    const task = f.scripted<string>([throttle, ok('x')])
    await Promise.all([s.run(task, { lane: 'background' }), vi.advanceTimersByTimeAsync(5000)])
    expect(reports.length).toBeGreaterThan(0)
    expect(reports[0]).toBeLessThan(10)
    const learned = s.learnedLimits()
    expect(learned.rateCeiling).toBeCloseTo(10, 0)
    expect(learned.updatedAt).toBe(f.clock.now())
  })

  it('starts from learned limits: rate below the ceiling, learned concurrency', () => {
    const s = f.scheduler({ learned: { rate: 40, rateCeiling: 30, concurrency: 7, updatedAt: 0 } })
    const snap = s.meter.snapshot()
    expect(snap.ratePerSecond).toBeCloseTo(28.5, 5)
    expect(snap.learnedRate).toBe(30)
    expect(snap.concurrencyLimit).toBe(7)
  })
})
