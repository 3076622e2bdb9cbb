import { DEFAULT_CONCURRENCY_CONFIG, type ConcurrencyConfig } from './concurrency-controller'
import { DEFAULT_RATE_CONFIG, type RateControllerConfig } from './rate-controller'
import { DEFAULT_RETRY_BUDGET, type RetryBudgetConfig } from './retry-budget'
import { DEFAULT_BACKOFF, type BackoffConfig } from './retry-policy'
import type { Lane } from './scheduler-types'

/** Every tunable of a RequestScheduler; the defaults are documented where they are defined. */
export interface SchedulerConfig {
  rate: RateControllerConfig
  concurrency: ConcurrencyConfig
  backoff: BackoffConfig
  retryBudget: RetryBudgetConfig
  /** Abort an attempt after this long without a touch() (anchors §4: proxy cuts at 60 s). */
  bodyIdleTimeoutMs: number
  /**
   * Longest Retry-After we hold a request (and pause the server) for; a longer hint fails the
   * request at once with the hint in its error so the caller can reschedule the job itself.
   */
  maxRetryAfterMs: number
  /** Attempts per request when the caller does not say; gRPC caps at 5 (anchors §2.4). */
  defaultMaxAttempts: Record<Lane, number>
  /** Token bucket capacity: 1 = no burst after idle (the issue asks for 1–2). */
  pacerCapacity: number
  /**
   * Tokens background requests leave in the bucket for the interactive lane (Pacer): a search
   * does not wait behind the prefetch just sent. 0 = none (every request keeps the pace).
   */
  interactiveReserve: number
}

export const DEFAULT_SCHEDULER_CONFIG: SchedulerConfig = {
  rate: DEFAULT_RATE_CONFIG,
  concurrency: DEFAULT_CONCURRENCY_CONFIG,
  backoff: DEFAULT_BACKOFF,
  retryBudget: DEFAULT_RETRY_BUDGET,
  bodyIdleTimeoutMs: 90_000,
  maxRetryAfterMs: 60_000,
  // A person is waiting on interactive requests: fail after ~1 s of backoff, not ~15 s.
  defaultMaxAttempts: { interactive: 3, background: 5 },
  pacerCapacity: 1,
  interactiveReserve: 1,
}

/** Overrides for tests and special servers; nested objects are merged field by field. */
export interface SchedulerConfigOverrides {
  rate?: Partial<RateControllerConfig>
  concurrency?: Partial<ConcurrencyConfig>
  backoff?: Partial<BackoffConfig>
  retryBudget?: Partial<RetryBudgetConfig>
  bodyIdleTimeoutMs?: number
  maxRetryAfterMs?: number
  defaultMaxAttempts?: Partial<Record<Lane, number>>
  pacerCapacity?: number
  interactiveReserve?: number
}

export function resolveSchedulerConfig(overrides: SchedulerConfigOverrides = {}): SchedulerConfig {
  const d = DEFAULT_SCHEDULER_CONFIG
  return {
    rate: { ...d.rate, ...overrides.rate },
    concurrency: { ...d.concurrency, ...overrides.concurrency },
    backoff: { ...d.backoff, ...overrides.backoff },
    retryBudget: { ...d.retryBudget, ...overrides.retryBudget },
    bodyIdleTimeoutMs: overrides.bodyIdleTimeoutMs ?? d.bodyIdleTimeoutMs,
    maxRetryAfterMs: overrides.maxRetryAfterMs ?? d.maxRetryAfterMs,
    defaultMaxAttempts: { ...d.defaultMaxAttempts, ...overrides.defaultMaxAttempts },
    pacerCapacity: overrides.pacerCapacity ?? d.pacerCapacity,
    interactiveReserve: overrides.interactiveReserve ?? d.interactiveReserve,
  }
}
