import { describe, expect, it } from 'vitest'
import { DEFAULT_RATE_CONFIG, RateController } from './rate-controller'

/** Keeps the controller pacing-limited and advances time in steps of stepMs. */
function runLimited(c: RateController, from: number, to: number, stepMs = 100): void {
  c.setPacingLimited(from, true)
  for (let t = from; t <= to; t += stepMs) c.rate(t)
}

describe('RateController', () => {
  it('starts at 10 req/s and grows only while requests wait for the pacer', () => {
    const c = new RateController(0)
    expect(c.rate(0)).toBe(10)
    expect(c.rate(10_000)).toBe(10) // an idle app learns nothing
    runLimited(c, 10_000, 12_000)
    expect(c.rate(12_000)).toBeCloseTo(10 * 1.5 ** 2, 5)
    c.setPacingLimited(12_000, false)
    expect(c.rate(20_000)).toBeCloseTo(22.5, 5)
  })

  it('cuts deeply (β 0.7) on the first throttle and returns to 0.95 of that rate', () => {
    const c = new RateController(0)
    runLimited(c, 0, 3000) // ~33.75 req/s
    const atThrottle = c.rate(3000)
    expect(c.onThrottle(3000, 2990)).toBe(true)
    expect(c.rate(3000)).toBeCloseTo(0.7 * atThrottle, 5)
    const snap = c.snapshot(3000)
    expect(snap.ceiling).toBeCloseTo(atThrottle, 5)
    expect(snap.recoveryUntil).toBeGreaterThan(3000)
    // Recovery runs in real time, even without demand.
    c.setPacingLimited(3000, false)
    expect(c.rate(snap.recoveryUntil)).toBeCloseTo(0.95 * atThrottle, 5)
    // Then it holds the plateau; probing only advances while pacing-limited.
    expect(c.rate(snap.recoveryUntil + 60_000)).toBeCloseTo(0.95 * atThrottle, 5)
  })

  it('probes slowly above the plateau: within 1 % for 5 s, +5 % of the ceiling after 15 s', () => {
    const c = new RateController(0, DEFAULT_RATE_CONFIG, {
      rate: 28.5,
      rateCeiling: 30,
    })
    expect(c.rate(0)).toBeCloseTo(28.5, 5)
    runLimited(c, 0, 5000)
    expect(c.rate(5000)).toBeLessThan(28.5 * 1.01)
    runLimited(c, 5000, 15_000)
    expect(c.rate(15_000)).toBeCloseTo(30, 1)
  })

  it('ignores throttles of attempts sent before its last cut', () => {
    const twins = [new RateController(0), new RateController(0)]
    for (const c of twins) {
      runLimited(c, 0, 2000)
      c.onThrottle(2000, 1990)
    }
    const [stale, control] = twins as [RateController, RateController]
    expect(stale.onThrottle(2010, 1995)).toBe(false)
    expect(stale.rate(2500)).toBe(control.rate(2500))
    expect(stale.onThrottle(2600, 2001)).toBe(true)
    expect(stale.rate(2600)).toBeLessThan(control.rate(2600))
  })

  it('cuts mildly after an isolated probe throttle, deeply when throttles repeat', () => {
    const c = new RateController(0, DEFAULT_RATE_CONFIG, {
      rate: 28.5,
      rateCeiling: 30,
    })
    runLimited(c, 0, 15_000)
    const probe = c.rate(15_000)
    c.onThrottle(15_000, 14_990)
    expect(c.rate(15_000)).toBeCloseTo(0.9 * probe, 5)
    // Another throttle 0.5 s later: the mild cut was not enough.
    const before = c.rate(15_500)
    c.onThrottle(15_500, 15_400)
    expect(c.rate(15_500)).toBeCloseTo(0.7 * before, 5)
  })

  it('cuts deeply when throttled well below the learned ceiling (the limit dropped)', () => {
    const c = new RateController(0, DEFAULT_RATE_CONFIG, {
      rate: 20,
      rateCeiling: 30,
    })
    const rate = c.rate(100)
    c.onThrottle(100, 50)
    expect(c.rate(100)).toBeCloseTo(0.7 * rate, 1)
    expect(c.snapshot(100).ceiling).toBeCloseTo(rate, 1)
  })

  it('falls back to slow start when probing passes 1.15× a stale ceiling', () => {
    const c = new RateController(0, DEFAULT_RATE_CONFIG, {
      rate: 9.5,
      rateCeiling: 10,
    })
    runLimited(c, 0, 30_000)
    expect(c.snapshot(30_000).mode).toBe('slow-start')
    const rate = c.rate(30_000)
    expect(rate).toBeGreaterThanOrEqual(11.5)
    runLimited(c, 30_000, 32_000)
    expect(c.rate(32_000)).toBeGreaterThan(rate * 2)
  })

  it('stays within its floor and ceiling', () => {
    const c = new RateController(0, { ...DEFAULT_RATE_CONFIG, maxRate: 40 })
    runLimited(c, 0, 20_000)
    expect(c.rate(20_000)).toBe(40)
    for (let i = 0; i < 30; i++) c.onThrottle(20_000 + i * 3000, 20_000 + i * 3000)
    expect(c.rate(120_000)).toBeGreaterThanOrEqual(DEFAULT_RATE_CONFIG.minRate)
  })

  it('keeps its ceiling and pace through rare throttles below it (timing noise), not frequent ones', () => {
    const c = new RateController(0, DEFAULT_RATE_CONFIG, { rate: 28.5, rateCeiling: 30 })
    // One refusal every 5 s (a stalling server, not a lower limit): the ceiling stays.
    for (let t = 5_000; t <= 30_000; t += 5_000) {
      c.onThrottle(t, t - 10)
      expect(c.snapshot(t).ceiling).toBe(30)
      expect(c.rate(t)).toBeCloseTo(28.5, 5) // back on the plateau, no dip
    }
    // Refusals several times a second: the limit really is lower, and the ceiling follows.
    for (let t = 30_300; t <= 31_500; t += 300) c.onThrottle(t, t - 10)
    expect(c.snapshot(31_500).ceiling).toBeLessThan(28.5)
    expect(c.rate(31_500)).toBeLessThan(0.7 * 28.5)
  })

  it('re-probes a ceiling from one lone slow-start throttle, and keeps it once confirmed', () => {
    const c = new RateController(0)
    runLimited(c, 0, 1000) // 15 req/s: a stall refuses one request far below the limit
    c.onThrottle(1000, 990)
    expect(c.snapshot(1000).ceiling).toBeCloseTo(15, 5)
    runLimited(c, 1000, 8000) // recovery, then 3 quiet seconds on the plateau
    expect(c.snapshot(8000).mode).toBe('slow-start')
    runLimited(c, 8000, 10_000)
    const higher = c.rate(10_000)
    expect(higher).toBeGreaterThan(25)
    c.onThrottle(10_000, 9990) // the real limit, far above the tentative ceiling
    runLimited(c, 10_000, 17_000)
    expect(c.snapshot(17_000).mode).toBe('slow-start') // also tentative: re-probed once more
    const again = c.rate(17_000)
    c.onThrottle(17_000, 16_990) // refused close to it: confirmed
    runLimited(c, 17_000, 40_000)
    expect(c.snapshot(40_000)).toMatchObject({ mode: 'steady', ceiling: again })
  })

  it('resumes in slow start from a learned rate when no ceiling was ever learned', () => {
    const c = new RateController(0, DEFAULT_RATE_CONFIG, {
      rate: 50,
      rateCeiling: null,
    })
    expect(c.rate(0)).toBe(50)
    expect(c.snapshot(0).mode).toBe('slow-start')
  })
})
