import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { guard, requireUser } from '../auth/guards'
import {
  checkPagination,
  paginationQueryShape,
  paginationResponse,
} from '../auth/simple-pagination'
import { GROUP_ALL } from '../data/groups'
import type { UploadRecord } from '../data/model'
import { notFound } from '../http-error'
import { viewerOf, type Viewer } from '../search/access'
import { requestUrl } from '../search/page-urls'
import { allValues, boolParam, intParam, lastValue, type RawQuery } from '../search/query-params'
import { readableUpload } from '../search/upload-access'
import { processFields, isProcessing as isUploadProcessing } from '../search/upload-process'
import { entryProcView, uploadView } from '../search/upload-view'
import type { DataContext } from '../server/data-context'
import { sendJson } from '../server/reply'
import { registerUploadActions } from './upload-actions'
import { registerCommandExamples } from './upload-commands'
import { registerUploadEdit } from './upload-edit'

/**
 * Uploads: GET /uploads (the caller's uploads by role, login required), GET /uploads/{id},
 * GET /uploads/{id}/entries[/{entry_id}], POST /uploads/{id}/edit (upload-edit.ts), and the
 * actions publish, process, lift-embargo and DELETE /uploads/{id} (upload-actions.ts).
 * Lists use NOMAD's simple index pagination.
 */
const UPLOAD_ORDER = z.enum(
  ['upload_create_time', 'publish_time', 'upload_name', 'last_status_message'],
  {
    error: () => ({ message: 'order_by must be a valid attribute' }),
  },
)
const ENTRY_ORDER = z.enum(
  ['mainfile', 'parser_name', 'process_status', 'current_process', 'entry_create_time'],
  {
    error: () => ({ message: 'order_by must be a valid attribute' }),
  },
)
const ROLES = ['main_author', 'coauthor', 'reviewer'] as const

const uploadsQuery = z
  .looseObject({
    ...paginationQueryShape(UPLOAD_ORDER),
    roles: z.union([z.enum(ROLES), z.array(z.enum(ROLES))]).optional(),
  })
  .superRefine((raw, ctx) => checkPagination(raw, (issue) => ctx.addIssue(issue)))
const entriesQuery = z
  .looseObject(paginationQueryShape(ENTRY_ORDER))
  .superRefine((raw, ctx) => checkPagination(raw, (issue) => ctx.addIssue(issue)))

function hasRole(upload: UploadRecord, viewer: Viewer, role: (typeof ROLES)[number]): boolean {
  const id = viewer.user?.user_id ?? ''
  const inGroups = (groups: string[]) => groups.some((g) => g !== GROUP_ALL && viewer.groups.has(g))
  if (role === 'main_author') return upload.main_author === id
  if (role === 'coauthor') return upload.coauthors.includes(id) || inGroups(upload.coauthor_groups)
  return upload.reviewers.includes(id) || inGroups(upload.reviewer_groups)
}

/** Sorts by a string field (ISO times sort as text), ties in data order. */
function sortRecords(records: { index: number; value: string | undefined }[], desc: boolean) {
  records.sort((a, b) => {
    const x = a.value ?? ''
    const y = b.value ?? ''
    const c = x < y ? -1 : x > y ? 1 : a.index - b.index
    return desc ? -c : c
  })
}

function paginate<T>(request: FastifyRequest, items: T[], orderBy: string) {
  const query = request.query as RawQuery
  const pagination = {
    page_size: intParam(query, 'page_size') ?? 10,
    order_by: orderBy,
    order: (lastValue(query, 'order') ?? 'asc') as 'asc' | 'desc',
    page: intParam(query, 'page') ?? null,
    page_offset: intParam(query, 'page_offset') ?? null,
    page_after_value: lastValue(query, 'page_after_value') ?? null,
  }
  const response = paginationResponse(pagination, items.length, requestUrl(request))
  const start = (response.page - 1) * pagination.page_size
  return {
    pagination: response,
    page: pagination.page_size === 0 ? [] : items.slice(start, start + pagination.page_size),
  }
}

