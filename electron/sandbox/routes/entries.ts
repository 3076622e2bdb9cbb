import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { guard } from '../auth/guards'
import { notFound } from '../http-error'
import { entriesService } from '../search/entries-service'
import { aggregationsResponse } from '../search/entry-aggregations'
import { project } from '../search/entry-output'
import type { RawQuery } from '../search/query-params'
import type { DataContext } from '../server/data-context'
import { sendJson } from '../server/reply'
import { metadataBody, queryParamsDoc } from './schemas'

/**
 * Entry metadata: GET /entries, POST /entries/query (with aggregations), GET /entries/{id}
 * (owner fixed to `all`: embargoed metadata is readable by anyone, as on the real server).
 */
export async function entriesRoutes(app: FastifyInstance, ctx: DataContext): Promise<void> {
  const service = entriesService(ctx)

  app.post(
    '/entries/query',
    {
      schema: {
        summary: 'Search entries and retrieve their metadata',
        tags: ['entries'],
        body: metadataBody,
      },
      preValidation: guard('POST /entries/query', { body: metadataBody }),
    },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>
      const search = service.parseBody(request, body, ctx.limits().maxPageSize)
      const required = service.requiredFromBody(body.required)
      const result = service.run(search)
      const response = service.metadataResponse(search, result, required)
      const aggregations = aggregationsResponse(service, search, result, body.aggregations)
      if (aggregations) {
        const { data, ...rest } = response
        return sendJson(reply, { ...rest, aggregations, data })
      }
      return sendJson(reply, response)
    },
  )

  app.get(
    '/entries',
    {
      schema: {
        summary: 'Search entries (quantities as query parameters)',
        description: queryParamsDoc,
        tags: ['entries'],
        querystring: z.looseObject({}),
      },
      preValidation: guard('GET /entries'),
    },
    async (request, reply) => {
      const params = request.query as RawQuery
      const search = service.parseParams(request, params, ctx.limits().maxPageSize)
      const required = service.requiredFromParams(params)
      const result = service.run(search)
      return sendJson(reply, service.metadataResponse(search, result, required, request))
    },
  )

  app.get(
    '/entries/:entry_id',
    {
      schema: {
        summary: 'Metadata of one entry',
        tags: ['entries'],
        params: z.object({ entry_id: z.string() }),
        querystring: z.looseObject({}),
      },
      preValidation: guard('GET /entries/{entry_id}'),
    },
    async (request, reply) => {
      const { entry_id: entryId } = request.params as { entry_id: string }
      const params = request.query as RawQuery
      const index = service.entryIndex(entryId, service.viewer(request), 'all')
      const doc = index === undefined ? undefined : service.store.docs[index]
      if (!doc)
        throw notFound('The entry with the given id does not exist or is not visible to you.')
      const required = service.requiredFromParams(params)
      return sendJson(reply, {
        entry_id: entryId,
        required: required ?? {},
        data: project(doc, required),
      })
    },
  )
  return Promise.resolve()
}
