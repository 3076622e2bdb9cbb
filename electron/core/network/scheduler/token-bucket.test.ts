import { describe, expect, it } from 'vitest'
import { TokenBucket } from './token-bucket'

describe('TokenBucket', () => {
  it('lets one request go at once, then one per 1/rate, even after a long idle', () => {
    const bucket = new TokenBucket(20, 1, 0)
    expect(bucket.delayMs(0)).toBe(0)
    bucket.take(0)
    expect(bucket.delayMs(0)).toBeCloseTo(50)
    expect(bucket.delayMs(30)).toBeCloseTo(20)
    // An hour of idle still buys only one token: no burst after idle.
    const later = 3_600_000
    expect(bucket.delayMs(later)).toBe(0)
    bucket.take(later)
    expect(bucket.delayMs(later)).toBeCloseTo(50)
  })

  it('a capacity of 2 allows exactly two back-to-back requests', () => {
    const bucket = new TokenBucket(10, 2, 0)
    bucket.take(0)
    expect(bucket.delayMs(0)).toBe(0)
    bucket.take(0)
    expect(bucket.delayMs(0)).toBeCloseTo(100)
  })

  it('keeps tokens earned at the old rate when the rate changes', () => {
    const bucket = new TokenBucket(10, 1, 0)
    bucket.take(0)
    // 50 ms at 10/s earned half a token; the other half at 5/s takes 100 ms.
    bucket.setRate(5, 50)
    expect(bucket.delayMs(50)).toBeCloseTo(100)
  })

  it('rejects a capacity below one token', () => {
    expect(() => new TokenBucket(10, 0.5, 0)).toThrow(RangeError)
  })
})
