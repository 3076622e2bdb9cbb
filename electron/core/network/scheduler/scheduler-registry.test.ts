import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../../shared/errors'
import { createRealClock, type Clock } from './clock'
import { MemoryLimitsStore, type LearnedLimits } from './limits-store'
import { SchedulerRegistry, originOf } from './scheduler-registry'
import type { AttemptTask } from './scheduler-types'

let clock: Clock

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
  clock = createRealClock()
})
afterEach(() => vi.useRealTimers())

/** Counts saves so debouncing is observable. */
class CountingStore extends MemoryLimitsStore {
  saves: { origin: string; limits: LearnedLimits }[] = []
  override save(origin: string, limits: LearnedLimits): void {
    this.saves.push({ origin, limits })
    super.save(origin, limits)
  }
}

const throttled: AttemptTask<string> = () =>
  Promise.resolve({ kind: 'throttle', status: 503 } as const)

describe('originOf', () => {
  it('reduces any server URL to its origin and refuses non-http URLs', () => {
    expect(originOf('https://nomad-lab.eu/prod/v1/api/v1/entries')).toBe('https://nomad-lab.eu')
    expect(originOf('http://localhost:8000/nomad-oasis')).toBe('http://localhost:8000')
    expect(() => originOf('not a url')).toThrow(AppError)
    expect(() => originOf('file:///etc/passwd')).toThrow(/not an http/)
  })
})

describe('SchedulerRegistry', () => {
  it('creates one scheduler per origin, lazily', () => {
    const registry = new SchedulerRegistry({ clock })
    expect(registry.list()).toHaveLength(0)
    const a = registry.get('https://nomad-lab.eu/prod/v1/api/v1/entries/query')
    expect(registry.get('https://nomad-lab.eu/prod/v1/api/v1/uploads')).toBe(a)
    expect(registry.get('https://oasis.example.org/nomad-oasis')).not.toBe(a)
    expect(registry.list().map((s) => s.origin)).toEqual([
      'https://nomad-lab.eu',
      'https://oasis.example.org',
    ])
    registry.dispose()
  })

  it('starts a scheduler from fresh learned limits and ignores stale or corrupt ones', () => {
    const store = new MemoryLimitsStore()
    const now = clock.now()
    store.save('https://fresh.test', { rate: 20, rateCeiling: 22, concurrency: 6, updatedAt: now })
    store.save('https://stale.test', {
      rate: 20,
      rateCeiling: 22,
      concurrency: 6,
      updatedAt: now - 31 * 24 * 3600 * 1000,
    })
    store.save('https://corrupt.test', {
      rate: -3,
      rateCeiling: 22,
      concurrency: 6,
      updatedAt: now,
    })
    const registry = new SchedulerRegistry({ clock, store })
    const fresh = registry.get('https://fresh.test').meter.snapshot()
    expect(fresh.ratePerSecond).toBe(20)
    expect(fresh.learnedRate).toBe(22)
    expect(fresh.concurrencyLimit).toBe(6)
    for (const origin of ['https://stale.test', 'https://corrupt.test']) {
      const cold = registry.get(origin).meter.snapshot()
      expect(cold.ratePerSecond).toBe(10)
      expect(cold.learnedRate).toBeNull()
      expect(cold.concurrencyLimit).toBe(4)
    }
    registry.dispose()
  })

  it('saves learned limits debounced: one write per 5 s however many changes', async () => {
    const store = new CountingStore()
    const registry = new SchedulerRegistry({ clock, store })
    const scheduler = registry.get('https://nomad.test')
    const runs = Array.from({ length: 10 }, () =>
      scheduler.run(throttled, { lane: 'background', maxAttempts: 4 }).catch(() => undefined),
    )
    await vi.advanceTimersByTimeAsync(4000)
    expect(store.saves).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1500)
    expect(store.saves).toHaveLength(1)
    expect(store.saves[0]?.origin).toBe('https://nomad.test')
    expect(store.saves[0]?.limits.rateCeiling).not.toBeNull()
    await vi.advanceTimersByTimeAsync(60_000)
    await Promise.all(runs)
    expect(store.saves.length).toBeLessThanOrEqual(1 + Math.ceil(65 / 5))
    registry.dispose()
  })

  it('writes pending limits on dispose and closes every scheduler', async () => {
    const store = new CountingStore()
    const registry = new SchedulerRegistry({ clock, store })
    const scheduler = registry.get('https://nomad.test')
    const run = scheduler
      .run(throttled, { lane: 'background', maxAttempts: 1 })
      .catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(10)
    expect(await run).toMatchObject({ code: 'throttled' })
    expect(store.saves).toHaveLength(0)
    registry.dispose()
    expect(store.saves).toHaveLength(1)
    expect(store.load('https://nomad.test')?.rateCeiling).toBeCloseTo(10, 0)
    await expect(scheduler.run(throttled, { lane: 'interactive' })).rejects.toMatchObject({
      code: 'cancelled',
    })
  })

  it('keeps limits under a stable key when the origin changes between starts', async () => {
    const store = new CountingStore()
    const first = new SchedulerRegistry({ clock, store })
    const before = first.get('http://127.0.0.1:40001/api/v1', 'sandbox:local-sandbox')
    await before.run(throttled, { lane: 'background', maxAttempts: 1 }).catch(() => undefined)
    first.dispose()
    expect(store.saves.map((save) => save.origin)).toEqual(['sandbox:local-sandbox'])

    // The next start: same server, another free port.
    const second = new SchedulerRegistry({ clock, store })
    const after = second.get('http://127.0.0.1:40777/api/v1', 'sandbox:local-sandbox')
    expect(after.origin).toBe('http://127.0.0.1:40777')
    expect(after.meter.snapshot().learnedRate).toBeCloseTo(10, 0)
    second.dispose()
    expect(store.load('http://127.0.0.1:40001')).toBeUndefined()
  })

  it('remove() closes one server and a later get() starts it again from the store', async () => {
    const store = new CountingStore()
    const registry = new SchedulerRegistry({ clock, store })
    const first = registry.get('https://nomad.test')
    await first.run(throttled, { lane: 'background', maxAttempts: 1 }).catch(() => undefined)
    registry.remove('https://nomad.test/api')
    expect(registry.list()).toHaveLength(0)
    const again = registry.get('https://nomad.test')
    expect(again).not.toBe(first)
    expect(again.meter.snapshot().learnedRate).toBeCloseTo(10, 0)
    registry.dispose()
  })
})
