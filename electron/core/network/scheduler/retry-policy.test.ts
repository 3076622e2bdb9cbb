import { describe, expect, it } from 'vitest'
import { seededRandom } from './clock'
import {
  DEFAULT_BACKOFF,
  classifyError,
  classifyHttp,
  fullJitterMs,
  headerValue,
  parseRetryAfter,
  retryAfterFromHeaders,
  retryDelayMs,
} from './retry-policy'

describe('classifyHttp', () => {
  it('treats 503 with any body and 429 as throttles', () => {
    const html = '<html><head><title>503 Service Temporarily Unavailable</title></head>'
    expect(classifyHttp(503, { 'content-type': 'text/html' }, html)).toBe('throttle')
    expect(classifyHttp(503, undefined, '{"detail":"busy"}')).toBe('throttle')
    expect(classifyHttp(503)).toBe('throttle')
    expect(classifyHttp(429)).toBe('throttle')
  })

  it('treats 408, gateway errors, 500 and unknown 5xx as transient', () => {
    for (const status of [408, 500, 502, 504, 520]) expect(classifyHttp(status)).toBe('transient')
  })

  it('treats other 4xx and configuration 5xx as permanent, 2xx/3xx as ok', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 422, 501, 505, 511, 99, 600]) {
      expect(classifyHttp(status)).toBe('permanent')
    }
    for (const status of [200, 204, 206, 304]) expect(classifyHttp(status)).toBe('ok')
  })

  it('recognises a gateway that answers rate limits with 403', () => {
    expect(classifyHttp(403, new Headers({ 'X-RateLimit-Remaining': '0' }))).toBe('throttle')
    expect(classifyHttp(403, {}, 'API rate limit exceeded for 1.2.3.4')).toBe('throttle')
    expect(classifyHttp(403, { 'x-ratelimit-remaining': '12' }, 'Missing scopes')).toBe('permanent')
  })
})

describe('headerValue', () => {
  it('reads Headers objects and node header records case-insensitively', () => {
    expect(headerValue(new Headers({ 'Retry-After': '3' }), 'retry-after')).toBe('3')
    expect(headerValue({ 'Retry-After': ['4', '5'] }, 'retry-after')).toBe('4')
    expect(headerValue({ other: 'x' }, 'retry-after')).toBeUndefined()
    expect(headerValue(undefined, 'retry-after')).toBeUndefined()
  })
})

describe('classifyError', () => {
  const withCode = (code: string): Error => Object.assign(new Error(code), { code })

  it('retries socket and undici transport failures, also wrapped by fetch', () => {
    for (const code of ['ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ECONNREFUSED', 'EAI_AGAIN']) {
      expect(classifyError(withCode(code))).toBe('transient')
    }
    expect(classifyError(withCode('UND_ERR_SOCKET'))).toBe('transient')
    expect(classifyError(withCode('UND_ERR_BODY_TIMEOUT'))).toBe('transient')
    const wrapped = new TypeError('fetch failed', { cause: withCode('UND_ERR_CONNECT_TIMEOUT') })
    expect(classifyError(wrapped)).toBe('transient')
  })

  it('does not retry bugs, malformed requests or unknown errors', () => {
    expect(classifyError(withCode('UND_ERR_INVALID_ARG'))).toBe('permanent')
    expect(classifyError(withCode('ENOTFOUND'))).toBe('permanent')
    expect(classifyError(new RangeError('bad'))).toBe('permanent')
    expect(classifyError('a string')).toBe('permanent')
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00Z')

  it('parses delay-seconds and HTTP-dates relative to now', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000)
    expect(parseRetryAfter(' 0 ', now)).toBe(0)
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:59:00 GMT', now)).toBe(0)
  })

  it('reads the header from either header shape', () => {
    expect(retryAfterFromHeaders(new Headers({ 'Retry-After': '2' }), now)).toBe(2000)
    expect(retryAfterFromHeaders({ 'retry-after': '5' }, now)).toBe(5000)
    expect(retryAfterFromHeaders({ 'content-type': 'text/html' }, now)).toBeUndefined()
  })

  it('ignores absent or malformed values', () => {
    for (const value of [undefined, '', '-5', 'soon', '12abc']) {
      expect(parseRetryAfter(value, now)).toBeUndefined()
    }
  })
})

describe('backoff', () => {
  it('full jitter stays within [0, min(cap, base·2^n)) and uses the whole range', () => {
    const random = seededRandom(3)
    for (const [n, bound] of [
      [0, 500],
      [3, 4000],
      [6, 30_000],
      [40, 30_000],
    ] as const) {
      const samples = Array.from({ length: 2000 }, () => fullJitterMs(n, 500, 30_000, random))
      expect(Math.min(...samples)).toBeGreaterThanOrEqual(0)
      expect(Math.max(...samples)).toBeLessThan(bound)
      expect(Math.max(...samples)).toBeGreaterThan(bound * 0.95)
      expect(Math.min(...samples)).toBeLessThan(bound * 0.05)
    }
  })

  it('uses a larger base for transient failures and never waits less than the hint', () => {
    const one = (): number => 0.999
    expect(retryDelayMs('throttle', 0, undefined, DEFAULT_BACKOFF, one)).toBeCloseTo(499.5)
    expect(retryDelayMs('transient', 0, undefined, DEFAULT_BACKOFF, one)).toBeCloseTo(999)
    expect(retryDelayMs('throttle', 0, 7000, DEFAULT_BACKOFF, one)).toBe(7000)
    expect(retryDelayMs('throttle', 5, 100, DEFAULT_BACKOFF, one)).toBeCloseTo(15_984)
  })
})
