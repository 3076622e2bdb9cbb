import { z } from 'zod'
import { OWNERS } from '../../../shared/api/common'
import { syncProgressSchema, syncReportSchema } from './sync-records'

/**
 * What the offline library keeps in the embedded database (docs/offline.md): one record per
 * pin, and one record per pinned entry and server holding the entry's metadata as the server
 * sent it, its archive summary, and the pins that keep it. Records are validated when read, so
 * a damaged record is reported (and its pin offered for re-sync) instead of crashing a search.
 */

/** The archive sections a pin keeps by default: results, metadata, the last calculation and system. */
export const SUMMARY_REQUIRED = {
  metadata: '*',
  results: '*',
  run: { 'calculation[-1]': '*', 'system[-1]': '*' },
} as const

/** A pin of a search keeps at most this many entries unless the user sets another limit. */
export const DEFAULT_PIN_LIMIT = 10_000

const jsonObject = z.record(z.string(), z.unknown())

export const pinSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('search'), query: z.unknown(), owner: z.enum(OWNERS) }),
  z.object({ kind: z.literal('entries'), entryIds: z.array(z.string()).min(1) }),
  z.object({ kind: z.literal('upload'), uploadId: z.string().min(1) }),
])
export type PinSource = z.infer<typeof pinSourceSchema>

export const pinStateSchema = z.enum(['pinning', 'complete', 'paused', 'failed'])
export type PinState = z.infer<typeof pinStateSchema>

export const pinRecordSchema = z.object({
  pinId: z.string().min(1),
  serverId: z.string().min(1),
  /** The server's name when the pin was made (the profile may be removed later). */
  serverName: z.string().default(''),
  label: z.string(),
  source: pinSourceSchema,
  /** Most entries kept (the user's limit); a search with more matches keeps the first ones. */
  limit: z.number().int().positive(),
  /** The archive `required` of the summaries kept; null keeps metadata only. */
  archiveRequired: jsonObject.nullable(),
  state: pinStateSchema,
  createdAt: z.number(),
  /** When the last complete sync ended (undefined until the first one does). */
  syncedAt: z.number().optional(),
  /** Entries kept and bytes they take (metadata and archive, as stored). */
  entries: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** Where an interrupted pin resumes: the metadata cursor, then the archives still missing. */
  cursor: z.string().optional(),
  phase: z.enum(['metadata', 'archives', 'done']),
  /** The matches the server reported when the pin started (the pin may keep fewer: limit). */
  matched: z.number().int().nonnegative().optional(),
  message: z.string().optional(),
  /** A sync (or a pin of the new entries it found) under way; see sync-records.ts. */
  sync: syncProgressSchema.optional(),
  /** What the last complete sync found. */
  lastSync: syncReportSchema.optional(),
  /**
   * "Also keep raw files": set when the pin was asked for them (pin-raw-files.ts). `jobIds` are
   * the download jobs fetching them once the pin is complete (several when the pin keeps more
   * entries than one job takes); `jobId` is the one job of an older record. `starting` is the
   * intent, stored before a job starts, so that a restart finds the jobs already started instead
   * of starting them twice; `pending` are entries pinned since ("Pin N new entries") whose raw
   * files are still to be fetched; `problem` says why they could not be.
   */
  rawFiles: z
    .object({
      jobId: z.string().min(1).optional(),
      jobIds: z.array(z.string().min(1)).optional(),
      starting: z.object({ at: z.number(), kind: z.enum(['all', 'new']) }).optional(),
      pending: z.array(z.string()).optional(),
      problem: z.string().optional(),
    })
    .optional(),
})
export type PinRecord = z.infer<typeof pinRecordSchema>

/** An entry's metadata as the server sent it (evaluated by shared/query offline). */
const entryDocSchema = z.looseObject({ entry_id: z.string().min(1) })

/**
 * An entry as the library hands it out: its metadata, its archive summary when kept, and the
 * pins that keep it. Stored as two records (offline-library.ts): the small entry record the
 * start-up scan reads, and the archive summary, read only when asked for.
 */
export const storedEntrySchema = z.object({
  doc: entryDocSchema,
  /** The archive summary (`archiveRequired` of the pin that fetched it), when kept. */
  archive: jsonObject.optional(),
  /** The pins that keep this entry; the entry is removed with the last of them. */
  pins: z.array(z.string()).min(1),
  syncedAt: z.number(),
})
export type StoredEntry = z.infer<typeof storedEntrySchema>

/**
 * The entry record in `offline-entries` (layout 2): the entry without its archive summary, and
 * whether one is kept in `offline-archives`. A record of layout 1 still holds its summary as
 * `archive`; the migration (library-migration.ts) moves it out, and until then it is read as is.
 */
export const entryRecordSchema = z.object({
  doc: entryDocSchema,
  pins: z.array(z.string()).min(1),
  syncedAt: z.number(),
  archived: z.boolean().optional(),
  archive: jsonObject.optional(),
})
export type EntryRecord = z.infer<typeof entryRecordSchema>

/** What the scan and `entriesOf` hand out: an entry without its archive summary. */
export interface EntryHead {
  doc: StoredEntry['doc']
  pins: string[]
  syncedAt: number
  /** Whether an archive summary is kept (read it with `OfflineLibrary.entry`). */
  archived: boolean
}

/** The archive summary record in `offline-archives`. */
export const archiveRecordSchema = jsonObject
