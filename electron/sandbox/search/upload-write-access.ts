import type { FastifyRequest } from 'fastify'
import { callerOf } from '../auth/guards'
import type { UploadRecord } from '../data/model'
import { badRequest, forbidden, notFound, unauthorized } from '../http-error'
import type { DataContext } from '../server/data-context'
import { isWriter, viewerOf, type Viewer } from './access'
import { isProcessing } from './upload-process'

/**
 * `_get_upload_with_write_access` of the real uploads router (texts and statuses as in the
 * version the facts file describes, 401 for a refused permission; `only_main_author` from the
 * later version, which answers 403). Writers are the main author, the coauthors and the members
 * of coauthor groups; administrators may do everything.
 */
export interface WriteRules {
  /** Published uploads may be targeted at all (else 401 "already published"). */
  includePublished?: boolean
  /** …but only by an administrator. */
  publishedRequiresAdmin?: boolean
  /** Only the main author (or an administrator), e.g. deleting. */
  onlyMainAuthor?: boolean
}

export function writableUpload(
  ctx: DataContext,
  request: FastifyRequest,
  uploadId: string,
  rules: WriteRules = {},
): { upload: UploadRecord; viewer: Viewer } {
  const { user } = callerOf(request)
  if (!user) throw unauthorized('User authentication required to access uploads.')
  const index = ctx.state.data.uploadIndexOf(uploadId)
  const upload = index === undefined ? undefined : ctx.state.data.uploads[index]
  if (!upload) throw notFound('The specified upload_id was not found.')
  const viewer = viewerOf(user, ctx.state)
  const admin = user.is_admin === true
  if (!admin && !isWriter(upload, viewer))
    throw unauthorized('You do not have write access to the specified upload.')
  if (rules.onlyMainAuthor === true && !admin && upload.main_author !== user.user_id)
    throw forbidden('Only main author has permissions for this operation.')
  if (upload.published) {
    if (rules.includePublished !== true)
      throw unauthorized('Upload is already published, operation not possible.')
    if ((rules.publishedRequiresAdmin ?? true) && !admin)
      throw unauthorized('Upload is already published, only admins can perform this operation.')
  }
  return { upload, viewer }
}

/** `_check_upload_not_processing`. */
export function checkNotProcessing(upload: UploadRecord, now: number): void {
  if (isProcessing(upload, now))
    throw badRequest('The upload is currently being processed, operation not allowed.')
}
