/**
 * User groups: listing (mine or by name), one group with its people resolved, create, edit
 * (whole member list, after re-reading the group to catch a concurrent change), delete. The
 * server's refusals become messages that say what to do (issue 16 item 6).
 */
import type { Group } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import { groupChanges, hasChanges } from '../../../shared/groups'
import type {
  GroupRole,
  GroupSummary,
  GroupView,
  Person,
} from '../../../shared/ipc/channels/groups'
import type { ApiRegistry } from '../api/client-registry'
import type { NomadClient, RequestOptions } from '../api/nomad-client'
import { currentUserId, resolvePeople, toPerson, unknownPerson } from './people'

export type SaveInput = {
  serverId: string
  groupId?: string | undefined
  name: string
  members: string[]
  base?: { name: string; members: string[] } | undefined
}

export type SaveResult =
  { outcome: 'saved'; group: GroupView } | { outcome: 'conflict'; current: GroupView }

const NOT_SIGNED_IN = 'Sign in to see your own groups; searching all groups by name works without.'

function roleOf(group: Group, me: string | null): GroupRole {
  if (me === null) return 'none'
  if (group.owner === me) return 'owner'
  return group.members.includes(me) ? 'member' : 'none'
}

/** Members apart from the owner, who is shown once, as owner (the server stores it apart). */
const memberIds = (group: Group) => group.members.filter((id) => id !== group.owner)

const displayName = (person: Person) => person.name ?? person.userId

function readOnlyReason(role: GroupRole, owner: Person): string | null {
  if (role === 'owner') return null
  const who = displayName(owner)
  return role === 'member'
    ? `You are a member of this group; only its owner, ${who}, can rename it, change its members or delete it.`
    : `Only the owner of this group, ${who}, can rename it, change its members or delete it.`
}

/** Server refusals of group writes, worded for the person who made them. */
function explain(error: unknown, group: { id?: string | undefined; name: string }): never {
  if (!(error instanceof AppError)) throw error
  const server = error.details?.serverMessage ?? ''
  const unknownUser = /^User '(.+)' was not found\.$/.exec(server)
  if (error.code === 'not_found' && unknownUser) {
    throw new AppError(
      'invalid_input',
      `The server has no user with the id ${unknownUser[1] ?? ''}: remove them from the members and try again.`,
      error.details,
    )
  }
  if (error.code === 'not_found' && group.id !== undefined) throw gone(group.id, error)
  if (error.code === 'forbidden' && /not authorized to edit user group/i.test(server)) {
    throw new AppError(
      'forbidden',
      `Only the owner of “${group.name}” (or an administrator) can change or delete it.`,
      error.details,
    )
  }
  if (error.code === 'invalid_input' && error.details?.path?.[0] === 'group_name') {
    throw new AppError(
      'invalid_input',
      `The server refused the name “${group.name}”: ${server}`,
      error.details,
    )
  }
  throw error
}

function gone(groupId: string, cause?: AppError): AppError {
  return new AppError(
    'not_found',
    `The group ${groupId} no longer exists on this server: it may have been deleted. Go back to the list of groups.`,
    cause?.details,
  )
}

