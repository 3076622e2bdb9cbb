import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRealClock, type Clock } from './clock'
import { RequestMeter, type MeterLiveState, type MeterSnapshot } from './meter'

let clock: Clock
let live: MeterLiveState

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
  clock = createRealClock()
  live = {
    state: 'normal',
    ratePerSecond: 10,
    learnedRate: null,
    concurrencyLimit: 4,
    inFlight: 0,
    queued: { interactive: 0, background: 0 },
  }
})
afterEach(() => vi.useRealTimers())

const meter = (): RequestMeter => new RequestMeter('https://nomad.test', clock, () => live)

describe('RequestMeter snapshot', () => {
  it('combines the live state with rolling counts and a 60 s history', async () => {
    const m = meter()
    const start = clock.now()
    for (let i = 0; i < 20; i++) {
      m.recordCompleted(clock.now())
      await vi.advanceTimersByTimeAsync(250) // 4 per second for 5 s
    }
    m.recordThrottled(clock.now())
    live = { ...live, inFlight: 3, queued: { interactive: 1, background: 40 } }
    const snap = m.snapshot()
    expect(snap.origin).toBe('https://nomad.test')
    expect(snap.inFlight).toBe(3)
    expect(snap.queued).toEqual({ interactive: 1, background: 40 })
    // 19 of the 20 are within the last 5 s (the first is exactly 5 s old).
    expect(snap.completedPerSecond).toBeCloseTo(19 / 5, 5)
    expect(snap.throttlesLastMinute).toBe(1)
    expect(snap.history).toHaveLength(60)
    const last = snap.history[59]
    expect(last?.t).toBe(Math.floor(clock.now() / 1000) * 1000)
    expect(snap.history.reduce((s, h) => s + h.completed, 0)).toBe(20)
    expect(snap.history.reduce((s, h) => s + h.throttled, 0)).toBe(1)
    const first = snap.history.find((h) => h.completed > 0)
    expect(first?.t).toBe(Math.floor(start / 1000) * 1000)
  })

  it('forgets completions after 5 s and throttles and history after 60 s', async () => {
    const m = meter()
    m.recordCompleted(clock.now())
    m.recordThrottled(clock.now())
    await vi.advanceTimersByTimeAsync(5001)
    expect(m.snapshot().completedPerSecond).toBe(0)
    expect(m.snapshot().throttlesLastMinute).toBe(1)
    await vi.advanceTimersByTimeAsync(55_000)
    const snap = m.snapshot()
    expect(snap.throttlesLastMinute).toBe(0)
    expect(snap.history.every((h) => h.completed === 0 && h.throttled === 0)).toBe(true)
  })
})

describe('RequestMeter events', () => {
  it('emits at most 4 events per second however busy the scheduler is', async () => {
    const m = meter()
    const times: number[] = []
    m.subscribe(() => times.push(clock.now()))
    for (let i = 0; i < 1000; i++) {
      m.recordCompleted(clock.now())
      await vi.advanceTimersByTimeAsync(10) // 100 changes per second for 10 s
    }
    expect(times.length).toBeGreaterThanOrEqual(36)
    expect(times.length).toBeLessThanOrEqual(41)
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(250)
    }
  })

  it('keeps the sparkline moving while active, goes quiet when idle, stops on unsubscribe', async () => {
    const m = meter()
    const events: MeterSnapshot[] = []
    const unsubscribe = m.subscribe((s) => events.push(s))
    m.recordCompleted(clock.now())
    await vi.advanceTimersByTimeAsync(10_000)
    const whileRecent = events.length
    expect(whileRecent).toBeGreaterThanOrEqual(9) // heartbeat once a second
    await vi.advanceTimersByTimeAsync(120_000)
    const afterMinute = events.length
    await vi.advanceTimersByTimeAsync(60_000)
    expect(events.length).toBe(afterMinute) // nothing left to show: no heartbeat
    m.recordCompleted(clock.now())
    await vi.advanceTimersByTimeAsync(300)
    expect(events.length).toBe(afterMinute + 1)
    unsubscribe()
    m.recordCompleted(clock.now())
    await vi.advanceTimersByTimeAsync(5000)
    expect(events.length).toBe(afterMinute + 1)
  })

  it('sends nothing after dispose', async () => {
    const m = meter()
    const events: MeterSnapshot[] = []
    m.subscribe((s) => events.push(s))
    await vi.advanceTimersByTimeAsync(10)
    const before = events.length
    m.dispose()
    m.recordCompleted(clock.now())
    await vi.advanceTimersByTimeAsync(5000)
    expect(events.length).toBe(before)
  })
})
