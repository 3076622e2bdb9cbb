import { describe, expect, it } from 'vitest'
import { NginxLimiter } from './nginx-limiter'

describe('NginxLimiter (test model of nginx limit_req / limit_conn)', () => {
  it('strict 30 r/s admits a request only 34 ms after the previous admitted one', () => {
    const limiter = new NginxLimiter({ rate: 30, burst: 0, concurrency: null })
    expect(limiter.admit(1000)).toBe(true)
    expect(limiter.admit(1033)).toBe(false)
    expect(limiter.admit(1034)).toBe(true)
    expect(limiter.admit(1050)).toBe(false)
    expect(limiter.admit(1068)).toBe(true)
  })

  it('burst nodelay lets N extra requests through at once, then refills at the rate', () => {
    const limiter = new NginxLimiter({ rate: 10, burst: 5, concurrency: null })
    const admitted = Array.from({ length: 10 }, () => limiter.admit(5000)).filter(Boolean)
    expect(admitted).toHaveLength(6)
    expect(limiter.admit(5099)).toBe(false)
    expect(limiter.admit(5100)).toBe(true)
  })

  it('limit_conn counts requests in progress', () => {
    const limiter = new NginxLimiter({ rate: null, burst: 0, concurrency: 2 })
    expect(limiter.admit(0)).toBe(true)
    expect(limiter.admit(0)).toBe(true)
    expect(limiter.admit(0)).toBe(false)
    limiter.release()
    expect(limiter.admit(1)).toBe(true)
    expect(limiter.connections).toBe(2)
  })
})
