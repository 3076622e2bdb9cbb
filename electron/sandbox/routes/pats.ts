import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf, enforce, guard, requireUser } from '../auth/guards'
import { authOptionsFor } from '../auth/options'
import { PAT_ORDER_BY, type PatFilters } from '../auth/pat-query'
import { EMPTY_SCOPES } from '../auth/pat-rules'
import { patServiceFor } from '../auth/pats'
import { bool, dateTime, parseDateTime, scalar } from '../auth/query-params'
import {
  checkPagination,
  paginationQueryShape,
  paginationResponse,
  simpleIndex,
  type SimplePagination,
} from '../auth/simple-pagination'
import type { SandboxContext } from '../context'
import { badRequest, notFound } from '../http-error'

/**
 * The five personal access token routes, mounted under /auth as on the real server
 * (nomad-pat-facts §1): 201 create, 200 list/get/rotate, 204 revoke; 401/403 before 422.
 */
const NOT_FOUND = 'Token not found or does not belong to the user.'

const patRecord = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  description: z.string().nullable(),
  revoked: z.boolean(),
  created_at: z.string(),
  expired_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
})

const creation = z.object({ pat: patRecord, raw_token: z.string() })

const createBody = z.object({
  metadata: z.object({
    name: z.string(),
    scopes: z.array(z.string()),
    description: z.string().nullable().optional(),
  }),
  // Omitted = 30 days; null = never expires (only without a maximum lifetime).
  expires_in_days: z.number().int().nullable().optional(),
})

const filterShape = {
  search: scalar(z.string()).optional(),
  revoked: bool().optional(),
  state: scalar(z.enum(['active', 'inactive'])).optional(),
  created_after: dateTime().optional(),
  created_before: dateTime().optional(),
  last_used_after: dateTime().optional(),
  last_used_before: dateTime().optional(),
  expires_after: dateTime().optional(),
  expires_before: dateTime().optional(),
}

const listQuery = z
  .object({ ...filterShape, ...paginationQueryShape(z.enum(PAT_ORDER_BY)) })
  .superRefine((query, context) => checkPagination(query, (issue) => context.addIssue(issue)))

const nullableString = z.string().nullable()
const listResponse = z.object({
  query: z.object({
    search: nullableString,
    revoked: z.boolean().nullable(),
    state: nullableString,
    created_after: nullableString,
    created_before: nullableString,
    last_used_after: nullableString,
    last_used_before: nullableString,
    expires_after: nullableString,
    expires_before: nullableString,
  }),
  pagination: z.object({
    page_size: z.number(),
    order_by: z.string(),
    order: z.enum(['asc', 'desc']),
    page_after_value: nullableString,
    page: z.number(),
    page_offset: z.number().nullable(),
    total: z.number(),
    next_page_after_value: nullableString,
    page_url: z.string(),
    next_page_url: nullableString,
    prev_page_url: nullableString,
    first_page_url: nullableString,
  }),
  data: z.array(patRecord),
})

const idParams = z.object({ pat_id: z.string() })

const when = (text: string | undefined) => (text === undefined ? null : parseDateTime(text))
const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

function requestUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${request.url}`
}

export function patRoutes(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const pats = patServiceFor(ctx)
  const tags = ['Personal Access Token (PAT) Endpoints']

  routes.post(
    '/auth/pats',
    {
      schema: {
        summary: 'Create a personal access token',
        tags,
        body: createBody,
        response: { 201: creation },
      },
      preValidation: guard('POST /auth/pats', { body: createBody }),
    },
    async (request, reply) => {
      const user = requireUser(request)
      const { metadata, expires_in_days } = request.body
      // The router refuses an empty list before the domain's own checks.
      if (metadata.scopes.length === 0) throw badRequest(EMPTY_SCOPES)
      const created = pats.create(user.user_id, metadata, expires_in_days)
      return reply.code(201).send(created)
    },
  )

  routes.get(
    '/auth/pats',
    {
      schema: {
        summary: 'List personal access tokens',
        description:
          'Sandbox deviation (configurable): besides an access token, any valid active PAT of the user may list.',
        tags,
        querystring: listQuery,
        response: { 200: listResponse },
      },
      preValidation: guard(
        (request) => {
          // service-api.md lists with a PAT; the real server wants tokens:read (see options.ts).
          if (callerOf(request).kind === 'pat' && authOptionsFor(ctx).patListingAcceptsPat) {
            requireUser(request)
          } else {
            enforce(request, 'GET /auth/pats')
          }
        },
        { querystring: listQuery },
      ),
    },
    (request) => {
      const user = requireUser(request)
      const q = request.query
      const filters: PatFilters = {
        search: q.search ?? null,
        revoked: q.revoked ?? null,
        state: q.state ?? null,
        createdAfter: when(q.created_after),
        createdBefore: when(q.created_before),
        lastUsedAfter: when(q.last_used_after),
        lastUsedBefore: when(q.last_used_before),
        expiresAfter: when(q.expires_after),
        expiresBefore: when(q.expires_before),
      }
      const pagination: SimplePagination = {
        page_size: q.page_size ?? 10,
        order_by: q.order_by ?? 'created_desc',
        order: q.order ?? 'asc',
        page: q.page ?? null,
        page_offset: q.page_offset ?? null,
        page_after_value: q.page_after_value?.trim() ?? null,
      }
      const result = pats.list(user.user_id, {
        filters,
        orderBy: q.order_by ?? 'created_desc',
        start: simpleIndex(pagination),
        limit: pagination.page_size,
      })
      return {
        query: {
          search: filters.search,
          revoked: filters.revoked,
          state: filters.state,
          created_after: isoOrNull(filters.createdAfter),
          created_before: isoOrNull(filters.createdBefore),
          last_used_after: isoOrNull(filters.lastUsedAfter),
          last_used_before: isoOrNull(filters.lastUsedBefore),
          expires_after: isoOrNull(filters.expiresAfter),
          expires_before: isoOrNull(filters.expiresBefore),
        },
        pagination: paginationResponse(pagination, result.total, requestUrl(request)),
        data: result.data,
      }
    },
  )

  routes.get(
    '/auth/pats/:pat_id',
    {
      schema: {
        summary: 'Get one personal access token',
        tags,
        params: idParams,
        response: { 200: patRecord },
      },
      preValidation: guard('GET /auth/pats/{pat_id}'),
    },
    (request) => {
      const pat = pats.get(requireUser(request).user_id, request.params.pat_id)
      if (!pat) throw notFound(NOT_FOUND)
      return pat
    },
  )

  routes.delete(
    '/auth/pats/:pat_id',
    {
      schema: { summary: 'Revoke a personal access token', tags, params: idParams },
      preValidation: guard('DELETE /auth/pats/{pat_id}'),
    },
    async (request, reply) => {
      if (!pats.revoke(requireUser(request).user_id, request.params.pat_id)) {
        throw notFound(NOT_FOUND)
      }
      return reply.code(204).send()
    },
  )

  routes.post(
    '/auth/pats/:pat_id/rotate',
    {
      schema: {
        summary: 'Rotate a personal access token',
        tags,
        params: idParams,
        response: { 200: creation },
      },
      preValidation: guard('POST /auth/pats/{pat_id}/rotate'),
    },
    (request) => {
      const rotated = pats.rotate(requireUser(request).user_id, request.params.pat_id)
      if (!rotated) throw notFound(NOT_FOUND)
      return rotated
    },
  )
  return Promise.resolve()
}
