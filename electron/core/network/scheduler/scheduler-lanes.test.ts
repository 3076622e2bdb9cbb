import { describe, expect, it, vi } from 'vitest'
import type { AttemptContext, AttemptTask } from './scheduler-types'
import { ok, schedulerFixture, throttle } from './testing/scheduler-fixture'

const f = schedulerFixture()

describe('RequestScheduler pacing', () => {
  it('spaces attempts by at least 1/rate, including the first ones after an idle period', async () => {
    const s = f.scheduler()
    const starts: { t: number; rate: number }[] = []
    const task: AttemptTask<number> = async () => {
      starts.push({ t: f.clock.now(), rate: s.meter.snapshot().ratePerSecond })
      await f.sleep(5)
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
    const s = f.scheduler()
    const task = f.scripted([ok(1)], 5)
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
    const s = f.scheduler({
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
        await f.sleep(2000)
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
    const s = f.scheduler()
    const bulk: AttemptContext[] = []
    const pending = Array.from({ length: 50 }, () =>
      f.track(s.run(f.hanging(bulk), { lane: 'background' })),
    )
    await vi.advanceTimersByTimeAsync(5000)
    expect(bulk).toHaveLength(3) // limit 4, one kept for interactive requests
    const asked = f.clock.now()
    const ui = f.scripted([ok('hit')])
    const result = s.run(ui, { lane: 'interactive', label: 'search' })
    await vi.advanceTimersByTimeAsync(200)
    await expect(result).resolves.toBe('hit')
    expect((ui.starts[0] ?? Infinity) - asked).toBeLessThanOrEqual(100)
    expect(bulk).toHaveLength(3)
    expect(pending.every((p) => !p.done)).toBe(true)
  })

  it('sends queued interactive requests before queued background requests, FIFO within a lane', async () => {
    const s = f.scheduler()
    const order: string[] = []
    const named =
      (name: string): AttemptTask<string> =>
      async () => {
        order.push(name)
        await f.sleep(1)
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

describe('RequestScheduler interactive reserve', () => {
  // A confirmed ceiling of 30 req/s (plateau 28.5) with the pace restored at 10 req/s: what a
  // warm start below the plateau, or the return after a cut, looks like.
  const belowPlateau = { rate: 10, rateCeiling: 30, concurrency: 4, updatedAt: 0 }

  /**
   * Queues a burst of background requests, waits for one of them to leave, asks for an
   * interactive request `afterMs` later and returns the gap between that background request
   * and the interactive one, and how long the interactive one waited.
   */
  async function interactiveAfterBackground(s: ReturnType<typeof f.scheduler>, afterMs: number) {
    const bulk = f.scripted([ok('bulk')], 5)
    const pending = Array.from({ length: 40 }, () => s.run(bulk, { lane: 'background' }))
    await vi.advanceTimersByTimeAsync(350)
    const count = bulk.starts.length
    while (bulk.starts.length === count) await vi.advanceTimersByTimeAsync(1)
    await vi.advanceTimersByTimeAsync(afterMs)
    const previous = bulk.starts.at(-1) ?? 0
    const asked = f.clock.now()
    const pace = 1000 / s.meter.snapshot().ratePerSecond
    const ui = f.scripted([ok('search')], 5)
    const answer = s.run(ui, { lane: 'interactive', label: 'search' })
    while (ui.starts.length === 0) await vi.advanceTimersByTimeAsync(1)
    const sent = ui.starts[0] ?? 0
    await vi.advanceTimersByTimeAsync(20_000)
    await expect(answer).resolves.toBe('search')
    await Promise.all(pending)
    return { gap: sent - previous, waited: sent - asked, pace, bulk: bulk.starts }
  }

  it('does not hold an interactive request behind the background request just sent', async () => {
    const s = f.scheduler({ learned: belowPlateau })
    const { gap, waited, pace, bulk } = await interactiveAfterBackground(s, 2)
    expect(gap).toBeGreaterThanOrEqual(1000 / 28.5 - 1) // never closer than the plateau's spacing
    expect(waited).toBeLessThanOrEqual(1000 / 28.5)
    expect(gap).toBeLessThan(pace * 0.75) // ahead of the pace, which would have held it longer
    // Background keeps the pace; the request ahead is paid for by the next background one.
    for (let i = 1; i < bulk.length; i++) {
      expect((bulk[i] ?? 0) - (bulk[i - 1] ?? 0)).toBeGreaterThanOrEqual(1000 / 28.5 - 1e-6)
    }
  })

  it('keeps the pace for an interactive request too while no limit is known (slow start)', async () => {
    const s = f.scheduler()
    const { gap, pace } = await interactiveAfterBackground(s, 2)
    expect(gap).toBeGreaterThanOrEqual(pace - 1)
  })

  it('goes back to the pace for good, and cuts nothing, when a request ahead of it is refused', async () => {
    const s = f.scheduler({ learned: belowPlateau })
    const bulk = f.scripted([ok('bulk')], 5)
    const pending = Array.from({ length: 60 }, () => s.run(bulk, { lane: 'background' }))
    await vi.advanceTimersByTimeAsync(350)
    const count = bulk.starts.length
    while (bulk.starts.length === count) await vi.advanceTimersByTimeAsync(1)
    const sentBefore = bulk.starts.at(-1) ?? 0
    const paceBefore = 1000 / s.meter.snapshot().ratePerSecond
    const refused = f.scripted([throttle, ok('search')], 5)
    const first = s.run(refused, { lane: 'interactive' })
    while (refused.starts.length === 0) await vi.advanceTimersByTimeAsync(1)
    expect((refused.starts[0] ?? 0) - sentBefore).toBeLessThan(paceBefore * 0.75) // ahead of it
    const rateBefore = s.meter.snapshot().ratePerSecond
    while (refused.starts.length < 2) await vi.advanceTimersByTimeAsync(1)
    expect(s.meter.snapshot().ratePerSecond).toBeGreaterThanOrEqual(rateBefore)
    expect(s.meter.snapshot().learnedRate).toBe(30)
    await vi.advanceTimersByTimeAsync(10)
    await expect(first).resolves.toBe('search')
    // The next interactive request after a background one keeps the pace.
    const before = bulk.starts.length
    while (bulk.starts.length === before) await vi.advanceTimersByTimeAsync(1)
    const previous = bulk.starts.at(-1) ?? 0
    await vi.advanceTimersByTimeAsync(2)
    const pace = 1000 / s.meter.snapshot().ratePerSecond
    const ui = f.scripted([ok('again')], 5)
    const again = s.run(ui, { lane: 'interactive' })
    while (ui.starts.length === 0) await vi.advanceTimersByTimeAsync(1)
    expect((ui.starts[0] ?? 0) - previous).toBeGreaterThanOrEqual(pace - 2)
    await vi.advanceTimersByTimeAsync(20_000)
    await expect(again).resolves.toBe('again')
    await Promise.all(pending)
  })
})
