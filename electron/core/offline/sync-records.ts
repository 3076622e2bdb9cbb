import { z } from 'zod'

/**
 * What a sync of a pin keeps (docs/offline.md, "Sync"): while it runs, its progress in the pin
 * record (so an interrupted sync resumes after its last page), and when it ends, the report of
 * what changed since the sync before: new, removed and changed entries, with counts and a list.
 */

/** Entries a report lists by name; the counts are always exact. */
export const REPORT_ITEMS = 1000

const count = z.number().int().nonnegative()

export const syncChangeSchema = z.object({
  entryId: z.string(),
  /** The entry's name (or main file) as the server sent it, for the list. */
  name: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
})
export type SyncChange = z.infer<typeof syncChangeSchema>

const tallySchema = z.object({
  added: count,
  removed: count,
  changed: count,
  unchanged: count,
  /** The first REPORT_ITEMS changes, in the order found. */
  items: z.array(syncChangeSchema),
})
export type SyncTally = z.infer<typeof tallySchema>

export const syncReportSchema = tallySchema.extend({
  startedAt: z.number(),
  finishedAt: z.number(),
  /** New entries are listed, not kept, until the user pins them (offline.pinNew). */
  newPinned: count.default(0),
})
export type SyncReport = z.infer<typeof syncReportSchema>

/** A sync under way: which pass, where it resumes, and what it found so far. */
export const syncProgressSchema = z.discriminatedUnion('kind', [
  /** Comparing the pin with the server: metadata page by page, then removals. */
  tallySchema.extend({
    kind: z.literal('sync'),
    startedAt: z.number(),
    cursor: z.string().optional(),
    /** Kept entries seen so far (the walk stops once it has seen them all and the limit). */
    seen: count,
  }),
  /** Pinning the new entries a report listed: `done` of `entryIds` are stored. */
  z.object({ kind: z.literal('add'), entryIds: z.array(z.string()), done: count }),
])
export type SyncProgress = z.infer<typeof syncProgressSchema>

export const emptyTally = (): SyncTally => ({
  added: 0,
  removed: 0,
  changed: 0,
  unchanged: 0,
  items: [],
})
