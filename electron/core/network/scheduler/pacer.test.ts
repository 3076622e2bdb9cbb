import { describe, expect, it } from 'vitest'
import { Pacer } from './pacer'
import type { Lane } from './scheduler-types'

const RATE = 10 // one request per 100 ms

/** Sends `lane` at the first millisecond from `from` on that the pacer allows; returns when. */
function sendAt(pacer: Pacer, from: number, lane: Lane, burstRate: number): number {
  const at = from + pacer.delayMs(from, lane, burstRate)
  expect(pacer.delayMs(at, lane, burstRate)).toBe(0)
  pacer.take(at, lane)
  return at
}

describe('Pacer', () => {
  it('keeps background at the pace and lets an interactive request go ahead of it, spaced by the burst rate', () => {
    const pacer = new Pacer(RATE, 1, 1, 0)
    const background: number[] = []
    let t = 0
    for (let i = 0; i < 4; i++) background.push((t = sendAt(pacer, t, 'background', 30)))
    ;[0, 100, 200, 300].forEach((ms, i) => expect(background[i]).toBeCloseTo(ms, 6))
    // 5 ms after a background request: the pace would say 95 ms more, the reserve 1000/30 - 5.
    const asked = t + 5
    expect(pacer.delayMs(asked, 'interactive', 30)).toBeCloseTo(1000 / 30 - 5, 6)
    const sent = sendAt(pacer, asked, 'interactive', 30)
    // The background request after it pays for the request ahead: the long-run rate holds.
    const next = sendAt(pacer, sent, 'background', 30)
    expect(next - t).toBeCloseTo(200, 6)
  })

  it('sends nothing closer than the pace when the burst rate is the pace (no limit known)', () => {
    const pacer = new Pacer(RATE, 1, 1, 0)
    const first = sendAt(pacer, 0, 'background', RATE)
    expect(pacer.delayMs(first + 5, 'interactive', RATE)).toBeCloseTo(95, 6)
    const second = sendAt(pacer, first + 5, 'interactive', RATE)
    expect(second - first).toBeCloseTo(100, 6)
  })

  it('reports a request sent on the reserve as ahead of the pace, and one on the pace as not', () => {
    const pacer = new Pacer(RATE, 1, 1, 0)
    expect(pacer.take(0, 'background')).toBe(false)
    expect(pacer.delayMs(50, 'interactive', 30)).toBe(0)
    expect(pacer.take(50, 'interactive')).toBe(true)
    expect(pacer.take(1000, 'interactive')).toBe(false)
  })

  it('stops going ahead of the pace once a server refused such a request', () => {
    const pacer = new Pacer(RATE, 1, 1, 0)
    pacer.take(0, 'background')
    pacer.refuseReserve()
    expect(pacer.reserveEnabled).toBe(false)
    expect(pacer.delayMs(5, 'interactive', 30)).toBeCloseTo(95, 6)
    expect(pacer.take(100, 'interactive')).toBe(false)
  })

  it('without a reserve paces both lanes alike, with no burst after idle', () => {
    const pacer = new Pacer(RATE, 1, 0, 0)
    expect(pacer.reserveEnabled).toBe(false)
    pacer.take(0, 'interactive')
    expect(pacer.delayMs(10, 'interactive', 30)).toBeCloseTo(90, 6)
    expect(pacer.delayMs(3_600_000, 'background', 30)).toBe(0)
    pacer.take(3_600_000, 'background')
    expect(pacer.delayMs(3_600_000, 'interactive', 30)).toBeCloseTo(100, 6)
  })

  it('sends at most one request ahead of the pace over any stretch of a mixed stream', () => {
    const pacer = new Pacer(RATE, 1, 1, 0)
    const sent: number[] = []
    // Every 7 ms someone asks: background four times out of five.
    for (let t = 0, i = 0; t < 10_000; t += 7, i++) {
      const lane: Lane = i % 5 === 4 ? 'interactive' : 'background'
      if (pacer.delayMs(t, lane, 30) === 0) {
        pacer.take(t, lane)
        sent.push(t)
      }
    }
    for (let i = 1; i < sent.length; i++) {
      expect((sent[i] ?? 0) - (sent[i - 1] ?? 0)).toBeGreaterThanOrEqual(1000 / 30 - 1e-6)
    }
    for (const from of sent) {
      const inWindow = sent.filter((t) => t >= from && t < from + 1000).length
      expect(inWindow).toBeLessThanOrEqual(RATE + 1)
    }
  })
})
