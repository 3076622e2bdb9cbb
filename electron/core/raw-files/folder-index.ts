import { isRawdirDirectory } from '../../../shared/api'
import { AppError } from '../../../shared/errors'
import type { FileItem } from '../../../shared/ipc/channels/raw-files'
import type { NomadClient } from '../api/nomad-client'

/**
 * A whole folder's listing, for what the server cannot do itself: sort by size or kind, filter
 * by name, find where a file sits. Names and sizes only (about 100 bytes a file), read in pages
 * of SCAN_PAGE and kept for a minute, so paging through a sorted folder asks once.
 */
const SCAN_PAGE = 1000
/** 200 000 files: past that, sort and filter say so instead of listing for minutes. */
const MAX_FILES = 200_000
const KEEP_MS = 60_000
const CACHED_FOLDERS = 8

export interface FolderListing {
  path: string
  access: string
  items: FileItem[]
}

const join = (folder: string, name: string) => (folder === '' ? name : `${folder}/${name}`)

/** One page of a folder as the server lists it, as file items. */
export async function fetchFolderPage(
  client: NomadClient,
  uploadId: string,
  path: string,
  page: number,
  pageSize: number,
  signal: AbortSignal,
  lane: 'interactive' | 'background' = 'interactive',
) {
  const answer = await client.files.uploadRawdir(
    uploadId,
    path,
    { page, page_size: pageSize, include_entry_info: true },
    { lane, signal, label: `the folder "${path || '/'}" of upload ${uploadId}` },
  )
  if (!isRawdirDirectory(answer))
    throw new AppError('invalid_input', `"${path}" is a file, not a folder.`)
  return {
    path: answer.path,
    access: answer.access,
    total: answer.pagination.total,
    page: answer.pagination.page,
    pageSize: answer.pagination.page_size,
    items: answer.directory_metadata.content.map((item): FileItem => ({
      name: item.name,
      path: join(answer.path, item.name),
      isFile: item.is_file,
      size: item.size,
      ...(item.entry_id === undefined ? {} : { entryId: item.entry_id }),
      ...(item.parser_name === undefined ? {} : { parserName: item.parser_name }),
    })),
  }
}

export function createFolderIndex(now: () => number = Date.now) {
  const cache = new Map<string, { at: number; listing: Promise<FolderListing> }>()

  async function scan(
    client: NomadClient,
    uploadId: string,
    path: string,
    signal: AbortSignal,
  ): Promise<FolderListing> {
    const first = await fetchFolderPage(client, uploadId, path, 1, SCAN_PAGE, signal)
    if (first.total > MAX_FILES)
      throw new AppError(
        'invalid_input',
        `The folder "${path || '/'}" holds ${first.total.toLocaleString('en-US')} files; sorting and filtering stop at ${MAX_FILES.toLocaleString('en-US')}. Browse it in name order instead.`,
      )
    const items = [...first.items]
    const pages = Math.ceil(first.total / SCAN_PAGE)
    for (let page = 2; page <= pages; page++) {
      const next = await fetchFolderPage(client, uploadId, path, page, SCAN_PAGE, signal)
      items.push(...next.items)
    }
    return { path: first.path, access: first.access, items }
  }

  /** The whole folder, from the cache when read less than a minute ago. */
  function listing(
    serverId: string,
    client: NomadClient,
    uploadId: string,
    path: string,
    signal: AbortSignal,
  ): Promise<FolderListing> {
    const key = JSON.stringify([serverId, uploadId, path])
    const hit = cache.get(key)
    if (hit && now() - hit.at < KEEP_MS) return hit.listing
    const read = scan(client, uploadId, path, signal)
    cache.set(key, { at: now(), listing: read })
    // A failed or cancelled read is not kept: the next call tries again.
    read.catch(() => cache.delete(key))
    if (cache.size > CACHED_FOLDERS) {
      const oldest = cache.keys().next().value
      if (oldest !== undefined) cache.delete(oldest)
    }
    return read
  }

  return { listing }
}
export type FolderIndex = ReturnType<typeof createFolderIndex>
