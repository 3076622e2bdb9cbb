import { z } from 'zod'
import {
  downloadSpecSchema,
  jobPrioritySchema,
  jobStateSchema,
  type DownloadSpec,
} from '../../../shared/ipc/channels/downloads'

/**
 * What the journal keeps of a job, its units and its items (docs/downloads.md, "The journal").
 * Parsed with these schemas when read back, so a damaged record is an error, never a guess.
 */

/** The states a job is stored in; 'throttled' and 'planning' are only ever shown, never stored. */
export const storedJobStateSchema = jobStateSchema.exclude(['throttled', 'planning'])
export type StoredJobState = z.infer<typeof storedJobStateSchema>

export const jobRecordSchema = z.object({
  id: z.string(),
  spec: downloadSpecSchema,
  serverName: z.string(),
  baseUrl: z.string(),
  apiVersion: z.string().optional(),
  label: z.string(),
  state: storedJobStateSchema,
  priority: jobPrioritySchema,
  createdAt: z.number(),
  startedAt: z.number().optional(),
  finishedAt: z.number().optional(),
  interruptedAt: z.number().optional(),
  message: z.string().optional(),
  /** The folder files are written below (the destination, resolved). */
  root: z.string(),
  entries: z.number(),
  uploads: z.number(),
  /** Entry ids the job covers (for the manifest); archive jobs add them as pages arrive. */
  entryIds: z.array(z.string()),
  /** Archive jobs: the after-value of the next page; null once the last page was written. */
  cursor: z.string().nullable().optional(),
  /** Archive jobs in JSON Lines: bytes of the .part file the journal vouches for. */
  jsonlOffset: z.number().optional(),
  /** Sha256 of files present before the job, from an earlier manifest in the folder. */
  known: z.record(z.string(), z.object({ size: z.number(), sha256: z.string() })).default({}),
})
export type JobRecord = z.infer<typeof jobRecordSchema>

export const itemStatusSchema = z.enum(['pending', 'verified', 'done', 'skipped', 'failed'])
export type ItemStatus = z.infer<typeof itemStatusSchema>

export const itemRecordSchema = z.object({
  i: z.number(),
  unit: z.number(),
  uploadId: z.string(),
  /** The path inside the upload as the server gave it. */
  path: z.string(),
  entryId: z.string().optional(),
  /** Bytes as the server announced them; null when not known. */
  size: z.number().nullable(),
  /** Below the destination, with "/" separators (keep-both may have renamed it). */
  rel: z.string(),
  status: itemStatusSchema,
  /** Bytes of the .part file that were fsynced before this record was written. */
  offset: z.number(),
  sha256: z.string().optional(),
  /** What the server said about the file's version at the first byte (length, date, etag). */
  validator: z.string().optional(),
  attempts: z.number(),
  /** The final name was taken before the job started (skip-identical may keep that file). */
  existed: z.boolean().optional(),
  reason: z.string().optional(),
  failKind: z.enum(['refused', 'retryable', 'permanent']).optional(),
})
export type ItemRecord = z.infer<typeof itemRecordSchema>

export const unitRecordSchema = z.object({
  n: z.number(),
  kind: z.enum(['file', 'entries-zip', 'folder-zip', 'archive']),
  status: z.enum(['pending', 'done', 'failed']),
  attempts: z.number(),
  uploadId: z.string().optional(),
  /** folder-zip: the folder inside the upload ("" for its root). */
  folder: z.string().optional(),
  /** entries-zip: the entries whose folders the zip holds. */
  entryIds: z.array(z.string()).optional(),
  /** Zips: the names of the files wanted from it (the server's include_files filter). */
  names: z.array(z.string()).optional(),
})
export type UnitRecord = z.infer<typeof unitRecordSchema>

export type { DownloadSpec }
