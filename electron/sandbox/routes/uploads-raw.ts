import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { guard } from '../auth/guards'
import {
  checkPagination,
  paginationQueryShape,
  paginationResponse,
} from '../auth/simple-pagination'
import { badRequest, notFound } from '../http-error'
import { mimeType, openRawFile } from '../raw/content'
import { fileName, type RawFile } from '../raw/layout'
import { rawService } from '../raw/raw-service'
import type { DirNode, UploadTree } from '../raw/upload-tree'
import { requestUrl } from '../search/page-urls'
import { allValues, boolParam, intParam, lastValue, type RawQuery } from '../search/query-params'
import { accessOf, readableUpload } from '../search/upload-access'
import type { DataContext } from '../server/data-context'
import { sendJson } from '../server/reply'

/**
 * Raw files of uploads: GET /uploads/{id}/rawdir/{path} (listing with sizes, simple-index
 * pagination), GET /uploads/{id}/raw/{path} (bytes with offset/length, folders as zip with
 * compress=true) and GET /uploads/{id}/raw (the zip of a published upload, with its length).
 */
const rawdirQuery = z
  .looseObject({
    ...paginationQueryShape(z.string()),
    include_entry_info: z.string().optional(),
  })
  .superRefine((raw, ctx) => checkPagination(raw, (issue) => ctx.addIssue(issue)))

const uploadParams = z.object({ upload_id: z.string(), '*': z.string().optional() })

