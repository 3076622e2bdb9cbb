import type { FastifyRequest } from 'fastify'
import type { UploadRecord } from '../data/model'
import { notFound, unauthorized } from '../http-error'
import type { DataContext } from '../server/data-context'
import { uploadReadDenial, viewerOf, type Viewer } from './access'
import { callerOf } from '../auth/guards'

/** get_upload_with_read_access: the upload, or 404 / the real 401 texts. */
export function readableUpload(
  ctx: DataContext,
  request: FastifyRequest,
  uploadId: string,
): { upload: UploadRecord; viewer: Viewer } {
  const index = ctx.state.data.uploadIndexOf(uploadId)
  const upload = index === undefined ? undefined : ctx.state.data.uploads[index]
  if (!upload) throw notFound('The specified upload_id was not found.')
  const viewer = viewerOf(callerOf(request).user, ctx.state)
  const denial = uploadReadDenial(upload, viewer)
  if (denial) throw unauthorized(denial)
  return { upload, viewer }
}

/** The `access` field of rawdir answers. */
export function accessOf(upload: UploadRecord): 'public' | 'embargoed' | 'unpublished' {
  if (!upload.published) return 'unpublished'
  return upload.with_embargo ? 'embargoed' : 'public'
}
