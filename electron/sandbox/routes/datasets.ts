import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { guard } from '../auth/guards'
import {
  checkPagination,
  paginationQueryShape,
  paginationResponse,
} from '../auth/simple-pagination'
import type { DatasetRecord } from '../data/model'
import { notFound } from '../http-error'
import { requestUrl } from '../search/page-urls'
import { allValues, intParam, lastValue, type RawQuery } from '../search/query-params'
import type { DataContext } from '../server/data-context'
import { sendJson } from '../server/reply'

/** Datasets (read side): GET /datasets/ with filters and simple pagination, GET /datasets/{id}. */
const ORDER = z.enum(['dataset_create_time', 'dataset_modified_time', 'dataset_name'], {
  error: () => ({ message: 'order_by must be a valid attribute' }),
})
const listQuery = z
  .looseObject(paginationQueryShape(ORDER))
  .superRefine((raw, ctx) => checkPagination(raw, (issue) => ctx.addIssue(issue)))

function datasetView(dataset: DatasetRecord, entries: string[]): Record<string, unknown> {
  const { uploadIndices: _uploads, ...fields } = dataset
  return { ...fields, entries }
}

export async function datasetsRoutes(app: FastifyInstance, ctx: DataContext): Promise<void> {
  const store = ctx.state.data
  // Dataset endpoints ignore credentials (as the real ones), so they list only entries of
  // published uploads: ids of staging entries would tell anyone that they exist.
  const entriesOf = (dataset: DatasetRecord) =>
    dataset.uploadIndices.flatMap((u) => {
      const upload = store.uploads[u]
      return upload?.published
        ? store.entryIdsOf(upload.entryStart, upload.entryStart + upload.entryCount)
        : []
    })

  app.get('/datasets', { schema: { hide: true } }, async (request, reply) =>
    reply.redirect(request.url.replace(/\/datasets(\?|$)/, '/datasets/$1'), 307),
  )

  app.get(
    '/datasets/',
    {
      schema: { summary: 'Datasets', tags: ['datasets'], querystring: listQuery },
      preValidation: guard('GET /datasets/', { querystring: listQuery }),
    },
    async (request, reply) => {
      const query = request.query as RawQuery
      const ids = allValues(query, 'dataset_id')
      const names = allValues(query, 'dataset_name')
      const users = allValues(query, 'user_id')
      const type = lastValue(query, 'dataset_type')
      const doi = lastValue(query, 'doi')
      const prefix = lastValue(query, 'prefix')?.toLowerCase()
      let datasets = store.datasets.filter(
        (d) =>
          (ids.length === 0 || ids.includes(d.dataset_id)) &&
          (names.length === 0 || names.includes(d.dataset_name)) &&
          (users.length === 0 || users.includes(d.user_id)) &&
          (type === undefined || d.dataset_type === type) &&
          (doi === undefined || d.doi === doi) &&
          (prefix === undefined || d.dataset_name.toLowerCase().startsWith(prefix)),
      )
      const orderBy = lastValue(query, 'order_by') as keyof DatasetRecord | undefined
      const desc = lastValue(query, 'order') === 'desc'
      if (orderBy) {
        datasets = [...datasets].sort((a, b) => {
          const c =
            String(a[orderBy]) < String(b[orderBy])
              ? -1
              : String(a[orderBy]) > String(b[orderBy])
                ? 1
                : 0
          return desc ? -c : c
        })
      }
      const pagination = {
        page_size: intParam(query, 'page_size') ?? 10,
        order_by: orderBy ?? '',
        order: desc ? ('desc' as const) : ('asc' as const),
        page: intParam(query, 'page') ?? null,
        page_offset: intParam(query, 'page_offset') ?? null,
        page_after_value: lastValue(query, 'page_after_value') ?? null,
      }
      const response = paginationResponse(pagination, datasets.length, requestUrl(request))
      const start = (response.page - 1) * pagination.page_size
      const page =
        pagination.page_size === 0 ? [] : datasets.slice(start, start + pagination.page_size)
      const { order_by: echoedOrder, ...rest } = response
      return sendJson(reply, {
        pagination: orderBy ? { ...rest, order_by: echoedOrder } : rest,
        data: page.map((d) => datasetView(d, entriesOf(d))),
      })
    },
  )

  app.get(
    '/datasets/:dataset_id',
    {
      schema: {
        summary: 'One dataset',
        tags: ['datasets'],
        params: z.object({ dataset_id: z.string() }),
      },
      preValidation: guard('GET /datasets/{dataset_id}'),
    },
    async (request, reply) => {
      const { dataset_id: id } = request.params as { dataset_id: string }
      const index = store.datasetIndexOf(id)
      const dataset = index === undefined ? undefined : store.datasets[index]
      if (!dataset) throw notFound('The dataset with the given id does not exist.')
      return sendJson(reply, { dataset_id: id, data: datasetView(dataset, entriesOf(dataset)) })
    },
  )
  return Promise.resolve()
}