export async function uploadsRawRoutes(app: FastifyInstance, ctx: DataContext): Promise<void> {
  const raw = rawService(ctx.state.data)
  const store = ctx.state.data

  const locate = (request: FastifyRequest) => {
    const params = request.params as { upload_id: string; '*'?: string }
    const { upload } = readableUpload(ctx, request, params.upload_id)
    const tree = raw.tree(upload.index)
    if (!tree) throw notFound('The specified upload_id was not found.')
    const path = (params['*'] ?? '').replace(/\/+$/, '')
    return { upload, tree, path, found: tree.find(path) }
  }

  const entryInfo = (file: RawFile) => {
    if (file.entryIndex === undefined) return {}
    const doc = store.docs[file.entryIndex]
    return doc ? { entry_id: doc.entry_id, parser_name: doc.parser_name } : {}
  }

  for (const url of ['/uploads/:upload_id/rawdir', '/uploads/:upload_id/raw/']) {
    if (url.endsWith('rawdir')) {
      app.get(url, { schema: { hide: true } }, async (request, reply) =>
        reply.redirect(
          `${request.url.split('?')[0] ?? ''}/${request.url.includes('?') ? `?${request.url.split('?')[1] ?? ''}` : ''}`,
          307,
        ),
      )
    }
  }

  app.get(
    '/uploads/:upload_id/rawdir/*',
    {
      schema: {
        summary: 'List a folder (or describe a file) of an upload',
        tags: ['uploads/raw'],
        params: uploadParams,
        querystring: rawdirQuery,
      },
      preValidation: guard('GET /uploads/{upload_id}/rawdir/{path}', { querystring: rawdirQuery }),
    },
    async (request, reply) => {
      const { upload, tree, path, found } = locate(request)
      if (!found) throw notFound('Not found. Invalid path?')
      const query = request.query as RawQuery
      const withInfo = boolParam(query, 'include_entry_info') ?? false
      const access = accessOf(upload)
      if (found.kind === 'file') {
        return sendJson(reply, {
          path,
          access,
          file_metadata: {
            name: fileName(found.file),
            size: found.file.size,
            ...(withInfo ? entryInfo(found.file) : {}),
          },
        })
      }
      const items = tree.children(found.node)
      const pagination = {
        page_size: intParam(query, 'page_size') ?? 10,
        order_by: '',
        order: 'asc' as const,
        page: intParam(query, 'page') ?? null,
        page_offset: intParam(query, 'page_offset') ?? null,
        page_after_value: lastValue(query, 'page_after_value') ?? null,
      }
      const response = paginationResponse(pagination, items.length, requestUrl(request))
      const start = (response.page - 1) * pagination.page_size
      const page =
        pagination.page_size === 0 ? [] : items.slice(start, start + pagination.page_size)
      const { order_by: _unused, ...echo } = response
      return sendJson(reply, {
        path,
        access,
        directory_metadata: {
          name: found.node.name,
          size: found.node.size,
          content: page.map((item) =>
            item.kind === 'dir'
              ? { name: item.node.name, size: item.node.size, is_file: false }
              : {
                  name: fileName(item.file),
                  size: item.file.size,
                  is_file: true,
                  ...(withInfo ? entryInfo(item.file) : {}),
                },
          ),
        },
        pagination: echo,
      })
    },
  )

  const rawQuery = z.looseObject({
    compress: z.string().optional(),
    glob_pattern: z.string().optional(),
    re_pattern: z.string().optional(),
    include_files: z.union([z.string(), z.array(z.string())]).optional(),
    offset: z.string().optional(),
    length: z.string().optional(),
    decompress: z.string().optional(),
    ignore_mime_type: z.string().optional(),
  })

  app.get(
    '/uploads/:upload_id/raw/*',
    {
      schema: {
        summary: 'A file of an upload (offset/length) or a folder as zip (compress=true)',
        tags: ['uploads/raw'],
        params: uploadParams,
        querystring: rawQuery,
      },
      preValidation: guard('GET /uploads/{upload_id}/raw/{path}'),
    },
    async (request, reply) => {
      const { upload, tree, found } = locate(request)
      const query = request.query as RawQuery
      const compress = boolParam(query, 'compress') ?? false
      const offset = intParam(query, 'offset')
      const length = intParam(query, 'length')
      if (compress && (offset !== undefined || length !== undefined)) {
        throw badRequest('Cannot specify `offset` or `length` when `compress` is true')
      }
      if (offset !== undefined && offset < 0) throw badRequest('Invalid offset provided.')
      if (length !== undefined && length < -1) throw badRequest('Invalid length provided.')
      if (!found) throw notFound('Not found. Invalid path?')
      const filter = {
        glob_pattern: lastValue(query, 'glob_pattern'),
        re_pattern: lastValue(query, 're_pattern'),
        include_files: allValues(query, 'include_files'),
      }
      if (found.kind === 'dir') {
        if (!compress) throw badRequest('Path is a directory, `compress` must be set to true')
        return sendFolder(reply, tree, found.node, filter, found.node.name || upload.upload_id)
      }
      const name = fileName(found.file)
      if (compress) {
        return reply
          .type('application/zip')
          .header('content-disposition', attachment(`${name}.zip`))
          .send(raw.fileZip(found.file, true))
      }
      const whole = (offset ?? 0) === 0 && (length ?? -1) < 0
      const ignoreMime = boolParam(query, 'ignore_mime_type') ?? false
      const plain = (boolParam(query, 'decompress') ?? false) && found.file.source?.decompressed
      if (plain) {
        // What the real server's gzip/lzma reader streams; offset/length apply to it.
        const bytes = plain()
        const start = Math.min(offset ?? 0, bytes.length)
        const end =
          (length ?? -1) < 0 ? bytes.length : Math.min(bytes.length, start + (length ?? 0))
        return reply
          .type('application/octet-stream')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(bytes.subarray(start, end))
      }
      return reply
        .type(whole && !ignoreMime ? mimeType(found.file) : 'application/octet-stream')
        .header('content-disposition', attachment(name))
        .send(openRawFile(found.file, offset ?? 0, length ?? -1))
    },
  )

  function sendFolder(
    reply: FastifyReply,
    tree: UploadTree,
    dir: DirNode,
    filter: Parameters<typeof raw.folderZip>[2],
    name: string,
  ) {
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${name}.zip"`)
      .send(
        raw.folderZip(tree, dir, filter, { compress: true, mtime: new Date(Date.UTC(2024, 0, 1)) }),
      )
  }

  app.get(
    '/uploads/:upload_id/raw',
    {
      schema: {
        summary: 'All raw files of a published upload as one zip',
        tags: ['uploads/raw'],
        params: z.object({ upload_id: z.string() }),
      },
      preValidation: guard('GET /uploads/{upload_id}/raw/{path}'),
    },
    async (request, reply) => {
      const { upload, tree } = locate(request)
      if (!upload.published) {
        throw badRequest(
          `Cannot download raw files .zip from non published uploads. Use '/${upload.upload_id}/raw/' instead to stream the files of an unpublished upload.`,
        )
      }
      // Like the real server's prebuilt zip: stored, with its length announced.
      const stream = raw.folderZip(
        tree,
        tree.root,
        {},
        {
          compress: false,
          mtime: new Date(upload.publishMs ?? upload.createMs),
          window: Infinity,
          onSize: (size) => void reply.header('content-length', size),
        },
      )
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${upload.upload_id}.zip"`)
        .send(stream)
    },
  )
  return Promise.resolve()
}

/** A Content-Disposition for any name; a NUL or a quote would make the header invalid. */
function attachment(name: string): string {
  if (/^[\x20-\x7e]*$/.test(name) && !name.includes('"')) return `attachment; filename="${name}"`
  return `attachment; filename*=UTF-8''${encodeURIComponent(name)}`
}
