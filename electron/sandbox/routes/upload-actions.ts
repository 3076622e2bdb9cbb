import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { guard } from '../auth/guards'
import { int } from '../auth/query-params'
import { badRequest } from '../http-error'
import { intParam, type RawQuery } from '../search/query-params'
import { isProcessing, startProcess } from '../search/upload-process'
import { uploadView } from '../search/upload-view'
import { checkNotProcessing, writableUpload } from '../search/upload-write-access'
import type { DataContext } from '../server/data-context'
import { sendJson } from '../server/reply'
import type { UploadPatch } from '../state/data-store'

/**
 * The upload actions a data client offers (nomad-api-facts §5 "Other upload routes"; rules and
 * texts from the real uploads router): POST /uploads/{id}/action/publish (optional
 * embargo_length 0–36), /action/process, /action/lift-embargo, and DELETE /uploads/{id}. Each
 * answers `{upload_id, data}` with the process it started pending; the change itself is applied
 * at once (upload-process.ts).
 */
const params = z.object({ upload_id: z.string() })
const publishQuery = z.looseObject({ embargo_length: int().optional() })

type Action = (
  ctx: DataContext,
  request: FastifyRequest,
  uploadId: string,
) => { uploadId: string; patch: UploadPatch }

const publish: Action = (ctx, request, uploadId) => {
  const { upload, viewer } = writableUpload(ctx, request, uploadId, {
    includePublished: true,
    publishedRequiresAdmin: false,
  })
  if (upload.published && viewer.user?.is_admin !== true)
    throw badRequest('Upload already published.')
  checkNotProcessing(upload, ctx.now())
  if (upload.entryCount === 0)
    throw badRequest('Cannot publish an upload without any resulting entries.')
  const embargo = intParam(request.query as RawQuery, 'embargo_length')
  if (embargo !== undefined && !(embargo >= 0 && embargo <= 36))
    throw badRequest('Invalid embargo_length. Must be between 0 and 36 months.')
  if (upload.published) throw badRequest('The upload is already published.')
  const embargoLength = embargo ?? upload.embargo_length
  const now = ctx.now()
  return {
    uploadId: upload.upload_id,
    patch: {
      published: true,
      publishMs: now,
      embargo_length: embargoLength,
      with_embargo: embargoLength > 0,
      process: startProcess('publish_upload', now, ctx.limits().processingMs),
    },
  }
}

const reprocess: Action = (ctx, request, uploadId) => {
  const { upload } = writableUpload(ctx, request, uploadId, { includePublished: true })
  checkNotProcessing(upload, ctx.now())
  return {
    uploadId: upload.upload_id,
    patch: { process: startProcess('process_upload', ctx.now(), ctx.limits().processingMs) },
  }
}

const liftEmbargo: Action = (ctx, request, uploadId) => {
  const { upload } = writableUpload(ctx, request, uploadId, {
    includePublished: true,
    publishedRequiresAdmin: false,
  })
  checkNotProcessing(upload, ctx.now())
  if (!upload.published) throw badRequest('Upload is not published, no embargo to lift.')
  if (!upload.with_embargo) throw badRequest('Upload has no embargo.')
  return {
    uploadId: upload.upload_id,
    patch: {
      embargo_length: 0,
      with_embargo: false,
      process: startProcess('edit_upload_metadata', ctx.now(), ctx.limits().processingMs),
    },
  }
}

const remove: Action = (ctx, request, uploadId) => {
  const { upload } = writableUpload(ctx, request, uploadId, {
    includePublished: true,
    onlyMainAuthor: true,
  })
  if (isProcessing(upload, ctx.now())) throw badRequest('The upload is still being processed.')
  return {
    uploadId: upload.upload_id,
    patch: {
      deleted: true,
      process: startProcess('delete_upload', ctx.now(), ctx.limits().processingMs),
    },
  }
}

export function registerUploadActions(app: FastifyInstance, ctx: DataContext): void {
  const answer = (action: Action) => async (request: FastifyRequest, reply: FastifyReply) => {
    const uploadId = (request.params as { upload_id: string }).upload_id
    const { uploadId: id, patch } = action(ctx, request, uploadId)
    const index = ctx.state.data.uploadIndexOf(id)
    const upload = index === undefined ? undefined : ctx.state.data.uploads[index]
    // The answer shows the record as the change leaves it, its process pending.
    const view = upload ? uploadView({ ...upload, ...patch }, ctx.now()) : {}
    ctx.state.editUpload(id, patch)
    return sendJson(reply, { upload_id: id, data: view })
  }
  const route = (
    method: 'POST' | 'DELETE',
    url: string,
    key:
      | 'POST /uploads/{upload_id}/action/publish'
      | 'POST /uploads/{upload_id}/action/process'
      | 'POST /uploads/{upload_id}/action/lift-embargo'
      | 'DELETE /uploads/{upload_id}',
    summary: string,
    action: Action,
    querystring?: z.ZodType,
  ) =>
    app.route({
      method,
      url,
      schema: { summary, tags: ['uploads'], params, ...(querystring ? { querystring } : {}) },
      preValidation: guard(key, querystring ? { querystring } : {}),
      handler: answer(action),
    })
  route(
    'POST',
    '/uploads/:upload_id/action/publish',
    'POST /uploads/{upload_id}/action/publish',
    'Publish an upload',
    publish,
    publishQuery,
  )
  route(
    'POST',
    '/uploads/:upload_id/action/process',
    'POST /uploads/{upload_id}/action/process',
    'Manually triggers processing of an upload.',
    reprocess,
  )
  route(
    'POST',
    '/uploads/:upload_id/action/lift-embargo',
    'POST /uploads/{upload_id}/action/lift-embargo',
    'Lifts the embargo of an upload.',
    liftEmbargo,
  )
  route('DELETE', '/uploads/:upload_id', 'DELETE /uploads/{upload_id}', 'Delete an upload', remove)
}
