/**
 * The writing actions of the upload page: publish (with an embargo), reprocess, lift the
 * embargo, delete, and edit the name and embargo (POST /uploads/{id}/edit, the same client
 * method the collaborators editor uses). Each answers with the upload as the server left it,
 * its process pending; the server's refusals become sentences that say why and what to do.
 */
import { AppError } from '../../../shared/errors'
import type { UploadSummary } from '../../../shared/ipc/channels/uploads'
import type { HandlerInput } from '../../../shared/ipc/contract'
import type { ApiRegistry } from '../api/client-registry'
import type { UploadEditBody } from '../api/endpoints/uploads'
import { toSummary } from './upload-views'

type ActionInput = HandlerInput<'uploads.action'>
type Verb = ActionInput['action'] | 'edit'

const DOING: Record<Verb, string> = {
  publish: 'publish',
  reprocess: 'reprocess',
  liftEmbargo: 'lift the embargo of',
  delete: 'delete',
  edit: 'change the name or embargo of',
}

/** How a request shows in errors and logs ("… refused publishing upload X: …"). */
const LABEL: Record<ActionInput['action'], string> = {
  publish: 'publishing',
  reprocess: 'reprocessing',
  liftEmbargo: 'lifting the embargo of',
  delete: 'deleting',
}

/** Server texts (nomad uploads router, MetadataEditRequestHandler) → what the person should know. */
function explain(error: unknown, verb: Verb, uploadId: string): never {
  if (!(error instanceof AppError)) throw error
  const server = error.details?.serverMessage ?? ''
  const doing = DOING[verb]
  const again = (message: string, code: AppError['code'] = error.code) => {
    throw new AppError(code, message, error.details)
  }
  if (error.code === 'not_found')
    again(`The upload ${uploadId} no longer exists on this server (it may have been deleted).`)
  if (/do not have write access/i.test(server))
    again(`Only the main author and the coauthors of this upload can ${doing} it.`, 'forbidden')
  if (/only main author/i.test(server))
    again(`Only the main author of this upload can ${doing} it.`, 'forbidden')
  if (/already published, only admins/i.test(server))
    again(
      `This upload is published: only an administrator of the server can ${doing} it now.`,
      'forbidden',
    )
  if (/being processed|blocked by another process|still\/already processed/i.test(server))
    again(
      `The server is still processing this upload, so it cannot ${doing} it now. Wait until processing has finished, then try again.`,
      'conflict',
    )
  if (/already published/i.test(server)) again('This upload is already published.', 'conflict')
  if (/without any resulting entries/i.test(server))
    again(
      'This upload has no processed entries, and the server publishes only uploads that have some. Add files it can parse, or reprocess it.',
    )
  if (/failed processing/i.test(server))
    again('Processing of this upload failed: reprocess it, and publish once it has succeeded.')
  if (/no embargo to lift|has no embargo/i.test(server))
    again(`There is no embargo to lift: ${server}`)
  // A 422's text starts with the field's path ("metadata.embargo_length: …"); the sentence names it.
  const reason = server.replace(/^[\w.]+: /, '')
  if (error.code === 'invalid_input' && error.details?.path?.includes('embargo_length'))
    again(`The server refused the embargo: ${reason}`)
  if (error.code === 'invalid_input' && error.details?.path?.includes('upload_name'))
    again(`The server refused the name: ${reason}`)
  throw error
}

export function createUploadActionsService(api: ApiRegistry) {
  return {
    async act(input: ActionInput, signal: AbortSignal): Promise<UploadSummary> {
      const client = await api.clientFor(input.serverId)
      const o = {
        lane: 'interactive' as const,
        signal,
        label: `${LABEL[input.action]} upload ${input.uploadId}`,
      }
      try {
        const answer =
          input.action === 'publish'
            ? await client.uploads.publish(input.uploadId, input.embargoLength, o)
            : input.action === 'reprocess'
              ? await client.uploads.process(input.uploadId, o)
              : input.action === 'liftEmbargo'
                ? await client.uploads.liftEmbargo(input.uploadId, o)
                : await client.uploads.delete(input.uploadId, o)
        return toSummary(answer.data)
      } catch (error) {
        return explain(error, input.action, input.uploadId)
      }
    },

    async edit(input: HandlerInput<'uploads.edit'>, signal: AbortSignal): Promise<UploadSummary> {
      const client = await api.clientFor(input.serverId)
      const metadata: UploadEditBody['metadata'] = {
        ...(input.name === undefined ? {} : { upload_name: input.name }),
        ...(input.embargoLength === undefined ? {} : { embargo_length: input.embargoLength }),
      }
      try {
        const answer = await client.uploads.edit(
          input.uploadId,
          { metadata },
          { lane: 'interactive', signal, label: `editing upload ${input.uploadId}` },
        )
        return toSummary(answer.data)
      } catch (error) {
        return explain(error, 'edit', input.uploadId)
      }
    },
  }
}
