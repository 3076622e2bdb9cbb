import type { Random } from './clock'

/**
 * How one attempt ended, from the scheduler's point of view:
 * - ok: the server answered (2xx/3xx); feeds the rate controller as "admitted".
 * - throttle: the server or its proxy refused because of our request rate or concurrency.
 * - transient: a failure worth retrying after a pause (gateway errors, resets, timeouts).
 * - permanent: retrying cannot help (bad request, not found, forbidden); never retried.
 */
export type OutcomeClass = 'ok' | 'throttle' | 'transient' | 'permanent'

type HeaderGetter = { get(name: string): string | null }
type HeaderRecord = Readonly<Record<string, string | string[] | undefined>>

/** Either a fetch-style Headers object or undici/node-style header records. */
export type HeaderSource = HeaderGetter | HeaderRecord

function isHeaderGetter(headers: HeaderSource): headers is HeaderGetter {
  return typeof (headers as { get?: unknown }).get === 'function'
}

/** Reads one header case-insensitively from either header shape; first value if repeated. */
export function headerValue(headers: HeaderSource | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined
  if (isHeaderGetter(headers)) return headers.get(name) ?? undefined
  const wanted = name.toLowerCase()
  const record: HeaderRecord = headers
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() !== wanted) continue
    const value = record[key]
    return typeof value === 'string' || value === undefined ? value : value[0]
  }
  return undefined
}

// 5xx codes that describe the request or the server's configuration, not a passing condition.
const PERMANENT_5XX = new Set([501, 505, 506, 507, 508, 510, 511])
// Some API gateways answer rate limits with 403 instead of 429; NOMAD's nginx does not, but an
// Oasis behind such a gateway would otherwise turn a throttle into a permanent error.
const RATE_LIMIT_TEXT = /rate.?limit|too many requests/i

/**
 * Classifies an HTTP answer. Decisions (performance-anchors §7, §0.3–0.4):
 * - 503 with any body and 429 are throttles. nginx limit_req/limit_conn answer 503 with an HTML
 *   page and no Retry-After; AWS would call 503 "transient", which would hide NOMAD's signal.
 * - 408 and 500/502/504 (and unknown 5xx) are transient. 500 is retried on purpose: NOMAD's own
 *   client, curl and Google's clients retry it, and Elasticsearch or worker hiccups surface as 500;
 *   a deterministic 500 costs at most maxAttempts and is bounded by the retry budget.
 * - every other 4xx is permanent (400/422 also signal NOMAD's page-size limits: never retried).
 */
export function classifyHttp(
  status: number,
  headers?: HeaderSource,
  bodySnippet?: string,
): OutcomeClass {
  if (status >= 200 && status < 400) return 'ok'
  if (status === 429 || status === 503) return 'throttle'
  if (status === 408) return 'transient'
  if (status === 403) {
    const remaining = headerValue(headers, 'x-ratelimit-remaining')
    if (remaining?.trim() === '0') return 'throttle'
    if (bodySnippet !== undefined && RATE_LIMIT_TEXT.test(bodySnippet)) return 'throttle'
    return 'permanent'
  }
  if (status >= 400 && status < 500) return 'permanent'
  if (status >= 500 && status < 600) return PERMANENT_5XX.has(status) ? 'permanent' : 'transient'
  return 'permanent'
}

// Socket- and DNS-level failures that a later attempt can survive. ENOTFOUND is missing on
// purpose: the name does not exist, and an offline machine reports EAI_AGAIN instead.
const TRANSIENT_CODES = new Set([
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
])
// undici codes that mean our own request was malformed, not that the network failed.
const PERMANENT_UNDICI_CODES = new Set([
  'UND_ERR_INVALID_ARG',
  'UND_ERR_INVALID_RETURN_VALUE',
  'UND_ERR_NOT_SUPPORTED',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
])

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  return typeof error.code === 'string' ? error.code : undefined
}

/**
 * Classifies a thrown network error by its code, following `cause` chains because fetch wraps
 * the socket error in a TypeError('fetch failed'). Unknown errors are permanent: retrying a bug
 * only hides it.
 */
export function classifyError(error: unknown): 'transient' | 'permanent' {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current !== undefined; depth++) {
    const code = errorCode(current)
    if (code !== undefined) {
      if (TRANSIENT_CODES.has(code)) return 'transient'
      if (code.startsWith('UND_ERR_') && !PERMANENT_UNDICI_CODES.has(code)) return 'transient'
    }
    current = typeof current === 'object' && current !== null ? (current as Error).cause : undefined
  }
  return 'permanent'
}

/**
 * Parses a Retry-After value (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) into a delay in
 * milliseconds from nowMs; undefined when absent or unparsable.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  if (text === '') return undefined
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000
  if (!/[a-z]/i.test(text)) return undefined
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - nowMs)
}

/** The Retry-After header of a response as a delay in ms from nowMs, if present and valid. */
export function retryAfterFromHeaders(
  headers: HeaderSource | undefined,
  nowMs: number,
): number | undefined {
  return parseRetryAfter(headerValue(headers, 'retry-after'), nowMs)
}

/** Backoff constants; defaults below. */
export interface BackoffConfig {
  /** Base after a throttle: AWS uses 500 ms for throttles (anchors §2.2). */
  throttleBaseMs: number
  /** Base after a transient failure: anchors §7 suggests 0.5–1 s for resets and gateway errors. */
  transientBaseMs: number
  /** No single wait is longer (anchors §7: cap 30–60 s). */
  capMs: number
}

export const DEFAULT_BACKOFF: BackoffConfig = {
  throttleBaseMs: 500,
  transientBaseMs: 1000,
  capMs: 30_000,
}

/**
 * Full jitter, U(0, min(cap, base·2^retryIndex)) with retryIndex 0 for the first retry: in
 * Brooker's contention study it did the least total work of the jitter variants (anchors §2.5).
 */
export function fullJitterMs(
  retryIndex: number,
  baseMs: number,
  capMs: number,
  random: Random,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(retryIndex, 30))
  return random() * ceiling
}

/**
 * Wait before the next attempt: the larger of the server's Retry-After hint and our own full
 * jitter backoff (AWS standard mode, anchors §2.2), so a hint of 0 never means "hammer now".
 */
export function retryDelayMs(
  kind: 'throttle' | 'transient',
  retryIndex: number,
  hintMs: number | undefined,
  config: BackoffConfig,
  random: Random,
): number {
  const base = kind === 'throttle' ? config.throttleBaseMs : config.transientBaseMs
  const computed = fullJitterMs(retryIndex, base, config.capMs, random)
  return Math.max(hintMs ?? 0, computed)
}
