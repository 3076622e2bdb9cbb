import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '../settings/key-value'
import { createSettingsRepo, SETTINGS_KEY } from '../settings/settings-repo'
import { createSettingsLimitsStore } from './settings-limits-store'

const limits = (updatedAt: number) => ({ rate: 28, rateCeiling: 30, concurrency: 9, updatedAt })

describe('settings-backed learned limits', () => {
  it('keeps limits per origin in network.learnedLimits, across a restart', () => {
    const store = createMemoryStore()
    createSettingsLimitsStore(createSettingsRepo({ store })).save('https://a.org', limits(1))
    const reopened = createSettingsLimitsStore(createSettingsRepo({ store }))
    expect(reopened.load('https://a.org')).toEqual(limits(1))
    expect(reopened.load('https://b.org')).toBeUndefined()
    expect(store.data.get(SETTINGS_KEY)).toMatchObject({
      network: { learnedLimits: { 'https://a.org': limits(1) } },
    })
  })

  it('ignores a damaged entry without losing the rest of the settings', () => {
    const store = createMemoryStore()
    const repo = createSettingsRepo({ store })
    const doc = repo.read()
    repo.write({ ...doc, network: { learnedLimits: { 'https://a.org': { rate: 'fast' } } } })
    const limitsStore = createSettingsLimitsStore(createSettingsRepo({ store }))
    expect(limitsStore.load('https://a.org')).toBeUndefined()
    limitsStore.save('https://b.org', limits(2))
    const saved = createSettingsRepo({ store }).read()
    expect(Object.keys(saved.network?.learnedLimits ?? {})).toEqual(['https://b.org'])
    expect(saved.appearance.theme).toBe('system')
  })

  it('keeps only the 24 most recently updated origins (sandbox ports come and go)', () => {
    const store = createMemoryStore()
    const limitsStore = createSettingsLimitsStore(createSettingsRepo({ store }))
    for (let i = 0; i < 30; i++) limitsStore.save(`http://127.0.0.1:${4000 + i}`, limits(i))
    const kept = Object.keys(createSettingsRepo({ store }).read().network?.learnedLimits ?? {})
    expect(kept).toHaveLength(24)
    expect(kept).toContain('http://127.0.0.1:4029')
    expect(kept).not.toContain('http://127.0.0.1:4005')
  })
})