export async function uploadsRoutes(app: FastifyInstance, ctx: DataContext): Promise<void> {
  const store = ctx.state.data

  app.get(
    '/uploads',
    {
      schema: { summary: "The caller's uploads", tags: ['uploads'], querystring: uploadsQuery },
      preValidation: guard('GET /uploads', { querystring: uploadsQuery }),
    },
    async (request, reply) => {
      const query = request.query as RawQuery
      const viewer = viewerOf(requireUser(request), ctx.state)
      const roles = allValues(query, 'roles') as (typeof ROLES)[number][]
      const wanted = roles.length > 0 ? roles : [...ROLES]
      const includeAll = boolParam(query, 'include_all') ?? false
      const ids = allValues(query, 'upload_id')
      const names = allValues(query, 'upload_name')
      const isPublished = boolParam(query, 'is_published')
      const isProcessing = boolParam(query, 'is_processing')
      const processStatus = lastValue(query, 'process_status')
      const echo: Record<string, unknown> = {}
      if (ids.length) echo.upload_id = ids
      if (names.length) echo.upload_name = names
      if (isProcessing !== undefined) echo.is_processing = isProcessing
      if (isPublished !== undefined) echo.is_published = isPublished
      if (processStatus !== undefined) echo.process_status = processStatus
      const now = ctx.now()
      const matches = store.uploads.filter(
        (u) =>
          u.deleted !== true &&
          (wanted.some((role) => hasRole(u, viewer, role)) ||
            (includeAll &&
              (u.coauthor_groups.includes(GROUP_ALL) || u.reviewer_groups.includes(GROUP_ALL)))) &&
          (ids.length === 0 || ids.includes(u.upload_id)) &&
          (names.length === 0 || names.includes(u.upload_name)) &&
          (isPublished === undefined || u.published === isPublished) &&
          (isProcessing === undefined || isProcessing === isUploadProcessing(u, now)) &&
          (processStatus === undefined || processStatus === processFields(u, now).process_status),
      )
      const orderBy = lastValue(query, 'order_by') ?? 'upload_create_time'
      const views = matches.map((u) => ({ index: u.index, view: uploadView(u, now) }))
      const keyed = views.map((v) => ({
        index: v.index,
        value: v.view[orderBy] as string | undefined,
      }))
      sortRecords(keyed, lastValue(query, 'order') === 'desc')
      const byIndex = new Map(views.map((v) => [v.index, v.view]))
      const { pagination, page } = paginate(
        request,
        keyed.map((k) => byIndex.get(k.index)),
        orderBy,
      )
      return sendJson(reply, { query: echo, pagination, data: page })
    },
  )

  const uploadParams = z.object({ upload_id: z.string() })
  app.get(
    '/uploads/:upload_id',
    {
      schema: { summary: 'One upload', tags: ['uploads'], params: uploadParams },
      preValidation: guard('GET /uploads/{upload_id}'),
    },
    async (request, reply) => {
      const { upload } = readableUpload(
        ctx,
        request,
        (request.params as { upload_id: string }).upload_id,
      )
      return sendJson(reply, { upload_id: upload.upload_id, data: uploadView(upload, ctx.now()) })
    },
  )

  app.get(
    '/uploads/:upload_id/entries',
    {
      schema: {
        summary: 'The entries of an upload with their processing state',
        tags: ['uploads'],
        params: uploadParams,
        querystring: entriesQuery,
      },
      preValidation: guard('GET /uploads/{upload_id}/entries', { querystring: entriesQuery }),
    },
    async (request, reply) => {
      const { upload } = readableUpload(
        ctx,
        request,
        (request.params as { upload_id: string }).upload_id,
      )
      const query = request.query as RawQuery
      const orderBy = lastValue(query, 'order_by') ?? 'mainfile'
      const docs = store.docs.slice(upload.entryStart, upload.entryStart + upload.entryCount)
      const views = docs.map((doc, i) => ({ index: i, view: entryProcView(doc) }))
      const keyed = views.map((v) => ({
        index: v.index,
        value: v.view[orderBy] as string | undefined,
      }))
      sortRecords(keyed, lastValue(query, 'order') === 'desc')
      const { pagination, page } = paginate(
        request,
        keyed.map((k) => views[k.index]?.view),
        orderBy,
      )
      return sendJson(reply, {
        pagination,
        processing_successful: upload.entryCount,
        processing_failed: 0,
        upload: uploadView(upload, ctx.now()),
        data: page,
      })
    },
  )

  app.get(
    '/uploads/:upload_id/entries/:entry_id',
    {
      schema: {
        summary: 'One entry of an upload with its processing state',
        tags: ['uploads'],
        params: z.object({ upload_id: z.string(), entry_id: z.string() }),
      },
      preValidation: guard('GET /uploads/{upload_id}/entries'),
    },
    async (request, reply) => {
      requireUser(request)
      const { upload_id: uploadId, entry_id: entryId } = request.params as {
        upload_id: string
        entry_id: string
      }
      const { upload } = readableUpload(ctx, request, uploadId)
      const index = store.entryIndexOf(entryId)
      const doc = index === undefined ? undefined : store.docs[index]
      if (!doc || doc.upload_id !== upload.upload_id)
        throw notFound('The specified entry_id was not found.')
      return sendJson(reply, { entry_id: entryId, data: entryProcView(doc) })
    },
  )

  registerUploadEdit(app, ctx)
  registerUploadActions(app, ctx)
  registerCommandExamples(app, ctx)
  return Promise.resolve()
}
