import { describe, expect, it } from 'vitest'
import { MemoryLimitsStore, parseLearnedLimits } from './limits-store'

describe('MemoryLimitsStore', () => {
  it('returns what was saved per origin, as a copy', () => {
    const store = new MemoryLimitsStore()
    const limits = { rate: 27.5, rateCeiling: 29, concurrency: 6, updatedAt: 1000 }
    store.save('https://nomad-lab.eu', limits)
    limits.rate = 1
    expect(store.load('https://nomad-lab.eu')).toEqual({
      rate: 27.5,
      rateCeiling: 29,
      concurrency: 6,
      updatedAt: 1000,
    })
    expect(store.load('http://localhost:8000')).toBeUndefined()
  })
})

describe('parseLearnedLimits', () => {
  it('accepts a valid record and rejects corrupt ones', () => {
    const ok = { rate: 10, rateCeiling: null, concurrency: 4, updatedAt: 5 }
    expect(parseLearnedLimits(ok)).toEqual(ok)
    expect(parseLearnedLimits({ ...ok, rate: -1 })).toBeUndefined()
    expect(parseLearnedLimits({ ...ok, concurrency: 2.5 })).toBeUndefined()
    expect(parseLearnedLimits('garbage')).toBeUndefined()
  })
})
