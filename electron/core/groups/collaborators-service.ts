/**
 * The collaborators of an upload: coauthors and reviewers, people or whole groups. Changes go
 * out one at a time as `{add}`/`{remove}` actions of POST /uploads/{id}/edit (the form NOMAD's
 * own members dialog records), so two people editing different collaborators never overwrite
 * each other's lists.
 */
import type { Upload } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import type { Collaborators, GroupRef } from '../../../shared/ipc/channels/groups'
import type { ApiRegistry } from '../api/client-registry'
import type { MemberField, UploadEditBody } from '../api/endpoints/uploads'
import type { NomadClient, RequestOptions } from '../api/nomad-client'
import { currentUserId, resolvePeople, unknownPerson } from './people'

/** The pseudo-group every user belongs to (valid in upload group fields, no group document). */
const EVERYBODY = 'all'

export interface ChangeInput {
  serverId: string
  uploadId: string
  role: 'coauthor' | 'reviewer'
  kind: 'user' | 'group'
  action: 'add' | 'remove'
  id: string
}

type Field = MemberField

const fieldOf = (input: Pick<ChangeInput, 'role' | 'kind'>): Field =>
  input.kind === 'group' ? `${input.role}_groups` : `${input.role}s`

const ids = (value: readonly string[] | null | undefined) => [...(value ?? [])]

/** Whether the caller may edit: main author, coauthor, or member of a coauthor group. */
async function mayEdit(
  client: NomadClient,
  upload: Upload,
  me: string | null,
  options: RequestOptions,
): Promise<boolean> {
  if (me === null) return false
  const writers = [upload.main_author, ...ids(upload.coauthors), ...ids(upload.writers)]
  if (writers.includes(me)) return true
  const groups = [...ids(upload.coauthor_groups), ...ids(upload.writer_groups)]
  if (groups.length === 0) return false
  const mine = await client.groups.list({ user_id: me }, { ...options, label: 'your groups' })
  return mine.data.some((g) => groups.includes(g.group_id))
}

function refusal(error: unknown, input: ChangeInput): never {
  if (!(error instanceof AppError)) throw error
  const server = error.details?.serverMessage ?? ''
  if (error.code === 'forbidden' && /do not have (write )?access/i.test(server)) {
    throw new AppError(
      'forbidden',
      'Only the main author and the coauthors of this upload can change its collaborators.',
      error.details,
    )
  }
  if (error.code === 'invalid_input' && /does not exist/i.test(server)) {
    const what = input.kind === 'group' ? 'group' : 'user'
    throw new AppError(
      'invalid_input',
      `The server has no ${what} with the id ${input.id}: it may have been deleted. ${server}`,
      error.details,
    )
  }
  if (error.code === 'not_found')
    throw new AppError(
      'not_found',
      `The upload ${input.uploadId} no longer exists on this server.`,
      error.details,
    )
  throw error
}

export function createCollaboratorsService(api: ApiRegistry) {
  const opts = (signal: AbortSignal): RequestOptions => ({ lane: 'interactive', signal })

  async function view(
    client: NomadClient,
    upload: Upload,
    signal: AbortSignal,
    pending = false,
  ): Promise<Collaborators> {
    const me = await currentUserId(client, opts(signal))
    const people = await resolvePeople(
      client,
      [
        ...(upload.main_author ? [upload.main_author] : []),
        ...ids(upload.coauthors),
        ...ids(upload.reviewers),
      ],
      opts(signal),
    )
    const groupIds = [...ids(upload.coauthor_groups), ...ids(upload.reviewer_groups)].filter(
      (id) => id !== EVERYBODY,
    )
    const names = new Map<string, string>()
    if (groupIds.length > 0) {
      const found = await client.groups.list(
        { group_id: [...new Set(groupIds)] },
        { ...opts(signal), label: 'the group names' },
      )
      for (const g of found.data) names.set(g.group_id, g.group_name)
    }
    const groupRef = (id: string): GroupRef => ({
      groupId: id,
      name: id === EVERYBODY ? 'Everybody' : (names.get(id) ?? null),
      everybody: id === EVERYBODY,
    })
    const person = (id: string) => people.get(id) ?? unknownPerson(id)
    const editable = await mayEdit(client, upload, me, opts(signal))
    return {
      uploadId: upload.upload_id,
      uploadName: upload.upload_name ?? null,
      published: upload.published === true,
      mainAuthor: upload.main_author ? person(upload.main_author) : null,
      coauthors: ids(upload.coauthors).map(person),
      reviewers: ids(upload.reviewers).map(person),
      coauthorGroups: ids(upload.coauthor_groups).map(groupRef),
      reviewerGroups: ids(upload.reviewer_groups).map(groupRef),
      readOnlyReason: editable
        ? null
        : me === null
          ? 'Sign in as the main author or a coauthor of this upload to change its collaborators.'
          : 'Only the main author and the coauthors of this upload can change its collaborators.',
      pending,
    }
  }

  async function read(client: NomadClient, uploadId: string, signal: AbortSignal) {
    try {
      return (await client.uploads.get(uploadId, { ...opts(signal), label: `upload ${uploadId}` }))
        .data
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found')
        throw new AppError(
          'not_found',
          `The upload ${uploadId} does not exist on this server.`,
          error.details,
        )
      throw error
    }
  }

  return {
    async get(input: { serverId: string; uploadId: string }, signal: AbortSignal) {
      const client = await api.clientFor(input.serverId)
      return view(client, await read(client, input.uploadId, signal), signal)
    },

    async change(input: ChangeInput, signal: AbortSignal): Promise<Collaborators> {
      const client = await api.clientFor(input.serverId)
      if ((await currentUserId(client, opts(signal))) === null)
        throw new AppError('auth_required', 'Sign in to change the collaborators of an upload.')
      if (input.kind === 'group' && input.action === 'add' && input.id !== EVERYBODY) {
        try {
          await client.groups.get(input.id, { ...opts(signal), label: `the group ${input.id}` })
        } catch (error) {
          if (error instanceof AppError && error.code === 'not_found')
            throw new AppError(
              'not_found',
              `The group ${input.id} no longer exists on this server, so it cannot be added.`,
              error.details,
            )
          throw error
        }
      }
      const field = fieldOf(input)
      const body: UploadEditBody = { metadata: { [field]: { [input.action]: input.id } } }
      try {
        await client.uploads.edit(input.uploadId, body, {
          ...opts(signal),
          label: `changing the collaborators of upload ${input.uploadId}`,
        })
      } catch (error) {
        return refusal(error, input)
      }
      // Real servers queue the edit: until it has run the upload still shows the old list.
      const upload = await read(client, input.uploadId, signal)
      const now = ids(upload[field])
      const applied = input.action === 'add' ? now.includes(input.id) : !now.includes(input.id)
      if (applied) return view(client, upload, signal)
      const patched =
        input.action === 'add' ? [...now, input.id] : now.filter((i) => i !== input.id)
      return view(client, { ...upload, [field]: patched }, signal, true)
    },
  }
}
