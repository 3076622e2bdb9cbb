/**
 * The request scheduler: every request of the app to a server goes through the
 * RequestScheduler of that server's origin (architecture rule 4). See docs/network.md.
 */
export { createRealClock, mathRandom, seededRandom } from './clock'
export type { Clock, Random, TimerHandle } from './clock'
export { MemoryLimitsStore, learnedLimitsSchema, parseLearnedLimits } from './limits-store'
export type { LearnedLimits, LimitsStore } from './limits-store'
export {
  DEFAULT_BACKOFF,
  classifyError,
  classifyHttp,
  fullJitterMs,
  headerValue,
  parseRetryAfter,
  retryAfterFromHeaders,
  retryDelayMs,
} from './retry-policy'
export type { BackoffConfig, HeaderSource, OutcomeClass } from './retry-policy'
export { DEFAULT_RETRY_BUDGET, RetryBudget } from './retry-budget'
export type { RetryBudgetConfig } from './retry-budget'
export { DEFAULT_RATE_CONFIG, RateController } from './rate-controller'
export type { RateControllerConfig, RateSnapshot } from './rate-controller'
export {
  DEFAULT_CONCURRENCY_CONFIG,
  ConcurrencyController,
  MAX_IN_FLIGHT,
} from './concurrency-controller'
export type { ConcurrencyConfig } from './concurrency-controller'
export { TokenBucket } from './token-bucket'
export { RequestMeter } from './meter'
export type { MeterListener, MeterLiveState, MeterSample, MeterSnapshot } from './meter'
export { DEFAULT_SCHEDULER_CONFIG, resolveSchedulerConfig } from './scheduler-config'
export type { SchedulerConfig, SchedulerConfigOverrides } from './scheduler-config'
export { BodyIdleTimeoutError } from './scheduler-types'
export type {
  AttemptContext,
  AttemptOutcome,
  AttemptTask,
  Lane,
  RunOptions,
} from './scheduler-types'
export { RequestScheduler } from './scheduler'
export type { RequestSchedulerOptions } from './scheduler'
export { SchedulerRegistry, originOf } from './scheduler-registry'
export type { SchedulerRegistryOptions } from './scheduler-registry'
