import { describe, expect, it } from 'vitest'
import { LeakyBucket } from './leaky-bucket'

function admitted(bucket: LeakyBucket, times: number[], rate: number, burst: number): number[] {
  return times.filter((t) => bucket.check('ip', t, rate, burst).ok)
}

describe('LeakyBucket (nginx limit_req)', () => {
  it('at 30 r/s without burst admits one request per 33.3 ms and rejects anything earlier', () => {
    const bucket = new LeakyBucket()
    // 0 admitted; 10 and 33 too early (excess 700 and 10 > 0); 34 admitted (1000 - 1020 → 0).
    expect(admitted(bucket, [0, 10, 33, 34], 30, 0)).toEqual([0, 34])
  })

  it('does not charge rejected requests', () => {
    const bucket = new LeakyBucket()
    const times = Array.from({ length: 1000 }, (_, i) => i) // one request per ms for 1 s
    const ok = admitted(bucket, times, 30, 0)
    expect(ok).toHaveLength(30)
    expect(ok.slice(0, 3)).toEqual([0, 34, 68])
  })

  it('with burst B nodelay lets B extra requests through at once, then paces', () => {
    const bucket = new LeakyBucket()
    const burst = admitted(
      bucket,
      Array.from({ length: 10 }, () => 0),
      10,
      5,
    )
    expect(burst).toHaveLength(6)
    expect(bucket.check('ip', 50, 10, 5).ok).toBe(false)
    expect(bucket.check('ip', 100, 10, 5).ok).toBe(true)
  })

  it('keeps keys apart and says how long until the next slot', () => {
    const bucket = new LeakyBucket()
    expect(bucket.check('a', 0, 10, 0).ok).toBe(true)
    expect(bucket.check('b', 0, 10, 0).ok).toBe(true)
    const rejected = bucket.check('a', 40, 10, 0)
    expect(rejected).toEqual({ ok: false, retryAfterMs: 60 })
  })

  it('admits a client pacing evenly at 90 % of the rate without a single rejection', () => {
    const bucket = new LeakyBucket()
    const interval = 1000 / 27
    const times = Array.from({ length: 500 }, (_, i) => i * interval)
    expect(admitted(bucket, times, 30, 0)).toHaveLength(500)
  })
})
