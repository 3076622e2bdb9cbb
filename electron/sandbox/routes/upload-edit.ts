import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { guard, requireUser } from '../auth/guards'
import { GROUP_ALL } from '../data/groups'
import { badRequest, unauthorized } from '../http-error'
import { isWriter } from '../search/access'
import { readableUpload } from '../search/upload-access'
import { uploadView } from '../search/upload-view'
import type { DataContext } from '../server/data-context'
import { sendJson } from '../server/reply'
import type { MemberPatch } from '../state/data-store'

/**
 * POST /uploads/{id}/edit for the members of an upload (coauthors, reviewers, coauthor_groups,
 * reviewer_groups), by its main author or a coauthor. A list replaces the field; an object
 * `{set?, add?, remove?}` edits it as the real MetadataEditListAction does. The change is
 * applied at once (the real server queues it and answers with process_status PENDING).
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
  }),
})

const FIELDS = ['coauthors', 'reviewers', 'coauthor_groups', 'reviewer_groups'] as const
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
      const metadata = editBody.parse(request.body).metadata
      const unsupported = Object.keys(metadata).filter(
        (key) => !(FIELDS as readonly string[]).includes(key),
      )
      if (unsupported.length > 0) {
        throw badRequest(
          `The sandbox can only edit upload members; not supported: ${unsupported.join(', ')}.`,
        )
      }
      const patch: MemberPatch = {}
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
      ctx.state.editMembers(upload.upload_id, patch)
      return sendJson(reply, { upload_id: upload.upload_id, data: uploadView(upload) })
    },
  )
}
