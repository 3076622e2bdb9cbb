import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { guard, requireUser } from '../auth/guards'
import { GROUP_ALL } from '../data/groups'
import { badRequest, unauthorized, unprocessable, type ValidationItem } from '../http-error'
import type { UploadRecord } from '../data/model'
import { isWriter } from '../search/access'
import { readableUpload } from '../search/upload-access'
import { isProcessing } from '../search/upload-process'
import { uploadView } from '../search/upload-view'
import type { DataContext } from '../server/data-context'
import { sendJson } from '../server/reply'
import type { UploadPatch } from '../state/data-store'

/**
 * POST /uploads/{id}/edit for the members of an upload (coauthors, reviewers, coauthor_groups,
 * reviewer_groups), its name and its embargo, by its main author or a coauthor. A list replaces
 * the field; an object `{set?, add?, remove?}` edits it as the real MetadataEditListAction does.
 * `embargo_length` is 0–36 months, and on a published upload may only become 0 (the real
 * MetadataEditRequestHandler's rules and 422 texts). The change is applied at once (the real
 * server queues it and answers with process_status PENDING).
 */
const ids = z.array(z.string())
// The real MetadataEditListAction takes a single id or a list for set/add/remove.
const oneOrMany = z.union([z.string(), ids]).transform((v) => (typeof v === 'string' ? [v] : v))
const action = z.union([
  ids,
  z.looseObject({
    set: oneOrMany.optional(),
    add: oneOrMany.optional(),
    remove: oneOrMany.optional(),
  }),
])
const editBody = z.looseObject({
  metadata: z.looseObject({
    coauthors: action.optional(),
    reviewers: action.optional(),
    coauthor_groups: action.optional(),
    reviewer_groups: action.optional(),
    upload_name: z.unknown().optional(),
    embargo_length: z.unknown().optional(),
  }),
})

const FIELDS = ['coauthors', 'reviewers', 'coauthor_groups', 'reviewer_groups'] as const
const SCALARS = ['upload_name', 'embargo_length'] as const
type Action = z.output<typeof action>

function apply(current: string[], edit: Action): string[] {
  if (Array.isArray(edit)) return [...new Set(edit)]
  let next = edit.set ? [...edit.set] : [...current]
  if (edit.add) next = [...next, ...edit.add]
  if (edit.remove) next = next.filter((id) => !edit.remove?.includes(id))
  return [...new Set(next)]
}

export function registerUploadEdit(app: FastifyInstance, ctx: DataContext): void {
  app.post(
    '/uploads/:upload_id/edit',
    {
      schema: {
        summary: 'Edit the members of an upload',
        tags: ['uploads'],
        params: z.object({ upload_id: z.string() }),
        body: editBody,
      },
      preValidation: guard('POST /uploads/{upload_id}/edit', { body: editBody }),
    },
    async (request, reply) => {
      requireUser(request)
      const { upload, viewer } = readableUpload(
        ctx,
        request,
        (request.params as { upload_id: string }).upload_id,
      )
      if (!isWriter(upload, viewer) && !viewer.user?.is_admin) {
        throw unauthorized('You do not have write access to the specified upload.')
      }
      if (isProcessing(upload, ctx.now()))
        throw badRequest(`Upload ${upload.upload_id} is blocked by another process`)
      const metadata = editBody.parse(request.body).metadata
      const unsupported = Object.keys(metadata).filter(
        (key) => ![...FIELDS, ...SCALARS].includes(key as (typeof FIELDS)[number]),
      )
      if (unsupported.length > 0) {
        throw badRequest(
          `The sandbox can only edit upload members, name and embargo; not supported: ${unsupported.join(', ')}.`,
        )
      }
      const patch: UploadPatch = {}
      for (const field of FIELDS) {
        const edit = metadata[field]
        if (edit === undefined) continue
        const next = apply(upload[field], edit)
        for (const id of next) {
          if (field.endsWith('_groups')) {
            if (id !== GROUP_ALL && !ctx.state.groups.has(id))
              throw badRequest(`The user group ${id} does not exist.`)
          } else if (!ctx.state.users.byId(id)) throw badRequest(`The user ${id} does not exist.`)
        }
        patch[field] = next
      }
      Object.assign(patch, scalarPatch(upload, metadata))
      ctx.state.editUpload(upload.upload_id, patch)
      return sendJson(reply, { upload_id: upload.upload_id, data: uploadView(upload, ctx.now()) })
    },
  )
}

/** upload_name and embargo_length, checked as _verified_value_single and validate_json_request. */
function scalarPatch(upload: UploadRecord, metadata: Record<string, unknown>): UploadPatch {
  const issues: ValidationItem[] = []
  const patch: UploadPatch = {}
  const name = metadata.upload_name
  if (name !== undefined && name !== null) {
    if (typeof name !== 'string')
      issues.push({ loc: ['metadata', 'upload_name'], msg: 'Expected a str' })
    else if (upload.published)
      // Inferred: the real edit endpoint permits only lifting the embargo once published.
      issues.push({
        loc: ['metadata', 'upload_name'],
        msg: `Upload ${upload.upload_id} is published, only the embargo can be lifted`,
      })
    else patch.upload_name = name
  }
  const embargo = metadata.embargo_length
  if (embargo !== undefined && embargo !== null) {
    const loc = ['metadata', 'embargo_length']
    if (typeof embargo !== 'number' || !Number.isInteger(embargo))
      issues.push({ loc, msg: 'Expected a int' })
    else if (embargo < 0 || embargo > 36)
      issues.push({ loc, msg: 'Value should be between 0 and 36' })
    else if (upload.published && embargo !== 0)
      issues.push({
        loc,
        msg: `Upload ${upload.upload_id} is published, embargo can only be lifted`,
      })
    else {
      patch.embargo_length = embargo
      patch.with_embargo = embargo > 0
    }
  }
  if (issues.length > 0) throw unprocessable(issues)
  return patch
}
