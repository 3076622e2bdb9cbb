import { z } from 'zod'
import { serverIdSchema as serverId } from './fields'

/**
 * The Uploads section's channels: the signed-in user's uploads (GET /uploads with filters, sort
 * and paging), one upload with its members' names, the caller's role and the actions it allows,
 * the entries of an upload (GET /uploads/{id}/entries, paged), and the writing actions: publish,
 * reprocess, lift the embargo, delete, and edit the name and embargo.
 */

const uploadId = z
  .string()
  .min(1, { error: 'An upload id is required.' })
  .max(200)
  .refine((id) => !/[/?#\\]/.test(id), { error: 'An upload id has no "/", "?", "#" or "\\".' })
const count = z.number().int().nonnegative()

export const UPLOAD_ROLES = ['main_author', 'coauthor', 'reviewer'] as const
export type UploadRole = (typeof UPLOAD_ROLES)[number]
export const UPLOAD_ORDER = ['upload_create_time', 'publish_time', 'upload_name'] as const
export const PROCESS_STATES = [
  'READY',
  'PENDING',
  'RUNNING',
  'WAITING_FOR_RESULT',
  'SUCCESS',
  'FAILURE',
] as const

export const uploadSummarySchema = z.strictObject({
  uploadId: z.string(),
  name: z.string().nullable(),
  createTime: z.string().nullable(),
  publishTime: z.string().nullable(),
  processStatus: z.string().nullable(),
  processRunning: z.boolean(),
  lastStatusMessage: z.string().nullable(),
  published: z.boolean(),
  withEmbargo: z.boolean(),
  /** Months; 0 when there is none. */
  embargoLength: count,
  license: z.string().nullable(),
  entries: count,
  /** Main author, coauthors and reviewers (people, not groups). */
  memberCount: count,
  groupCount: count,
})
export type UploadSummary = z.infer<typeof uploadSummarySchema>

export const uploadListSchema = z.strictObject({
  total: count,
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  items: z.array(uploadSummarySchema),
  /** True when the name filter was applied here over every upload (the server matches whole names only). */
  filteredLocally: z.boolean(),
})
export type UploadList = z.infer<typeof uploadListSchema>

export const memberRoleSchema = z.enum(['main_author', 'coauthor', 'reviewer'])
export const uploadMemberSchema = z.strictObject({
  kind: z.enum(['user', 'group']),
  id: z.string(),
  /** Resolved through /users or /groups; null when the server did not know the id. */
  name: z.string().nullable(),
  affiliation: z.string().nullable(),
  role: memberRoleSchema,
})
export type UploadMember = z.infer<typeof uploadMemberSchema>

/** The longest embargo a server grants, in months (nomad-api-facts §8). */
export const MAX_EMBARGO_MONTHS = 36
const embargoMonths = z
  .number({ error: 'The embargo is a whole number of months.' })
  .int({ error: 'The embargo is a whole number of months.' })
  .min(0, { error: 'The embargo cannot be negative.' })
  .max(MAX_EMBARGO_MONTHS, { error: `The embargo is at most ${MAX_EMBARGO_MONTHS} months.` })

/**
 * What the signed-in user may do to the upload on the server, by NOMAD's rules: the main author
 * and coauthors (also through a coauthor group) publish, reprocess, rename and set the embargo
 * of an unpublished upload, and lift the embargo of a published one; only the main author
 * deletes, and only while unpublished. Nothing while a process runs.
 */
export const uploadActionsSchema = z.strictObject({
  publish: z.boolean(),
  reprocess: z.boolean(),
  liftEmbargo: z.boolean(),
  delete: z.boolean(),
  /** Rename and change the embargo before publishing. */
  edit: z.boolean(),
})
export type UploadActions = z.infer<typeof uploadActionsSchema>

export const uploadDetailSchema = z.strictObject({
  summary: uploadSummarySchema,
  members: z.array(uploadMemberSchema),
  /** How the signed-in user relates to the upload ("none": public, or reached without a role). */
  myRole: z.enum(['main_author', 'coauthor', 'reviewer', 'none']),
  signedIn: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  completeTime: z.string().nullable(),
  /** Where the server keeps a staging upload's files (shown to members, for support requests). */
  serverPath: z.string().nullable(),
  actions: uploadActionsSchema,
})
export type UploadDetail = z.infer<typeof uploadDetailSchema>

export const uploadEntrySchema = z.strictObject({
  entryId: z.string(),
  mainfile: z.string().nullable(),
  parserName: z.string().nullable(),
  processStatus: z.string().nullable(),
  createTime: z.string().nullable(),
  formula: z.string().nullable(),
})
export type UploadEntryRow = z.infer<typeof uploadEntrySchema>

export const uploadEntriesSchema = z.strictObject({
  total: count,
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  processingSuccessful: count,
  processingFailed: count,
  items: z.array(uploadEntrySchema),
})
export type UploadEntries = z.infer<typeof uploadEntriesSchema>

export const uploadsChannels = {
  'uploads.list': {
    input: z.strictObject({
      serverId,
      /** Empty: every role. */
      roles: z.array(z.enum(UPLOAD_ROLES)).max(3).default([]),
      published: z.boolean().optional(),
      processStatus: z.enum(PROCESS_STATES).optional(),
      /** Part of the name, any case. */
      name: z.string().trim().max(200).optional(),
      orderBy: z.enum(UPLOAD_ORDER).default('upload_create_time'),
      order: z.enum(['asc', 'desc']).default('desc'),
      page: z.number().int().positive().max(100_000).default(1),
      pageSize: z.number().int().min(1).max(200).default(50),
    }),
    output: uploadListSchema,
  },
  'uploads.get': {
    input: z.strictObject({ serverId, uploadId }),
    output: uploadDetailSchema,
  },
  'uploads.entries': {
    input: z.strictObject({
      serverId,
      uploadId,
      page: z.number().int().positive().max(100_000).default(1),
      pageSize: z.number().int().min(1).max(200).default(20),
    }),
    output: uploadEntriesSchema,
  },
  /** One writing action; the answer is the upload as the server left it (its process pending). */
  'uploads.action': {
    input: z.discriminatedUnion('action', [
      z.strictObject({
        serverId,
        uploadId,
        action: z.literal('publish'),
        embargoLength: embargoMonths,
      }),
      z.strictObject({ serverId, uploadId, action: z.literal('reprocess') }),
      z.strictObject({ serverId, uploadId, action: z.literal('liftEmbargo') }),
      z.strictObject({ serverId, uploadId, action: z.literal('delete') }),
    ]),
    output: uploadSummarySchema,
  },
  /** Renames an unpublished upload and/or sets its embargo (POST /uploads/{id}/edit). */
  'uploads.edit': {
    input: z
      .strictObject({
        serverId,
        uploadId,
        name: z
          .string()
          .trim()
          .min(1, { error: 'An upload name cannot be empty.' })
          .max(255, { error: 'An upload name is at most 255 characters.' })
          .optional(),
        embargoLength: embargoMonths.optional(),
      })
      .refine((v) => v.name !== undefined || v.embargoLength !== undefined, {
        error: 'Give a new name or an embargo to change.',
      }),
    output: uploadSummarySchema,
  },
} as const

export const uploadsEvents = {} as const
