/**
 * A per-server retry quota (AWS standard retry mode, performance-anchors §2.2): 500 tokens, a
 * throttle retry costs 5, a transient retry (reset, timeout, 5xx) 10, and a success refunds its
 * retry cost or adds 1. When the server is failing persistently the quota empties and further
 * retries fail fast instead of multiplying the load by maxAttempts.
 */
export interface RetryBudgetConfig {
  capacity: number
  throttleCost: number
  transientCost: number
  /** Added on a success that needed no retry. */
  successIncrement: number
}

export const DEFAULT_RETRY_BUDGET: RetryBudgetConfig = {
  capacity: 500,
  throttleCost: 5,
  transientCost: 10,
  successIncrement: 1,
}

export class RetryBudget {
  private tokens: number

  constructor(private readonly config: RetryBudgetConfig = DEFAULT_RETRY_BUDGET) {
    this.tokens = config.capacity
  }

  get available(): number {
    return this.tokens
  }

  /** Takes the cost of one retry; returns the cost taken, or undefined when the quota is empty. */
  tryAcquire(kind: 'throttle' | 'transient'): number | undefined {
    const cost = kind === 'throttle' ? this.config.throttleCost : this.config.transientCost
    if (this.tokens < cost) return undefined
    this.tokens -= cost
    return cost
  }

  /** Credits a success; lastRetryCost is what its final retry took (0 if it needed none). */
  onSuccess(lastRetryCost: number): void {
    const credit = lastRetryCost > 0 ? lastRetryCost : this.config.successIncrement
    this.tokens = Math.min(this.config.capacity, this.tokens + credit)
  }
}
