import { z } from 'zod'
import { serverStatusSchema } from '../models/server-profile'
import { serverIdSchema as serverId } from './fields'

/**
 * Offline mode and the cache of recently viewed entries (docs/offline.md), beside the pins'
 * channels in offline.ts. "Work offline" is switched per server and kept in settings; while it
 * is on, nothing is sent to that server and every answer comes from this computer.
 */

const count = z.number().int().nonnegative()

/**
 * Set on an entry's details or an archive part answered from this computer because the server
 * could not be reached (or the user works offline): from a pin (`at`: when it was last synced)
 * or from the cache of recently viewed entries (`at`: when it was viewed online).
 */
export const keptNoteSchema = z.strictObject({
  source: z.enum(['pinned', 'cached']),
  at: z.number().nullable(),
})
export type KeptNote = z.infer<typeof keptNoteSchema>

/** Largest size the recently viewed cache may be given, in megabytes. */
export const MAX_CACHE_MEGABYTES = 100_000
/** The cache's size limit until the user sets another. */
export const DEFAULT_CACHE_MEGABYTES = 200

export const cacheInfoSchema = z.strictObject({
  /** Entries and archive parts kept (one item per entry's details or archive part). */
  items: count,
  bytes: count,
  /** The limit: the least recently viewed items go first beyond it. */
  maxBytes: count,
})
export type CacheInfo = z.infer<typeof cacheInfoSchema>

export const offlineModeChannels = {
  /**
   * Switches "Work offline" for a server: on, nothing is sent to it and answers come from the
   * library and the cache; off, the server is checked again. Answers the server's new status.
   */
  'offline.workOffline': {
    input: z.strictObject({ serverId, offline: z.boolean() }),
    output: serverStatusSchema,
  },
  'offline.cacheInfo': { input: z.strictObject({}), output: cacheInfoSchema },
  /** Sets the cache's size limit (kept in settings); evicts at once down to it. */
  'offline.cacheLimit': {
    input: z.strictObject({
      maxMegabytes: z
        .number()
        .int({ error: 'The cache size is a whole number of megabytes.' })
        .min(0, { error: 'The cache size cannot be negative.' })
        .max(MAX_CACHE_MEGABYTES, {
          error: `The cache can be at most ${MAX_CACHE_MEGABYTES} MB.`,
        }),
    }),
    output: cacheInfoSchema,
  },
  /** Empties the cache (pins are not touched). */
  'offline.cacheClear': { input: z.strictObject({}), output: cacheInfoSchema },
} as const

export const offlineModeEvents = {} as const
