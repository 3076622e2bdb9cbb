/**
 * The Uploads section: the signed-in user's uploads (GET /uploads, server-side filters, sort
 * and paging; a part-of-name filter scans, since the server matches whole names only), one
 * upload with its members' names (GET /users, GET /groups) and the caller's role, and the
 * entries of an upload (GET /uploads/{id}/entries).
 */
import type { Upload } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import type { UploadDetail, UploadList, UploadMember } from '../../../shared/ipc/channels/uploads'
import type { HandlerInput } from '../../../shared/ipc/contract'
import type { ApiRegistry } from '../api/client-registry'
import type { NomadClient } from '../api/nomad-client'
import type { QueryParams } from '../api/request-url'
import { allowedActions } from './upload-permissions'
import { memberIds, toEntryRow, toSummary } from './upload-views'

const SCAN_PAGE = 1000
/** A name filter reads at most this many uploads (the GUI asks for 10 000 at once). */
const SCAN_LIMIT = 20_000

type ListInput = HandlerInput<'uploads.list'>

function listParams(input: ListInput): QueryParams {
  return {
    ...(input.roles.length > 0 ? { roles: input.roles } : {}),
    ...(input.published === undefined ? {} : { is_published: input.published }),
    ...(input.processStatus === undefined ? {} : { process_status: input.processStatus }),
    order_by: input.orderBy,
    order: input.order,
  }
}

async function whoAmI(client: NomadClient, signal: AbortSignal): Promise<string | null> {
  try {
    return (await client.users.me({ lane: 'interactive', signal })).user_id
  } catch (error) {
    if (error instanceof AppError && error.code === 'auth_required') return null
    throw error
  }
}

export function createUploadsService(api: ApiRegistry) {
  async function list(input: ListInput, signal: AbortSignal): Promise<UploadList> {
    const client = await api.clientFor(input.serverId)
    const o = { lane: 'interactive' as const, signal, label: 'your uploads' }
    const needle = input.name?.toLowerCase() ?? ''
    if (needle === '') {
      const answer = await client.uploads.list(
        { ...listParams(input), page: input.page, page_size: input.pageSize },
        o,
      )
      return {
        total: answer.pagination.total,
        page: input.page,
        pageSize: input.pageSize,
        items: answer.data.map(toSummary),
        filteredLocally: false,
      }
    }
    const matching: Upload[] = []
    for (let page = 1; (page - 1) * SCAN_PAGE < SCAN_LIMIT; page++) {
      const answer = await client.uploads.list(
        { ...listParams(input), page, page_size: SCAN_PAGE },
        o,
      )
      matching.push(
        ...answer.data.filter((u) => (u.upload_name ?? u.upload_id).toLowerCase().includes(needle)),
      )
      if (page * SCAN_PAGE >= answer.pagination.total) break
    }
    const start = (input.page - 1) * input.pageSize
    return {
      total: matching.length,
      page: input.page,
      pageSize: input.pageSize,
      items: matching.slice(start, start + input.pageSize).map(toSummary),
      filteredLocally: true,
    }
  }

  async function names(
    client: NomadClient,
    members: ReturnType<typeof memberIds>,
    signal: AbortSignal,
  ) {
    // Names of members are decoration: a listing or preview asked for meanwhile goes first.
    const o = { lane: 'background' as const, signal }
    const userIds = [...new Set(members.filter((m) => m.kind === 'user').map((m) => m.id))]
    const groupIds = [
      ...new Set(members.filter((m) => m.kind === 'group' && m.id !== 'all').map((m) => m.id)),
    ]
    const [users, groups] = await Promise.all([
      userIds.length ? client.users.list({ user_id: userIds }, o) : { data: [] },
      groupIds.length ? client.groups.list({ group_id: groupIds }, o) : { data: [] },
    ])
    const userById = new Map(users.data.map((u) => [u.user_id, u]))
    const groupById = new Map(groups.data.map((g) => [g.group_id, g]))
    return members.map((m): UploadMember => {
      if (m.kind === 'group') {
        const name = m.id === 'all' ? 'Everyone' : (groupById.get(m.id)?.group_name ?? null)
        return { ...m, name, affiliation: null }
      }
      const user = userById.get(m.id)
      const name =
        user?.name ?? ([user?.first_name, user?.last_name].filter(Boolean).join(' ') || null)
      return { ...m, name, affiliation: user?.affiliation ?? null }
    })
  }

  async function get(
    input: HandlerInput<'uploads.get'>,
    signal: AbortSignal,
  ): Promise<UploadDetail> {
    const client = await api.clientFor(input.serverId)
    const o = { lane: 'interactive' as const, signal, label: `upload ${input.uploadId}` }
    const [answer, me] = await Promise.all([
      client.uploads.get(input.uploadId, o),
      whoAmI(client, signal),
    ])
    const upload = answer.data
    const ids = memberIds(upload)
    let myRole: UploadDetail['myRole'] = 'none'
    if (me !== null) {
      const direct = ids.find((m) => m.kind === 'user' && m.id === me)
      if (direct) myRole = direct.role
      else if (ids.some((m) => m.kind === 'group')) {
        const mine = await client.groups.list({ user_id: me }, { lane: 'interactive', signal })
        const groupIds = new Set(mine.data.map((g) => g.group_id))
        myRole = ids.find((m) => m.kind === 'group' && groupIds.has(m.id))?.role ?? 'none'
      }
    }
    const summary = toSummary(upload)
    return {
      summary,
      members: await names(client, ids, signal),
      myRole,
      signedIn: me !== null,
      actions: allowedActions(summary, myRole, me !== null),
      errors: upload.errors ?? [],
      warnings: upload.warnings ?? [],
      completeTime: upload.complete_time ?? null,
      serverPath: upload.upload_files_server_path ?? null,
    }
  }

  async function entries(input: HandlerInput<'uploads.entries'>, signal: AbortSignal) {
    const client = await api.clientFor(input.serverId)
    const answer = await client.uploads.entries(
      input.uploadId,
      { page: input.page, page_size: input.pageSize, order_by: 'mainfile' },
      { lane: 'interactive', signal, label: `the entries of upload ${input.uploadId}` },
    )
    if (answer.upload.upload_id !== input.uploadId)
      throw new AppError('invalid_response', `The server answered for another upload.`)
    return {
      total: answer.pagination.total,
      page: input.page,
      pageSize: input.pageSize,
      processingSuccessful: answer.processing_successful ?? 0,
      processingFailed: answer.processing_failed ?? 0,
      items: answer.data.map(toEntryRow),
    }
  }

  return { list, get, entries }
}
