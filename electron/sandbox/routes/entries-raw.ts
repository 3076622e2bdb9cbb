import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { guard } from '../auth/guards'
import { ENDPOINT_SCOPES } from '../auth/endpoint-scopes'
import { badRequest, notFound, unauthorized } from '../http-error'
import { mimeType, openRawFile } from '../raw/content'
import type { FileFilterOptions } from '../raw/file-filter'
import { rawService } from '../raw/raw-service'
import { OWNER_ALL_NOT_ALLOWED } from '../search/access'
import { entriesService, type SearchRequest } from '../search/entries-service'
import { allValues, boolParam, intParam, lastValue, type RawQuery } from '../search/query-params'
import type { DataContext } from '../server/data-context'
import { sendJson } from '../server/reply'
import { queryParamsDoc, rawQueryBody } from './schemas'

/**
 * Raw files of entries: zips over a query (GET /entries/raw, POST /entries/raw/query), one
 * entry's folder (GET /entries/{id}/raw), one file (GET /entries/{id}/raw/{path}) and the
 * folder listings (GET /entries/rawdir, POST /entries/rawdir/query, GET /entries/{id}/rawdir).
 */
export async function entriesRawRoutes(app: FastifyInstance, ctx: DataContext): Promise<void> {
  const service = entriesService(ctx)
  const raw = rawService(ctx.state.data)
  const params = z.object({ entry_id: z.string() })

  const checkSearch = (search: SearchRequest) => {
    if (search.owner === 'all') throw unauthorized(OWNER_ALL_NOT_ALLOWED)
  }

  const sendZip = (
    reply: FastifyReply,
    search: SearchRequest,
    files: FileFilterOptions & { compress?: boolean | null },
  ) => {
    const result = service.run({ ...search, pagination: { ...search.pagination, page_size: 0 } })
    const limit = ctx.limits().maxEntryDownload
    if (result.total > limit) {
      throw badRequest(
        `The limit of maximum number of entries in a single download (${limit}) has been exeeded (${result.total}).`,
      )
    }
    const indices = function* () {
      for (let i = 0; i < result.matches.length; i++) if (result.matches[i] === 1) yield i
    }
    return reply
      .type('application/zip')
      .header('content-disposition', 'attachment; filename="raw_files.zip"')
      .send(raw.entriesZip(indices(), files, files.compress === true))
  }

  const filesFromParams = (query: RawQuery) => ({
    compress: boolParam(query, 'compress') ?? false,
    glob_pattern: lastValue(query, 'glob_pattern') ?? null,
    re_pattern: lastValue(query, 're_pattern') ?? null,
    include_files: allValues(query, 'include_files'),
  })

  app.get(
    '/entries/raw',
    {
      schema: {
        summary: 'Raw files of all matching entries as a zip',
        description: `${queryParamsDoc} Files: compress, glob_pattern, re_pattern, include_files.`,
        tags: ['entries/raw'],
        querystring: z.looseObject({}),
      },
      preValidation: guard(ENDPOINT_SCOPES['GET /entries/{entry_id}/raw']),
    },
    async (request, reply) => {
      const query = request.query as RawQuery
      const search = service.parseParams(request, query, Number.MAX_SAFE_INTEGER)
      checkSearch(search)
      return sendZip(reply, search, filesFromParams(query))
    },
  )

  app.post(
    '/entries/raw/query',
    {
      schema: {
        summary: 'Raw files of all matching entries as a zip',
        tags: ['entries/raw'],
        body: rawQueryBody,
      },
      preValidation: guard(ENDPOINT_SCOPES['GET /entries/{entry_id}/raw'], { body: rawQueryBody }),
    },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>
      const search = service.parseBody(request, body, Number.MAX_SAFE_INTEGER)
      checkSearch(search)
      return sendZip(reply, search, body.files ?? {})
    },
  )

  const rawdirResponse = (search: SearchRequest, request?: FastifyRequest) => {
    const result = service.run(search)
    return {
      owner: search.owner,
      query: search.query,
      pagination: service.paginationResponse(search, result, request),
      data: result.hits.map((i) => raw.entryRawDir(i)),
    }
  }

  app.get(
    '/entries/rawdir',
    {
      schema: {
        summary: 'Raw file listings of matching entries',
        description: queryParamsDoc,
        tags: ['entries/raw'],
        querystring: z.looseObject({}),
      },
      preValidation: guard('GET /entries/rawdir'),
    },
    async (request, reply) => {
      const search = service.parseParams(
        request,
        request.query as RawQuery,
        ctx.limits().maxPageSize,
      )
      checkSearch(search)
      return sendJson(reply, rawdirResponse(search, request))
    },
  )

  const rawdirBody = rawQueryBody
  app.post(
    '/entries/rawdir/query',
    {
      schema: {
        summary: 'Raw file listings of matching entries',
        tags: ['entries/raw'],
        body: rawdirBody,
      },
      preValidation: guard('GET /entries/rawdir', { body: rawdirBody }),
    },
    async (request, reply) => {
      const search = service.parseBody(
        request,
        request.body as Record<string, unknown>,
        ctx.limits().maxPageSize,
      )
      checkSearch(search)
      return sendJson(reply, rawdirResponse(search))
    },
  )

  const visibleEntry = (request: FastifyRequest) => {
    const { entry_id: entryId } = request.params as { entry_id: string }
    const index = service.entryIndex(entryId, service.viewer(request), 'visible')
    if (index === undefined)
      throw notFound('The entry with the given id does not exist or is not visible to you.')
    return { entryId, index }
  }

  app.get(
    '/entries/:entry_id/rawdir',
    {
      schema: { summary: 'Files in the folder of an entry', tags: ['entries/raw'], params },
      preValidation: guard('GET /entries/{entry_id}/raw'),
    },
    async (request, reply) => {
      const { entryId, index } = visibleEntry(request)
      return sendJson(reply, { entry_id: entryId, data: raw.entryRawDir(index) })
    },
  )

  app.get(
    '/entries/:entry_id/raw',
    {
      schema: {
        summary: 'The folder of an entry as a zip',
        tags: ['entries/raw'],
        params,
        querystring: z.looseObject({}),
      },
      preValidation: guard('GET /entries/{entry_id}/raw'),
    },
    async (request, reply) => {
      const { entryId, index } = visibleEntry(request)
      const files = filesFromParams(request.query as RawQuery)
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${entryId}.zip"`)
        .send(raw.entriesZip([index], files, files.compress))
    },
  )

  app.get(
    '/entries/:entry_id/raw/:path',
    {
      schema: {
        summary: 'One file of the folder of an entry (offset/length for ranges)',
        tags: ['entries/raw'],
        params: z.object({ entry_id: z.string(), path: z.string() }),
        querystring: z.looseObject({
          offset: z.string().optional(),
          length: z.string().optional(),
          decompress: z.string().optional(),
        }),
      },
      preValidation: guard('GET /entries/{entry_id}/raw'),
    },
    async (request, reply) => {
      const { index } = visibleEntry(request)
      const { path } = request.params as { path: string }
      const query = request.query as RawQuery
      const offset = intParam(query, 'offset') ?? 0
      const length = intParam(query, 'length') ?? -1
      if (offset < 0) throw badRequest('Invalid offset provided.')
      if (length < -1) throw badRequest('Invalid length provided.')
      const file = raw.entryFolderFiles(index).find((f) => f.path.endsWith(`/${path}`))
      if (!file) throw notFound('The requested file does not exist.')
      const whole = offset === 0 && length < 0
      return reply
        .type(whole ? mimeType(file) : 'application/octet-stream')
        .send(openRawFile(file, offset, length))
    },
  )
  return Promise.resolve()
}
