import type { UserSettingsPatch } from '../../../shared/ipc/models/settings'
import type { HandlersFor } from '../ipc/router'
import type { EventSink } from '../ports'
import type { settingsChannels } from '../../../shared/ipc/channels/settings'
import { toUserSettings, type SettingsDoc } from './schema'
import type { SettingsRepo } from './settings-repo'

/** Merges a validated patch into the document; one line per editable section. */
export function applyPatch(doc: SettingsDoc, patch: UserSettingsPatch): SettingsDoc {
  return {
    ...doc,
    appearance: { ...doc.appearance, ...stripUndefined(patch.appearance) },
    ...(patch.downloads?.lastDestinations
      ? {
          downloads: {
            lastDestinations: {
              ...doc.downloads?.lastDestinations,
              ...patch.downloads.lastDestinations,
            },
          },
        }
      : {}),
    ...(patch.navigation ? { navigation: { lastRoute: patch.navigation.lastRoute } } : {}),
  }
}

function stripUndefined<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {}
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

export function createSettingsHandlers(
  repo: SettingsRepo,
  events: EventSink,
): HandlersFor<typeof settingsChannels> {
  return {
    'settings.get': () => Promise.resolve(toUserSettings(repo.read())),
    'settings.update': (patch) => {
      const saved = repo.write(applyPatch(repo.read(), patch))
      const settings = toUserSettings(saved)
      events.emit('settings.changed', settings)
      return Promise.resolve(settings)
    },
  }
}
