import { z } from 'zod'
import {
  serverIdSchema as serverId,
  searchQuerySchema as query,
  uploadPathSchema as uploadPath,
} from './fields'
import { boundedJsonObject } from '../../api/json'
import { PROTOTYPE_KEYS, QUERY_MAX_DEPTH } from '../../api/json-bounds'
import { OWNERS } from '../../api/common'

/**
 * The download manager's channels (electron/core/downloads, docs/downloads.md). A job is planned
 * first (`downloads.plan`: counts, sizes, free space, problems) and then started with the same
 * spec (`downloads.start`). Progress arrives as the `downloads.changed` event, at most a few
 * times a second; details of one job (failed items, the verify report) are asked for.
 */

const jobId = z.string().min(1, { error: 'A job id is required.' }).max(100)
const id = z.string().min(1).max(200)
const count = z.number().int().nonnegative()
const owner = z.enum(OWNERS)
const required = boundedJsonObject({
  maxDepth: QUERY_MAX_DEPTH,
  label: 'The required object',
  forbiddenKeys: PROTOTYPE_KEYS,
})
/** A glob over the path a file gets below the destination (picomatch syntax). */
const glob = z.string().min(1, { error: 'A pattern cannot be empty.' }).max(1000)

/** Most entry ids one job of `kind: 'entries'` takes (a pin's raw files split above it). */
export const MAX_JOB_ENTRY_IDS = 100_000

/** What a job fetches. Every kind writes below `<destination>/<upload id>/<path in upload>`. */
export const downloadSourceSchema = z.discriminatedUnion('kind', [
  /** The raw files of every entry a search matches (split into units below the server's limit). */
  z.strictObject({ kind: z.literal('search'), query, owner: owner.default('visible') }),
  /** The raw files of chosen entries. */
  z.strictObject({
    kind: z.literal('entries'),
    entryIds: z.array(id).min(1).max(MAX_JOB_ENTRY_IDS),
  }),
  /** Every file of one upload. */
  z.strictObject({ kind: z.literal('upload'), uploadId: id }),
  /** Files or folders of one upload (the file browser's selection). */
  z.strictObject({
    kind: z.literal('upload-paths'),
    uploadId: id,
    paths: z.array(uploadPath).min(1).max(10_000),
  }),
  /**
   * Archive data for a search, cut down by `required`: one JSON file per entry
   * (`<destination>/<upload id>/<entry id>.archive.json`) or one JSON Lines file for the job.
   */
  z.strictObject({
    kind: z.literal('archive'),
    query,
    owner: owner.default('visible'),
    required,
    format: z.enum(['json-per-entry', 'jsonl']).default('json-per-entry'),
  }),
])
export type DownloadSource = z.infer<typeof downloadSourceSchema>
export type DownloadSourceKind = DownloadSource['kind']

/** What to do with a file that already exists at its final name. */
export const existingPolicySchema = z.enum(['skip-identical', 'overwrite', 'keep-both'])
export const jobPrioritySchema = z.enum(['high', 'normal', 'low'])

export const downloadSpecSchema = z.strictObject({
  serverId,
  source: downloadSourceSchema,
  /** An absolute folder; created when missing (its parent must exist). */
  destination: z.string().min(1, { error: 'Choose a destination folder.' }).max(4096),
  /** Shown in the job list; derived from the source when empty. */
  label: z.string().max(200).optional(),
  include: z.array(glob).max(50).default([]),
  exclude: z.array(glob).max(50).default([]),
  existing: existingPolicySchema.default('skip-identical'),
  priority: jobPrioritySchema.default('normal'),
})
export type DownloadSpec = z.infer<typeof downloadSpecSchema>
export type DownloadSpecInput = z.input<typeof downloadSpecSchema>

/** A problem found while planning, tied to the field the user must change. */
export const planProblemSchema = z.strictObject({
  field: z.enum(['destination', 'include', 'exclude', 'source', 'server', 'space']),
  /** error: the job cannot start; warning: it can, but the user should know. */
  severity: z.enum(['error', 'warning']),
  message: z.string(),
})
export type PlanProblem = z.infer<typeof planProblemSchema>

export const downloadPlanSchema = z.strictObject({
  entries: count,
  uploads: count,
  /** Files the job will fetch after the globs; null when only known while running (zips). */
  files: count.nullable(),
  /** Bytes where the server gives sizes; null when unknown. */
  bytes: count.nullable(),
  /** Files already present at their final names (handled per `existing`). */
  present: count,
  /** Free bytes on the destination's disk; null when it cannot be measured. */
  freeBytes: count.nullable(),
  /** Requests the job is split into (the server's per-request entry limit respected). */
  units: count,
  /** The folder files will be written below (the destination, resolved). */
  destination: z.string(),
  problems: z.array(planProblemSchema),
})
export type DownloadPlan = z.infer<typeof downloadPlanSchema>

export const jobStateSchema = z.enum([
  'queued',
  'planning',
  'running',
  /** The server refused (503/429) and the job waits; `retryAt` says until when. */
  'throttled',
  'paused',
  /** Paused by the app because the destination's disk is nearly full; resumes by itself. */
  'low-disk',
  'verifying',
  'done',
  /** Finished with failed items (`failed` > 0) or stopped by an error (`message`). */
  'failed',
  'cancelled',
])
export type JobState = z.infer<typeof jobStateSchema>

