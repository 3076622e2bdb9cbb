/**
 * Browsing an upload's raw files: folder pages from GET /uploads/{id}/rawdir/{path} (sorted and
 * filtered over the whole folder when asked, folder-index.ts), and chunks of a file from
 * GET /uploads/{id}/raw/{path}?offset&length (file-chunk.ts), through the server's client
 * on the interactive lane: someone is looking.
 */
import { AppError } from '../../../shared/errors'
import type { FileItem, FolderPage, FolderSort } from '../../../shared/ipc/channels/raw-files'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { fileKind } from '../../../shared/ipc/models/file-kind'
import type { ApiRegistry } from '../api/client-registry'
import { readChunk } from './file-chunk'
import { createFolderIndex, fetchFolderPage } from './folder-index'

const byName = (a: FileItem, b: FileItem) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
const COMPARE: Record<FolderSort, (a: FileItem, b: FileItem) => number> = {
  name: byName,
  size: (a, b) => a.size - b.size || byName(a, b),
  kind: (a, b) => {
    const x = fileKind(a.name, a.isFile).label
    const y = fileKind(b.name, b.isFile).label
    return x < y ? -1 : x > y ? 1 : byName(a, b)
  },
}

export function createRawFilesService(api: ApiRegistry) {
  const index = createFolderIndex()

  async function list(input: HandlerInput<'rawFiles.list'>, signal: AbortSignal) {
    const client = await api.clientFor(input.serverId)
    const plain = input.sort === 'name' && input.order === 'asc' && input.filter === ''
    if (plain) {
      const page = await fetchFolderPage(
        client,
        input.uploadId,
        input.path,
        input.page,
        input.pageSize,
        signal,
      )
      return {
        uploadId: input.uploadId,
        ...page,
        hasMore: (page.page - 1) * page.pageSize + page.items.length < page.total,
        indexed: false,
      } satisfies FolderPage
    }
    const folder = await index.listing(input.serverId, client, input.uploadId, input.path, signal)
    const needle = input.filter.toLowerCase()
    const matching = needle
      ? folder.items.filter((item) => item.name.toLowerCase().includes(needle))
      : [...folder.items]
    const compare = COMPARE[input.sort]
    matching.sort(input.order === 'asc' ? compare : (a, b) => compare(b, a))
    const start = (input.page - 1) * input.pageSize
    return {
      uploadId: input.uploadId,
      path: folder.path,
      access: folder.access,
      total: matching.length,
      page: input.page,
      pageSize: input.pageSize,
      items: matching.slice(start, start + input.pageSize),
      hasMore: start + input.pageSize < matching.length,
      indexed: true,
    } satisfies FolderPage
  }

  async function locate(input: HandlerInput<'rawFiles.locate'>, signal: AbortSignal) {
    const client = await api.clientFor(input.serverId)
    const folder = input.path.includes('/') ? input.path.slice(0, input.path.lastIndexOf('/')) : ''
    const listing = await index.listing(input.serverId, client, input.uploadId, folder, signal)
    const at = listing.items.findIndex((item) => item.path === input.path)
    if (at < 0)
      throw new AppError(
        'not_found',
        `"${input.path}" is not in its folder of upload ${input.uploadId} (any more).`,
      )
    return { folder, index: at, total: listing.items.length }
  }

  async function preview(input: HandlerInput<'rawFiles.preview'>, signal: AbortSignal) {
    const client = await api.clientFor(input.serverId)
    return readChunk(client, input, signal)
  }

  return { list, locate, preview }
}
