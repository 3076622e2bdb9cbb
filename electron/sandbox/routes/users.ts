import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { guard, requireUser } from '../auth/guards'
import { list, scalar } from '../auth/query-params'
import type { SandboxContext } from '../context'
import { notFound } from '../http-error'
import type { SandboxUser } from '../state/types'

/**
 * The user directory (nomad-api-facts §6, users.py): GET /users searches and looks up without
 * e-mail addresses, /users/me is the caller's full record, /users/{id} a public subset.
 * Null/absent fields are omitted, as the real server's exclude_none does.
 */
const KEYCLOAK_SEARCH_MAX = 1000

const publicUser = z.object({
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  affiliation: z.string().optional(),
  affiliation_address: z.string().optional(),
  user_id: z.string(),
  username: z.string(),
  created: z.string().optional(),
  is_admin: z.boolean().optional(),
  is_oasis_admin: z.boolean().optional(),
})

const fullUser = publicUser.extend({ email: z.string() })

const subsetUser = publicUser.pick({
  name: true,
  first_name: true,
  last_name: true,
  affiliation: true,
  affiliation_address: true,
  user_id: true,
  username: true,
})

const listQuery = z.object({
  prefix: scalar(z.string()).optional(),
  user_id: list(z.string()).optional(),
  username: list(z.string()).optional(),
  email: list(z.string()).optional(),
})

type PublicUser = z.output<typeof publicUser>

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== null),
  ) as T
}

/** The record GET /users returns: everything but e-mail and the password hash. */
function publicView(user: SandboxUser): PublicUser {
  return withoutUndefined({
    name: user.name,
    first_name: user.first_name,
    last_name: user.last_name,
    affiliation: user.affiliation,
    affiliation_address: user.affiliation_address,
    user_id: user.user_id,
    username: user.username,
    created: user.created,
    is_admin: user.is_admin,
    is_oasis_admin: user.is_oasis_admin ?? false,
  })
}

export function userRoutes(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['users']
  const { users } = ctx.state

  routes.get(
    '/users',
    {
      schema: {
        summary: 'Search users (prefix) and look them up (user_id, username, email)',
        tags,
        querystring: listQuery,
        response: { 200: z.object({ data: z.array(publicUser) }) },
      },
      preValidation: guard('GET /users', { querystring: listQuery }),
    },
    (request) => {
      const { prefix, user_id = [], username = [], email = [] } = request.query
      // Concatenated in this order, duplicates kept and unknown ids skipped, as the server does.
      const found: SandboxUser[] = prefix ? users.search(prefix).slice(0, KEYCLOAK_SEARCH_MAX) : []
      for (const id of user_id) found.push(...[users.byId(id)].filter((u) => u !== undefined))
      for (const name of username)
        found.push(...[users.byUsername(name)].filter((u) => u !== undefined))
      for (const address of email) {
        const wanted = address.toLowerCase()
        found.push(...users.all().filter((u) => u.email.toLowerCase() === wanted))
      }
      return { data: found.map(publicView) }
    },
  )

  routes.get(
    '/users/me',
    {
      schema: { summary: 'The signed-in user, with e-mail', tags, response: { 200: fullUser } },
      preValidation: guard('GET /users/me'),
    },
    (request) => {
      const user = requireUser(request)
      return { ...publicView(user), email: user.email }
    },
  )

  routes.get(
    '/users/:user_id',
    {
      schema: {
        summary: 'Public data of one user',
        tags,
        params: z.object({ user_id: z.string() }),
        response: { 200: subsetUser },
      },
      preValidation: guard('GET /users/{user_id}'),
    },
    (request) => {
      const user = users.byId(request.params.user_id)
      // The real server crashes here (KeyError → 500); a 404 is what clients can handle.
      if (!user) throw notFound(`User '${request.params.user_id}' was not found.`)
      const { name, first_name, last_name, affiliation, affiliation_address, user_id, username } =
        publicView(user)
      return withoutUndefined({
        name,
        first_name,
        last_name,
        affiliation,
        affiliation_address,
        user_id,
        username,
      })
    },
  )
  return Promise.resolve()
}
