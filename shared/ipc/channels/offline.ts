import { z } from 'zod'
import { OWNERS } from '../../api/common'
import { serverIdSchema as serverId, searchQuerySchema as query } from './fields'

/**
 * The offline library's channels (electron/core/offline, docs/offline.md). A pin keeps entries
 * of a server on this machine: their metadata and an archive summary. `offline.estimate` says
 * how many entries and how much space a pin will take before it starts; `offline.pin` starts
 * it; progress arrives as the `offline.changed` event.
 */

const pinId = z.string().min(1, { error: 'A pin id is required.' }).max(100)
const id = z.string().min(1).max(200)
const count = z.number().int().nonnegative()

/** Most entries one pin may keep (the user lowers it; the default is 10 000). */
export const MAX_PIN_LIMIT = 200_000

export const pinSourceInputSchema = z.discriminatedUnion('kind', [
  /** The entries a search matches (the first `limit` of them, in entry id order). */
  z.strictObject({ kind: z.literal('search'), query, owner: z.enum(OWNERS).default('visible') }),
  /** Chosen entries. */
  z.strictObject({ kind: z.literal('entries'), entryIds: z.array(id).min(1).max(MAX_PIN_LIMIT) }),
  /** Every entry of one upload. */
  z.strictObject({ kind: z.literal('upload'), uploadId: id }),
])
export type PinSourceInput = z.infer<typeof pinSourceInputSchema>

export const pinSpecSchema = z.strictObject({
  serverId,
  source: pinSourceInputSchema,
  /** Shown in the library; derived from the source when empty. */
  label: z.string().max(200).optional(),
  limit: z
    .number()
    .int()
    .min(1, { error: 'Keep at least one entry.' })
    .max(MAX_PIN_LIMIT, { error: `A pin keeps at most ${MAX_PIN_LIMIT} entries.` })
    .default(10_000),
  /** Keep the archive summary (results, metadata, last calculation and system) of each entry. */
  withArchives: z.boolean().default(true),
  /**
   * Also keep the entries' raw files: once the pin is complete, a download job fetches them into
   * the library's folder (electron/core/offline/pin-raw-files.ts).
   */
  withRawFiles: z.boolean().default(false),
})
export type PinSpec = z.infer<typeof pinSpecSchema>
export type PinSpecInput = z.input<typeof pinSpecSchema>

export const pinEstimateSchema = z.strictObject({
  /** Entries the source matches on the server now. */
  matched: count,
  /** Entries the pin will keep (matched, cut to the limit). */
  entries: count,
  /** Bytes the pin will take, from a sample of entries (and their archive summaries). */
  bytes: count,
  /** Entries the sample measured (0: nothing to measure, bytes is 0). */
  sampled: count,
  /** The folder on whose disk the library lives (the app's data folder). */
  folder: z.string(),
  /** Free bytes on that disk now; null when it cannot be measured. */
  freeBytes: count.nullable(),
  /** What the library keeps free: a pin pauses below it (shared/offline/pin-space.ts). */
  reserveBytes: count,
})
export type PinEstimate = z.infer<typeof pinEstimateSchema>

export const pinStateSchema = z.enum(['pinning', 'complete', 'paused', 'failed'])

export const pinSummarySchema = z.strictObject({
  pinId,
  serverId: z.string(),
  /** The server's name when the pin was made (the profile may be gone since). */
  serverName: z.string(),
  label: z.string(),
  kind: z.enum(['search', 'entries', 'upload']),
  state: pinStateSchema,
  /** metadata → archives → done; where a running or interrupted pin is. */
  phase: z.enum(['metadata', 'archives', 'done']),
  entries: count,
  /** What the server matched when the pin ran; the pin keeps at most `limit` of them. */
  matched: count.nullable(),
  limit: count,
  bytes: count,
  withArchives: z.boolean(),
  createdAt: z.number(),
  /** When the last complete sync ended; null before the first. */
  syncedAt: z.number().nullable(),
  /** Why it failed or paused, in a sentence. */
  message: z.string().optional(),
  /** A sync under way ('sync'), or the pinning of the new entries it found ('add'). */
  syncing: z.enum(['sync', 'add']).optional(),
  /** The last sync's counts (offline.syncReport has the list). */
  lastSync: z
    .strictObject({
      finishedAt: z.number(),
      added: count,
      removed: count,
      changed: count,
      newPinned: count,
    })
    .optional(),
})
export type PinSummary = z.infer<typeof pinSummarySchema>

const pinRef = z.strictObject({ pinId })

/** Damaged records found in the library (they were skipped; re-sync their pins). */
const damagedListSchema = z.array(
  z.strictObject({
    key: z.string(),
    problem: z.string(),
    /** The pins a damaged entry belongs to: a sync rewrites it (offline.sync). */
    pinIds: z.array(z.string()).optional(),
  }),
)

export const offlineChannels = {
  /** How many entries and how much space a pin would take; nothing is stored. */
  'offline.estimate': { input: pinSpecSchema, output: pinEstimateSchema },
  /** Starts a pin (it runs in the background lane; progress in `offline.changed`). */
  'offline.pin': { input: pinSpecSchema, output: z.strictObject({ pinId }) },
  'offline.list': {
    input: z.strictObject({}),
    output: z.strictObject({
      pins: z.array(pinSummarySchema),
      damaged: damagedListSchema,
    }),
  },
  'offline.pause': { input: pinRef, output: pinSummarySchema },
  /** Continues a paused, failed or interrupted pin where it stopped. */
  'offline.resume': { input: pinRef, output: pinSummarySchema },
  /** Removes the pin and every entry no other pin keeps. */
  'offline.remove': { input: pinRef, output: z.strictObject({}) },
}

export const offlineEvents = {
  /** The pins that changed (throttled while a pin runs). */
  'offline.changed': {
    payload: z.strictObject({
      pins: z.array(pinSummarySchema),
      /** The whole damaged list, when it changed (the background check found more). */
      damaged: damagedListSchema.optional(),
    }),
  },
}
