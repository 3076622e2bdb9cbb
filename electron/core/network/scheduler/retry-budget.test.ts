import { describe, expect, it } from 'vitest'
import { RetryBudget } from './retry-budget'

describe('RetryBudget', () => {
  it('charges 5 per throttle retry and 10 per transient retry until empty', () => {
    const budget = new RetryBudget()
    let throttleRetries = 0
    while (budget.tryAcquire('throttle') !== undefined) throttleRetries++
    expect(throttleRetries).toBe(100)
    expect(budget.tryAcquire('transient')).toBeUndefined()

    const other = new RetryBudget()
    let transientRetries = 0
    while (other.tryAcquire('transient') !== undefined) transientRetries++
    expect(transientRetries).toBe(50)
  })

  it('refunds the retry cost on a success after a retry, 1 otherwise, up to capacity', () => {
    const budget = new RetryBudget()
    const cost = budget.tryAcquire('transient')
    expect(cost).toBe(10)
    expect(budget.available).toBe(490)
    budget.onSuccess(0)
    expect(budget.available).toBe(491)
    budget.onSuccess(10)
    expect(budget.available).toBe(500)
    budget.onSuccess(10)
    expect(budget.available).toBe(500)
  })
})
