import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ArchiveService } from '../archive/archive-service'
import { checkRequired } from '../archive/required-reader'
import { guard } from '../auth/guards'
import { notFound, unauthorized } from '../http-error'
import { OWNER_ALL_NOT_ALLOWED, type Owner } from '../search/access'
import { entriesService, type SearchRequest } from '../search/entries-service'
import type { RawQuery } from '../search/query-params'
import type { DataContext } from '../server/data-context'
import { streamJson } from '../server/reply'
import { archiveQueryBody, queryParamsDoc } from './schemas'

/**
 * Archives: POST /entries/archive/query and GET /entries/archive (searches, owner=all refused),
 * GET /entries/{id}/archive, POST /entries/{id}/archive/query and
 * GET /entries/{id}/archive/download (owner visible). Responses are streamed: a page of
 * archives can be hundreds of megabytes.
 */
export async function archiveRoutes(app: FastifyInstance, ctx: DataContext): Promise<void> {
  const service = entriesService(ctx)
  const archives = new ArchiveService(ctx.state.data)

  const refuseAll = (owner: Owner) => {
    if (owner === 'all') throw unauthorized(OWNER_ALL_NOT_ALLOWED)
  }

  const searchResponse = (search: SearchRequest, required: unknown, request?: FastifyRequest) => {
    const spec = checkRequired(required, ['body', 'required'])
    const result = service.run(search)
    return {
      owner: search.owner,
      query: search.query,
      pagination: service.paginationResponse(search, result, request),
      required: spec,
      data: result.hits.map((index) => archives.read(index, spec, search.viewer)),
    }
  }

  app.post(
    '/entries/archive/query',
    {
      schema: {
        summary: 'Search entries and retrieve their archives',
        tags: ['entries/archive'],
        body: archiveQueryBody,
      },
      preValidation: guard('POST /entries/archive/query', { body: archiveQueryBody }),
    },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>
      const search = service.parseBody(request, body, ctx.limits().maxArchivePageSize)
      refuseAll(search.owner)
      return streamJson(reply, searchResponse(search, body.required))
    },
  )

  app.get(
    '/entries/archive',
    {
      schema: {
        summary: 'Search entries and retrieve their full archives',
        description: queryParamsDoc,
        tags: ['entries/archive'],
        querystring: z.looseObject({}),
      },
      preValidation: guard('POST /entries/archive/query'),
    },
    async (request, reply) => {
      const search = service.parseParams(
        request,
        request.query as RawQuery,
        ctx.limits().maxArchivePageSize,
      )
      refuseAll(search.owner)
      return streamJson(reply, searchResponse(search, '*', request))
    },
  )

  const entryIndex = (request: FastifyRequest) => {
    const { entry_id: entryId } = request.params as { entry_id: string }
    const index = service.entryIndex(entryId, service.viewer(request), 'visible')
    if (index === undefined) throw notFound('The entry does not exist or is not visible to you.')
    return { entryId, index }
  }
  const params = z.object({ entry_id: z.string() })

  app.get(
    '/entries/:entry_id/archive',
    {
      schema: { summary: 'The archive of one entry', tags: ['entries/archive'], params },
      preValidation: guard('GET /entries/{entry_id}/archive'),
    },
    async (request, reply) => {
      const { entryId, index } = entryIndex(request)
      const data = archives.read(index, '*', service.viewer(request))
      return streamJson(reply, { required: '*', entry_id: entryId, data })
    },
  )

  const requiredBody = z.looseObject({
    required: z.unknown().optional().describe('"*" or a dict mirroring the archive tree.'),
  })
  app.post(
    '/entries/:entry_id/archive/query',
    {
      schema: {
        summary: 'Parts of the archive of one entry',
        tags: ['entries/archive'],
        params,
        body: requiredBody,
      },
      preValidation: guard('GET /entries/{entry_id}/archive', { body: requiredBody }),
    },
    async (request, reply) => {
      const { entryId, index } = entryIndex(request)
      const required = checkRequired((request.body as { required?: unknown }).required, [
        'body',
        'required',
      ])
      const data = archives.read(index, required, service.viewer(request))
      return streamJson(reply, { required, entry_id: entryId, data })
    },
  )

  app.get(
    '/entries/:entry_id/archive/download',
    {
      schema: {
        summary: 'The archive of one entry as a file',
        tags: ['entries/archive'],
        params,
        querystring: z.looseObject({ ignore_mime_type: z.string().optional() }),
      },
      preValidation: guard('GET /entries/{entry_id}/archive'),
    },
    async (request, reply) => {
      const { entryId, index } = entryIndex(request)
      const { archive } = archives.read(index, '*', service.viewer(request))
      const ignoreMime = (request.query as RawQuery).ignore_mime_type === 'true'
      void reply.header('content-disposition', `attachment; filename="${entryId}.json"`)
      return streamJson(
        reply,
        archive,
        200,
        ignoreMime ? 'application/octet-stream' : 'application/json',
      )
    },
  )
  return Promise.resolve()
}
