import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { guard, requireUser } from '../auth/guards'
import { list, scalar } from '../auth/query-params'
import type { SandboxContext } from '../context'
import { badRequest, notFound, unauthorized } from '../http-error'
import type { SandboxGroup, SandboxUser } from '../state/types'

/**
 * User groups as the real server serves them (nomad-api-facts §6, groups.py): GET lists with at
 * most one filter and no pagination, POST creates (201), POST .../edit replaces the given fields
 * (members wholesale), DELETE answers 204; only the owner or an admin may change a group.
 */
const GROUP_NAME = /^[a-zA-Z0-9][a-zA-Z0-9 ._-]+[a-zA-Z0-9]$/

const group = z.object({
  group_id: z.string(),
  group_name: z.string(),
  owner: z.string(),
  members: z.array(z.string()),
})

const groupEdit = z.object({
  group_name: z.string().min(3).max(32).regex(GROUP_NAME).nullable().optional(),
  // A set on the server: duplicates collapse.
  members: z.array(z.string()).nullable().optional(),
})

const listQuery = z.object({
  group_id: list(z.string()).optional(),
  user_id: scalar(z.string()).optional(),
  search_terms: scalar(z.string()).optional(),
})

const idParams = z.object({ group_id: z.string() })

/** nomad.utils.create_uuid: URL-safe base64 of a random UUID4 without padding (22 chars). */
function newGroupId(): string {
  return Buffer.from(randomUUID().replace(/-/g, ''), 'hex').toString('base64url')
}

function view(g: SandboxGroup): z.output<typeof group> {
  return { group_id: g.group_id, group_name: g.group_name, owner: g.owner, members: [...g.members] }
}

export function groupRoutes(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['groups']
  const { state } = ctx

  function existing(groupId: string): SandboxGroup {
    const found = state.groups.get(groupId)
    if (!found) throw notFound(`User group '${groupId}' was not found.`)
    return found
  }

  function mayEdit(user: SandboxUser, g: SandboxGroup): void {
    if (g.owner !== user.user_id && !user.is_admin) {
      throw unauthorized(
        `Not authorized to edit user group '${g.group_id}'. Only group owners and admins are allowed to edit a group.`,
        null,
      )
    }
  }

  /** Members as a set, each an existing user (404 naming the first unknown one). */
  function memberSet(members: readonly string[]): string[] {
    const unique = [...new Set(members)]
    const unknown = unique.find((id) => !state.users.byId(id))
    if (unknown !== undefined) throw notFound(`User '${unknown}' was not found.`)
    return unique
  }

  routes.get(
    '/groups',
    {
      schema: {
        summary: 'List user groups',
        tags,
        querystring: listQuery,
        response: { 200: z.object({ data: z.array(group) }) },
      },
      preValidation: guard('GET /groups', { querystring: listQuery }),
    },
    (request) => {
      const { group_id, user_id, search_terms } = request.query
      const used = [group_id, user_id, search_terms].filter((value) => value !== undefined)
      if (used.length > 1) {
        throw badRequest('Only one of (group_id, user_id, search_terms) may be used at a time.')
      }
      let groups = [...state.groups.values()]
      if (group_id) groups = groups.filter((g) => group_id.includes(g.group_id))
      if (user_id !== undefined) {
        groups = groups.filter((g) => g.owner === user_id || g.members.includes(user_id))
      }
      if (search_terms !== undefined) {
        const terms = search_terms.toLowerCase().split(/\s+/).filter(Boolean)
        groups = groups.filter((g) =>
          terms.every((term) => g.group_name.toLowerCase().includes(term)),
        )
      }
      return { data: groups.map(view) }
    },
  )

  routes.get(
    '/groups/:group_id',
    {
      schema: { summary: 'Get a user group', tags, params: idParams, response: { 200: group } },
      preValidation: guard('GET /groups/{group_id}'),
    },
    (request) => view(existing(request.params.group_id)),
  )

  routes.post(
    '/groups',
    {
      schema: { summary: 'Create a user group', tags, body: groupEdit, response: { 201: group } },
      preValidation: guard('POST /groups', { body: groupEdit }),
    },
    async (request, reply) => {
      const user = requireUser(request)
      const members = memberSet(request.body.members ?? [])
      const groupId = newGroupId()
      const created: SandboxGroup = {
        group_id: groupId,
        // Without a name the real server names the group after its id.
        group_name: request.body.group_name ?? groupId,
        owner: user.user_id,
        members,
      }
      state.groups.set(groupId, created)
      state.persist()
      return reply.code(201).send(view(created))
    },
  )

  routes.post(
    '/groups/:group_id/edit',
    {
      schema: {
        summary: 'Edit a user group',
        tags,
        params: idParams,
        body: groupEdit,
        response: { 200: group },
      },
      preValidation: guard('POST /groups/{group_id}/edit', { body: groupEdit }),
    },
    (request) => {
      const user = requireUser(request)
      const target = existing(request.params.group_id)
      mayEdit(user, target)
      const { group_name, members } = request.body
      const newMembers = members == null ? target.members : memberSet(members)
      if (group_name != null) target.group_name = group_name
      target.members = newMembers
      state.persist()
      return view(target)
    },
  )

  routes.delete(
    '/groups/:group_id',
    {
      schema: { summary: 'Delete a user group', tags, params: idParams },
      preValidation: guard('DELETE /groups/{group_id}'),
    },
    async (request, reply) => {
      const user = requireUser(request)
      const target = existing(request.params.group_id)
      mayEdit(user, target)
      state.groups.delete(target.group_id)
      state.persist()
      return reply.code(204).send()
    },
  )
  return Promise.resolve()
}
