import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRealClock, seededRandom } from './clock'

describe('createRealClock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_700_000_000_000 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reports epoch milliseconds that advance with time', () => {
    const clock = createRealClock()
    const start = clock.now()
    expect(Math.abs(start - 1_700_000_000_000)).toBeLessThan(1000)
    vi.advanceTimersByTime(250)
    expect(clock.now() - start).toBeCloseTo(250, 5)
  })

  it('fires a timer not before its delay, rounding fractional delays up', () => {
    const clock = createRealClock()
    const fired: number[] = []
    const start = clock.now()
    clock.setTimeout(() => fired.push(clock.now() - start), 33.4)
    vi.advanceTimersByTime(33)
    expect(fired).toEqual([])
    vi.advanceTimersByTime(1)
    expect(fired).toEqual([34])
  })

  it('clears a pending timer and ignores unknown or already fired handles', () => {
    const clock = createRealClock()
    const calls: string[] = []
    const a = clock.setTimeout(() => calls.push('a'), 10)
    const b = clock.setTimeout(() => calls.push('b'), 20)
    clock.clearTimeout(a)
    vi.advanceTimersByTime(25)
    clock.clearTimeout(b)
    clock.clearTimeout(12345)
    expect(calls).toEqual(['b'])
  })
})

describe('seededRandom', () => {
  it('is reproducible per seed and stays in [0, 1)', () => {
    const a = seededRandom(7)
    const b = seededRandom(7)
    const c = seededRandom(8)
    const xs = Array.from({ length: 1000 }, () => a())
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs)
    expect(c()).not.toBe(xs[0])
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...xs)).toBeLessThan(1)
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length
    expect(mean).toBeGreaterThan(0.45)
    expect(mean).toBeLessThan(0.55)
  })
})
