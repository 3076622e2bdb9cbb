import { AppError } from '../../../shared/errors'
import { silentLogger, type Logger } from '../logging'
import type { KeyValueStore } from './key-value'
import { runMigrations, type RawDoc } from './migrations'
import { defaultSettingsDoc, settingsDocSchema, type SettingsDoc } from './schema'

export const SETTINGS_KEY = 'settings'

/**
 * Loads, migrates, validates and saves the settings document over the KeyValue port. It is the
 * only code that reads or writes the 'settings' key; services read a validated copy and write
 * whole documents, which are validated again before they touch the disk.
 */
export interface SettingsRepo {
  read(): SettingsDoc
  /** Validates and stores `next`; a schema violation is refused with invalid_input. */
  write(next: SettingsDoc): SettingsDoc
}

export interface SettingsRepoOptions {
  store: KeyValueStore
  logger?: Logger
  now?: () => Date
}

const isRecord = (value: unknown): value is RawDoc =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function createSettingsRepo(options: SettingsRepoOptions): SettingsRepo {
  const { store } = options
  const log = options.logger ?? silentLogger
  const now = options.now ?? (() => new Date())
  let cached: SettingsDoc | undefined

  /** Keeps an unreadable document under a dated key so nothing the user had is lost. */
  function setAside(raw: unknown, reason: string): SettingsDoc {
    const backupKey = `${SETTINGS_KEY}-invalid-${now().toISOString()}`
    store.set(backupKey, raw)
    log.warn('settings were unreadable; kept a copy and started from defaults', {
      reason,
      backupKey,
    })
    const fresh = defaultSettingsDoc()
    store.set(SETTINGS_KEY, fresh)
    return fresh
  }

  function load(): SettingsDoc {
    const raw = store.get(SETTINGS_KEY)
    if (raw === undefined) {
      const fresh = defaultSettingsDoc()
      store.set(SETTINGS_KEY, fresh)
      return fresh
    }
    if (!isRecord(raw)) return setAside(raw, 'not an object')
    // A newer file (conflict) propagates: writing defaults over it would destroy its data.
    const { doc, from, applied } = runMigrations(raw)
    const parsed = settingsDocSchema.safeParse(doc)
    if (!parsed.success)
      return setAside(raw, parsed.error.issues.map((issue) => issue.message).join('; '))
    if (applied.length > 0) {
      store.set(SETTINGS_KEY, parsed.data)
      log.info('migrated settings', { from, to: parsed.data.schemaVersion })
    }
    return parsed.data
  }

  return {
    read() {
      cached ??= load()
      return structuredClone(cached)
    },
    write(next) {
      const parsed = settingsDocSchema.safeParse(next)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw new AppError(
          'invalid_input',
          `Settings not saved: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}`,
          { path: issue ? issue.path.map((p) => (typeof p === 'number' ? p : String(p))) : [] },
        )
      }
      store.set(SETTINGS_KEY, parsed.data)
      cached = parsed.data
      return structuredClone(parsed.data)
    },
  }
}