export function createGroupsService(api: ApiRegistry) {
  const opts = (signal: AbortSignal): RequestOptions => ({ lane: 'interactive', signal })

  async function view(
    client: NomadClient,
    group: Group,
    me: string | null,
    signal: AbortSignal,
  ): Promise<GroupView> {
    const people = await resolvePeople(client, [group.owner, ...group.members], opts(signal))
    const owner = people.get(group.owner) ?? unknownPerson(group.owner)
    const role = roleOf(group, me)
    return {
      groupId: group.group_id,
      name: group.group_name,
      owner,
      members: memberIds(group).map((id) => people.get(id) ?? unknownPerson(id)),
      role,
      readOnlyReason:
        me === null
          ? 'Sign in as the owner of this group to change it.'
          : readOnlyReason(role, owner),
    }
  }

  async function read(client: NomadClient, groupId: string, signal: AbortSignal): Promise<Group> {
    try {
      return await client.groups.get(groupId, { ...opts(signal), label: `the group ${groupId}` })
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') throw gone(groupId, error)
      throw error
    }
  }

  return {
    async list(
      input: { serverId: string; scope: 'mine' | 'search'; search?: string | undefined },
      signal: AbortSignal,
    ): Promise<{ groups: GroupSummary[]; me: string | null }> {
      const client = await api.clientFor(input.serverId)
      const me = await currentUserId(client, opts(signal))
      if (input.scope === 'mine' && me === null) throw new AppError('auth_required', NOT_SIGNED_IN)
      const terms = input.search ?? ''
      const params =
        input.scope === 'mine' ? { user_id: me ?? '' } : terms === '' ? {} : { search_terms: terms }
      const answer = await client.groups.list(params, { ...opts(signal), label: 'the groups' })
      let groups = answer.data
      // The server filters by one criterion only; "mine" narrowed by name is done here.
      if (input.scope === 'mine' && terms !== '') {
        const words = terms.toLowerCase().split(/\s+/)
        groups = groups.filter((g) => words.every((w) => g.group_name.toLowerCase().includes(w)))
      }
      const owners = await resolvePeople(
        client,
        groups.map((g) => g.owner),
        opts(signal),
      )
      const summaries = groups.map((g) => ({
        groupId: g.group_id,
        name: g.group_name,
        owner: owners.get(g.owner) ?? unknownPerson(g.owner),
        memberCount: memberIds(g).length,
        role: roleOf(g, me),
      }))
      summaries.sort((a, b) => a.name.localeCompare(b.name))
      return { groups: summaries, me }
    },

    async get(input: { serverId: string; groupId: string }, signal: AbortSignal) {
      const client = await api.clientFor(input.serverId)
      const [group, me] = await Promise.all([
        read(client, input.groupId, signal),
        currentUserId(client, opts(signal)),
      ])
      return view(client, group, me, signal)
    },

    async save(input: SaveInput, signal: AbortSignal): Promise<SaveResult> {
      const client = await api.clientFor(input.serverId)
      const me = await currentUserId(client, opts(signal))
      if (me === null) throw new AppError('auth_required', 'Sign in to create or change a group.')
      const members = [...new Set(input.members)]
      const body = { group_name: input.name, members }
      if (input.groupId === undefined) {
        try {
          const created = await client.groups.create(body, {
            ...opts(signal),
            label: `creating the group “${input.name}”`,
          })
          return { outcome: 'saved', group: await view(client, created, me, signal) }
        } catch (error) {
          return explain(error, { name: input.name })
        }
      }
      const current = await read(client, input.groupId, signal)
      if (current.owner !== me) {
        const owner = (await resolvePeople(client, [current.owner], opts(signal))).get(
          current.owner,
        )
        throw new AppError(
          'forbidden',
          readOnlyReason(roleOf(current, me), owner ?? unknownPerson(current.owner)) ??
            'Only the owner can change this group.',
        )
      }
      if (input.base !== undefined) {
        const now = { name: current.group_name, members: memberIds(current) }
        if (hasChanges(groupChanges(input.base, now)))
          return { outcome: 'conflict', current: await view(client, current, me, signal) }
      }
      try {
        const edited = await client.groups.edit(input.groupId, body, {
          ...opts(signal),
          label: `saving the group “${input.name}”`,
        })
        return { outcome: 'saved', group: await view(client, edited, me, signal) }
      } catch (error) {
        return explain(error, { id: input.groupId, name: input.name })
      }
    },

    async remove(input: { serverId: string; groupId: string }, signal: AbortSignal) {
      const client = await api.clientFor(input.serverId)
      const group = await read(client, input.groupId, signal)
      try {
        await client.groups.delete(input.groupId, {
          ...opts(signal),
          label: `deleting the group “${group.group_name}”`,
        })
      } catch (error) {
        return explain(error, { id: input.groupId, name: group.group_name })
      }
      return { groupId: input.groupId }
    },

    async searchUsers(input: { serverId: string; prefix: string }, signal: AbortSignal) {
      const client = await api.clientFor(input.serverId)
      const answer = await client.users.list(
        { prefix: input.prefix },
        { ...opts(signal), label: 'the user search' },
      )
      return { users: answer.data.slice(0, 50).map(toPerson) }
    },
  }
}

export type GroupsService = ReturnType<typeof createGroupsService>
