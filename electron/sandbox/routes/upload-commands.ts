import type { FastifyInstance } from 'fastify'
import { guard, requireUser } from '../auth/guards'
import { issueSimpleToken } from '../auth/tokens'
import type { DataContext } from '../server/data-context'
import { sendJson } from '../server/reply'

/** How long the upload token in the examples stays valid (the real server's default). */
const UPLOAD_TOKEN_SECONDS = 24 * 3600

/**
 * GET /uploads/command-examples: the curl commands that upload a file from a shell, with an
 * upload token of the signed-in user in the URL (fields as the recorded uploadspage answer).
 */
export function registerCommandExamples(app: FastifyInstance, ctx: DataContext): void {
  app.get(
    '/uploads/command-examples',
    {
      schema: { summary: 'Shell commands that upload files', tags: ['uploads'] },
      preValidation: guard('GET /uploads/command-examples'),
    },
    async (request, reply) => {
      const user = requireUser(request)
      const token = issueSimpleToken(ctx, user.user_id, UPLOAD_TOKEN_SECONDS)
      const base = `${request.protocol}://${request.host}${request.url.split('?')[0] ?? ''}`
      const url = `${base.replace(/\/command-examples$/, '')}?token=${token}`
      return sendJson(reply, {
        upload_url: url,
        upload_command: `curl -X POST '${url}' -T <local_file>`,
        upload_command_with_name: `curl -X POST '${url}&upload_name=<name>' -T <local_file>`,
        upload_progress_command: `curl -X POST '${url}' -T <local_file> | xargs echo`,
        upload_command_form: `curl -X POST '${url}' -F file=@<local_file>`,
        upload_tar_command: `tar -cf - <local_folder> | curl -# '${url}' -X POST -T - | xargs echo`,
      })
    },
  )
}
