import { z } from 'zod'
import { serverProfileSchema } from '../../../shared/ipc/models/server-profile'
import {
  lastRouteSchema,
  themeSchema,
  type UserSettings,
} from '../../../shared/ipc/models/settings'
import { PUBLIC_SERVER_ID } from '../servers/built-in'

/**
 * The persisted settings document. Bump CURRENT_SCHEMA_VERSION together with a new entry in
 * migrations.ts whenever this shape changes; old files are migrated step by step on load.
 */
export const CURRENT_SCHEMA_VERSION = 1

/** User-added profiles only; built-in ones come from code (servers/built-in.ts). */
export const storedServerSchema = serverProfileSchema.extend({
  kind: z.literal('remote'),
  builtIn: z.literal(false),
})
export type StoredServer = z.infer<typeof storedServerSchema>

export const settingsDocSchema = z.object({
  schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
  appearance: z.object({ theme: themeSchema }),
  servers: z.object({
    profiles: z.array(storedServerSchema),
    activeServerId: z.string().min(1),
  }),
  /** Added without a version bump (optional): what the request scheduler learned per origin. */
  network: z
    .object({
      /**
       * Origin (or a stable key, e.g. the Local sandbox's) → LearnedLimits; validated per entry
       * when loaded (electron/core/network).
       */
      learnedLimits: z.record(z.string(), z.unknown()),
    })
    .optional(),
  /** Added without a version bump (optional): token preferences (electron/core/tokens). */
  tokens: z
    .object({
      /** Remind this many days before a stored token expires (default 7; 0 = only when expired). */
      reminderDays: z.number().int().min(0).max(90),
    })
    .optional(),
  /** Added without a version bump (optional): server id → last download destination. */
  downloads: z.object({ lastDestinations: z.record(z.string(), z.string()) }).optional(),
  /** Added without a version bump (optional): offline pins' staleness and sync schedule. */
  offlineSync: z
    .object({
      staleAfterDays: z.number().int().min(1).max(3650),
      syncEveryHours: z.number().int().min(0).max(8760),
    })
    .optional(),
  /**
   * Added without a version bump (optional): server id → when the user switched "Work offline"
   * on for it (servers/offline-mode.ts); absent while the server is used online.
   */
  workOffline: z.record(z.string(), z.number()).optional(),
  /** Added without a version bump (optional): the recently viewed cache's size limit. */
  recentCache: z.object({ maxMegabytes: z.number().int().min(0).max(100_000) }).optional(),
  /** Added without a version bump (optional): the window's last address, restored at start. */
  navigation: z.object({ lastRoute: lastRouteSchema }).optional(),
})
export type SettingsDoc = z.infer<typeof settingsDocSchema>

export function defaultSettingsDoc(): SettingsDoc {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    appearance: { theme: 'system' },
    servers: { profiles: [], activeServerId: PUBLIC_SERVER_ID },
  }
}

/** The user-editable part that crosses IPC (settings.get / settings.update). */
export function toUserSettings(doc: SettingsDoc): UserSettings {
  return {
    appearance: { theme: doc.appearance.theme },
    ...(doc.downloads
      ? { downloads: { lastDestinations: { ...doc.downloads.lastDestinations } } }
      : {}),
    ...(doc.navigation ? { navigation: { lastRoute: doc.navigation.lastRoute } } : {}),
  }
}
