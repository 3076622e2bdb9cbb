/**
 * Browsing an upload's raw files: folder pages from GET /uploads/{id}/rawdir/{path} (sorted and
 * filtered over the whole folder when asked, folder-index.ts), and chunks of a file from
 * GET /uploads/{id}/raw/{path}?offset&length (file-chunk.ts), through the server's client
 * on the interactive lane: someone is looking (the folder tree's branches on the background lane,
 * after them).
 */
import { AppError } from '../../../shared/errors'
import type { FileItem, FolderPage, FolderSort } from '../../../shared/ipc/channels/raw-files'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { fileKind } from '../../../shared/ipc/models/file-kind'
import type { ApiRegistry } from '../api/client-registry'
import { whenUnreachable, type OfflineSource } from '../search/offline-fallback'
import { readChunk } from './file-chunk'
import { createFolderIndex, fetchFolderPage, type FolderListing } from './folder-index'
import { keptFilesRoot, keptListing, keptPreview } from './kept-files'

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

/**
 * `offline`, when given, answers while the server cannot be reached from the raw files pins kept
 * on this computer (kept-files.ts, under `dataDir()`, where the data is now), with the same sorting, filtering and paging.
 */
export function createRawFilesService(
  api: ApiRegistry,
  kept?: { dataDir: () => string; offline: OfflineSource | undefined },
) {
  const index = createFolderIndex()
  const root = (serverId: string) =>
    kept === undefined ? undefined : keptFilesRoot(kept.dataDir(), serverId)

  /** `online()`, or from the kept raw files while the server cannot be reached. */
  function orKept<T>(
    serverId: string,
    online: () => Promise<T>,
    local: (root: string) => Promise<T | undefined>,
  ): Promise<T> {
    return whenUnreachable(kept?.offline, online, () => {
      const at = root(serverId)
      return at === undefined ? undefined : local(at)
    })
  }

  function list(input: HandlerInput<'rawFiles.list'>, signal: AbortSignal) {
    return orKept(
      input.serverId,
      () => listOnline(input, signal),
      async (at) => {
        const folder = await keptListing(at, input.uploadId, input.path)
        return folder === undefined ? undefined : pageOf(input, folder)
      },
    )
  }

  async function listOnline(input: HandlerInput<'rawFiles.list'>, signal: AbortSignal) {
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
        input.background ? 'background' : 'interactive',
      )
      return {
        uploadId: input.uploadId,
        ...page,
        hasMore: (page.page - 1) * page.pageSize + page.items.length < page.total,
        indexed: false,
      } satisfies FolderPage
    }
    const folder = await index.listing(input.serverId, client, input.uploadId, input.path, signal)
    return pageOf(input, folder)
  }

  function pageOf(input: HandlerInput<'rawFiles.list'>, folder: FolderListing): FolderPage {
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
    const folder = input.path.includes('/') ? input.path.slice(0, input.path.lastIndexOf('/')) : ''
    const listing = await orKept(
      input.serverId,
      async () => {
        const client = await api.clientFor(input.serverId)
        return index.listing(input.serverId, client, input.uploadId, folder, signal)
      },
      (at) => keptListing(at, input.uploadId, folder),
    )
    const at = listing.items.findIndex((item) => item.path === input.path)
    if (at < 0)
      throw new AppError(
        'not_found',
        `"${input.path}" is not in its folder of upload ${input.uploadId} (any more).`,
      )
    return { folder, index: at, total: listing.items.length }
  }

  function preview(input: HandlerInput<'rawFiles.preview'>, signal: AbortSignal) {
    return orKept(
      input.serverId,
      async () => readChunk(await api.clientFor(input.serverId), input, signal),
      (at) => keptPreview(at, input),
    )
  }

  return { list, locate, preview }
}
