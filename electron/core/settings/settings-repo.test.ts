import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { createMemoryStore } from './key-value'
import { defaultSettingsDoc, CURRENT_SCHEMA_VERSION, type SettingsDoc } from './schema'
import { createSettingsRepo, SETTINGS_KEY } from './settings-repo'

const fixedNow = () => new Date('2026-11-22T10:00:00.000Z')

describe('settings repo', () => {
  it('writes defaults on first use', () => {
    const store = createMemoryStore()
    const doc = createSettingsRepo({ store }).read()
    expect(doc).toEqual(defaultSettingsDoc())
    expect(store.data.get(SETTINGS_KEY)).toEqual(defaultSettingsDoc())
  })

  it('migrates an old document and saves the result', () => {
    const store = createMemoryStore({ [SETTINGS_KEY]: { leftover: true } })
    const doc = createSettingsRepo({ store }).read()
    expect(doc.schemaVersion).toBe(CURRENT_SCHEMA_VERSION)
    expect(store.data.get(SETTINGS_KEY)).toEqual(doc)
  })

  it('keeps an invalid document under a dated key and starts from defaults', () => {
    const broken = { schemaVersion: CURRENT_SCHEMA_VERSION, appearance: { theme: 'sepia' } }
    const store = createMemoryStore({ [SETTINGS_KEY]: broken })
    expect(createSettingsRepo({ store, now: fixedNow }).read()).toEqual(defaultSettingsDoc())
    expect(store.data.get(`${SETTINGS_KEY}-invalid-2026-11-22T10:00:00.000Z`)).toEqual(broken)
  })

  it('refuses a document from a newer version and leaves it on disk', () => {
    const newer = { schemaVersion: CURRENT_SCHEMA_VERSION + 1, future: 'data' }
    const store = createMemoryStore({ [SETTINGS_KEY]: newer })
    const repo = createSettingsRepo({ store })
    expect(() => repo.read()).toThrow(AppError)
    expect(() => repo.read()).toThrow(/newer NOMAD Desktop/)
    expect(store.data.get(SETTINGS_KEY)).toEqual(newer)
  })

  it('refuses to write a document that violates the schema', () => {
    const store = createMemoryStore()
    const repo = createSettingsRepo({ store })
    const bad = { ...repo.read(), appearance: { theme: 'sepia' } } as unknown as SettingsDoc
    expect(() => repo.write(bad)).toThrow(/Settings not saved: appearance.theme/)
    expect(repo.read().appearance.theme).toBe('system')
    expect(store.data.get(SETTINGS_KEY)).toEqual(defaultSettingsDoc())
  })

  it('hands out copies, so a caller cannot change the cache by accident', () => {
    const repo = createSettingsRepo({ store: createMemoryStore() })
    repo.read().appearance.theme = 'dark'
    expect(repo.read().appearance.theme).toBe('system')
  })
})
