import type { Lane } from '../network/scheduler'
import type { EndpointKind } from './answer-limits'
import type { QueryParams } from './request-url'

/**
 * What a caller says about one request. Its own module so outgoing-request, which builds the
 * request, and api-requester, which sends it, both read these without importing each other.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface RequestOptions {
  /** interactive (default): a person waits for it; background: downloads, sync, prefetch. */
  lane?: Lane
  /** Aborting rejects with AppError 'cancelled' and frees the request's slot at once. */
  signal?: AbortSignal
  /** auto (default): stored token or sign-in; identity: sign-in only; none: anonymous. */
  auth?: 'auto' | 'identity' | 'none'
  /** Attempts including the first; default 3 interactive, 5 background (see docs/network.md). */
  maxAttempts?: number
  /** Shown in errors and logs instead of "METHOD /path"; never put secrets here. */
  label?: string
  /**
   * The request creates something and must not be repeated once it may have reached the app:
   * throttles (refused by the proxy in front) are still retried, transient failures are not.
   */
  nonIdempotent?: boolean
  /**
   * JSON calls only: the longest one attempt may take in whole, headers and body, in ms. When
   * it passes the attempt is given up (network, not retried) even if bytes are still arriving.
   * Default per endpoint kind: 120 s metadata, 600 s archives (answer-limits.ts).
   */
  deadlineMs?: number
  /**
   * Streams only: send a GET over a connection of its own whose reads land in reused memory
   * (network/direct-transport.ts) instead of undici's pool. For one big file, where the
   * garbage of undici's per-read buffers halves the throughput; a small one is better served
   * by the pool's warm connections.
   */
  ownConnection?: boolean
}

/** Set by the endpoint groups (endpoints/endpoint-requester.ts), not by callers. */
export interface JsonOptions {
  /** Which limits apply to the answer; 'metadata' when not set. */
  kind?: EndpointKind
}

export interface BodyOptions {
  query?: QueryParams
  /** Sent as application/json. */
  json?: unknown
  /** Sent as application/x-www-form-urlencoded (POST /auth/token). */
  form?: Record<string, string>
  /** Statuses that count as success; default any 2xx. */
  expect?: number[]
}
