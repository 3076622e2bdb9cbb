import { z } from 'zod'
import { pinSummarySchema } from './offline'
import { fullPathSchema } from './fields'

/**
 * The offline library's sync, storage and portability channels (docs/offline.md): sync a pin
 * and read what changed, pin the new entries a sync found, the sync and staleness preferences,
 * the storage view (space per server and pin, the cache), and a pin exported to one file and
 * imported from one.
 */

const pinId = z.string().min(1, { error: 'A pin id is required.' }).max(100)
const pinRef = z.strictObject({ pinId })
const count = z.number().int().nonnegative()

export const syncChangeSchema = z.strictObject({
  entryId: z.string(),
  name: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
})
export type SyncChange = z.infer<typeof syncChangeSchema>

/** What the last sync of a pin found, against the sync (or pin) before. */
export const syncReportSchema = z.strictObject({
  startedAt: z.number(),
  finishedAt: z.number(),
  /** Entries the server has now that the pin does not keep (listed; pin them with offline.pinNew). */
  added: count,
  /** Entries the pin kept that the server no longer returns (removed from the pin). */
  removed: count,
  /** Entries whose metadata or archive summary differs (updated in the pin). */
  changed: count,
  unchanged: count,
  /** The first 1000 changes by name; the counts above are exact. */
  items: z.array(syncChangeSchema),
  /** How many of the new entries were pinned since (0 until offline.pinNew ran). */
  newPinned: count,
})
export type SyncReport = z.infer<typeof syncReportSchema>

/** When pins count as stale and how often they sync by themselves. */
export const offlinePreferencesSchema = z.strictObject({
  /** A pin last synced longer ago than this is marked stale (default 7 days). */
  staleAfterDays: z
    .number()
    .int()
    .min(1, { error: 'Stale after at least one day.' })
    .max(3650, { error: 'Stale after at most 3650 days.' }),
  /** Sync every complete pin this often, in hours, through the background lane; 0 = only by hand. */
  syncEveryHours: z
    .number()
    .int()
    .min(0, { error: 'Sync every 0 (never) or more hours.' })
    .max(8760, { error: 'Sync at least once a year (8760 hours), or 0 for never.' }),
})
export type OfflinePreferences = z.infer<typeof offlinePreferencesSchema>
export const DEFAULT_OFFLINE_PREFERENCES: OfflinePreferences = {
  staleAfterDays: 7,
  syncEveryHours: 0,
}

export const pinStorageSchema = z.strictObject({
  pinId,
  label: z.string(),
  entries: count,
  bytes: count,
})
export const serverStorageSchema = z.strictObject({
  serverId: z.string(),
  serverName: z.string(),
  pins: z.array(pinStorageSchema),
  entries: count,
  /** Bytes of the server's pins (an entry two pins keep counts in each). */
  bytes: count,
})

export const storageViewSchema = z.strictObject({
  servers: z.array(serverStorageSchema),
  /** The app database holding the library (and the downloads journal), as it takes the disk. */
  database: z.strictObject({ path: z.string(), bytes: count }),
  /** Free bytes on that disk (null when the platform cannot say). */
  free: count.nullable(),
  /** The recently viewed cache, when there is one (null: none in this build). */
  cache: z.strictObject({ entries: count, bytes: count }).nullable(),
})
export type StorageView = z.infer<typeof storageViewSchema>

const filePath = fullPathSchema('file', 'Choose a file.')

export const offlineSyncChannels = {
  /** Starts a sync of the pin (background lane); progress and the end in `offline.changed`. */
  'offline.sync': { input: pinRef, output: pinSummarySchema },
  /** The last sync's report (null before the first sync). */
  'offline.syncReport': { input: pinRef, output: syncReportSchema.nullable() },
  /** Pins the new entries the last sync listed (up to the pin's limit). */
  'offline.pinNew': { input: pinRef, output: pinSummarySchema },
  'offline.preferences': { input: z.strictObject({}), output: offlinePreferencesSchema },
  'offline.setPreferences': { input: offlinePreferencesSchema, output: offlinePreferencesSchema },
  'offline.storage': { input: z.strictObject({}), output: storageViewSchema },
  /** Writes the pin and its entries to one file (docs/offline.md, "Export and import"). */
  'offline.export': {
    input: z.strictObject({ pinId, path: filePath }),
    output: z.strictObject({ path: z.string(), entries: count, bytes: count }),
  },
  /** Reads a pin file and adds it to the library; a file that cannot be read changes nothing. */
  'offline.import': {
    input: z.strictObject({ path: filePath }),
    output: pinSummarySchema,
  },
}