export const jobSummarySchema = z.strictObject({
  id: jobId,
  serverId: z.string(),
  /** The server's name at the time of the job (the profile may have been removed since). */
  serverName: z.string(),
  label: z.string(),
  kind: z.enum(['search', 'entries', 'upload', 'upload-paths', 'archive']),
  state: jobStateSchema,
  priority: jobPrioritySchema,
  destination: z.string(),
  filesDone: count,
  /** null while the count is not known yet (planning, zips not yet opened). */
  filesTotal: count.nullable(),
  filesFailed: count,
  filesSkipped: count,
  bytesDone: count,
  bytesTotal: count.nullable(),
  /** Bytes per second over the last few seconds. */
  rate: z.number().nonnegative(),
  /** Seconds left at the current rate; null when unknown. */
  eta: z.number().nonnegative().nullable(),
  /** Epoch ms: throttled until. */
  retryAt: z.number().optional(),
  /** A sentence for the state: why it failed, why disk is low, "Interrupted while the app was closed". */
  message: z.string().optional(),
  createdAt: z.number(),
  startedAt: z.number().optional(),
  finishedAt: z.number().optional(),
  /** Set when the job was running when the app last stopped; shown once it resumes. */
  interruptedAt: z.number().optional(),
})
export type JobSummary = z.infer<typeof jobSummarySchema>

export const failedItemSchema = z.strictObject({
  /** The path below the destination the item would have had. */
  path: z.string(),
  entryId: z.string().optional(),
  uploadId: z.string().optional(),
  /** What went wrong, in words; the server's own message where it sent one. */
  reason: z.string(),
  /** refused: the name was unsafe and nothing was written; retryable: may work on retry. */
  kind: z.enum(['refused', 'retryable', 'permanent']),
  attempts: count,
})
export type FailedItem = z.infer<typeof failedItemSchema>

export const verifyReportSchema = z.strictObject({
  jobId,
  checkedAt: z.number(),
  /** Files the manifest lists. */
  checked: count,
  ok: count,
  missing: z.array(z.string()),
  /** Size or sha256 differ from the manifest. */
  changed: z.array(z.strictObject({ path: z.string(), reason: z.string() })),
  /** Files in the job's folders that the manifest does not list (not an error). */
  extra: z.array(z.string()),
})
export type VerifyReport = z.infer<typeof verifyReportSchema>

const jobRef = z.strictObject({ jobId })

export const downloadsChannels = {
  /** Counts, sizes, free space and problems for a spec; nothing is written. */
  'downloads.plan': { input: downloadSpecSchema, output: downloadPlanSchema },
  /** Plans again and starts; refuses (invalid_input, field named) when the plan has errors. */
  'downloads.start': {
    input: downloadSpecSchema,
    output: z.strictObject({ jobId }),
  },
  'downloads.list': {
    input: z.strictObject({}),
    output: z.strictObject({ jobs: z.array(jobSummarySchema) }),
  },
  /** The failed items of a job, a page at a time. */
  'downloads.failures': {
    input: z.strictObject({
      jobId,
      offset: count.default(0),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    output: z.strictObject({ total: count, items: z.array(failedItemSchema) }),
  },
  'downloads.pause': { input: jobRef, output: jobSummarySchema },
  'downloads.resume': { input: jobRef, output: jobSummarySchema },
  'downloads.cancel': {
    input: z.strictObject({ jobId, removePartial: z.boolean().default(false) }),
    output: jobSummarySchema,
  },
  /** Queue the failed items again (all, or those at `paths`). */
  'downloads.retry': {
    input: z.strictObject({ jobId, paths: z.array(z.string().max(4096)).max(10_000).optional() }),
    output: jobSummarySchema,
  },
  'downloads.setPriority': {
    input: z.strictObject({ jobId, priority: jobPrioritySchema }),
    output: jobSummarySchema,
  },
  /** Forget a finished, failed or cancelled job (its files stay). */
  'downloads.remove': { input: jobRef, output: z.strictObject({}) },
  /** Re-check the job's folder against its manifest.json. */
  'downloads.verify': { input: jobRef, output: verifyReportSchema },
  /** The job's manifest.json as written beside the data. */
  'downloads.manifest': {
    input: jobRef,
    output: z.strictObject({ path: z.string(), text: z.string() }),
  },
  /**
   * Repeat a job from its manifest (of a job here, or a manifest.json the user chose), fetching
   * only what is missing or changed.
   */
  'downloads.runAgain': {
    input: z.union([jobRef, z.strictObject({ manifestPath: z.string().min(1).max(4096) })]),
    output: z.strictObject({ jobId }),
  },
  /** The desktop app's native folder picker; web mode answers `supported: false`. */
  'downloads.pickFolder': {
    input: z.strictObject({ title: z.string().max(200).optional() }),
    output: z.strictObject({ supported: z.boolean(), path: z.string().nullable() }),
  },
  /** Open the job's folder (or its manifest) in the system's file manager (desktop only). */
  'downloads.reveal': {
    input: z.strictObject({ jobId, what: z.enum(['folder', 'manifest']).default('folder') }),
    output: z.strictObject({ supported: z.boolean(), path: z.string() }),
  },
}

/** Summaries of every job that changed, throttled; `overall` drives the status bar. */
export const downloadsEvents = {
  'downloads.changed': {
    payload: z.strictObject({
      jobs: z.array(jobSummarySchema),
      /** Jobs not in a final state; the status bar and the taskbar progress read this. */
      overall: z.strictObject({
        active: count,
        bytesDone: count,
        bytesTotal: count.nullable(),
        rate: z.number().nonnegative(),
      }),
    }),
  },
  /** A job reached done, failed or cancelled (the desktop app shows a notification). */
  'downloads.finished': { payload: jobSummarySchema },
}
