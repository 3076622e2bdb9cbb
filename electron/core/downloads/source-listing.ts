import { isRawdirDirectory, type JsonValue, type Owner } from '../../../shared/api'
import type { DownloadSource } from '../../../shared/ipc/channels/downloads'
import type { NomadClient } from '../api/nomad-client'

/** A file the server listed for a job: where it is in its upload, and how big it says it is. */
export interface FileRef {
  uploadId: string
  /** Relative to the upload's root, "/"-separated. */
  path: string
  size: number | null
  entryId?: string
}

/** What a source covers: its entries and the files of their folders (deduplicated). */
export interface SourceListing {
  entries: number
  entryIds: string[]
  uploadIds: string[]
  files: FileRef[]
  /** Files per entry, in the order listed (for grouping entries into zips). */
  filesOfEntry: Map<string, FileRef[]>
}

/** Entries per rawdir page: NOMAD's maximum page size. */
export const ENTRY_PAGE = 1000
/** Ids per query when a selection is looked up (keeps the JSON body small). */
const IDS_PER_QUERY = 1000
/** Children per folder listing page. */
const FOLDER_PAGE = 1000

const background = (signal?: AbortSignal) => ({
  lane: 'background' as const,
  ...(signal ? { signal } : {}),
})

/**
 * Lists the files of a raw-file source with sizes: searches and selections through
 * POST /entries/rawdir/query paged by after-value (never above the server's per-request limit),
 * uploads and their folders through GET /uploads/{id}/rawdir walked page by page. Archive
 * sources are counted only (their files are named while they download).
 */
export async function listSource(
  client: NomadClient,
  source: DownloadSource,
  signal?: AbortSignal,
): Promise<SourceListing> {
  const listing = emptyListing()
  switch (source.kind) {
    case 'search':
      await listEntries(client, { owner: source.owner, query: source.query }, listing, signal)
      break
    case 'entries':
      for (let i = 0; i < source.entryIds.length; i += IDS_PER_QUERY) {
        const ids = source.entryIds.slice(i, i + IDS_PER_QUERY)
        await listEntries(
          client,
          { owner: 'visible', query: { 'entry_id:any': ids } },
          listing,
          signal,
        )
      }
      break
    case 'upload':
      await walkFolder(client, source.uploadId, '', listing, signal)
      listing.uploadIds.push(source.uploadId)
      break
    case 'upload-paths':
      for (const path of source.paths)
        await listPath(client, source.uploadId, path, listing, signal)
      listing.uploadIds.push(source.uploadId)
      break
    case 'archive': {
      const page = await client.entries.query(
        { owner: source.owner, query: source.query, pagination: { page_size: 0 } },
        background(signal),
      )
      listing.entries = page.pagination.total
      break
    }
  }
  return listing
}

function emptyListing(): SourceListing {
  return { entries: 0, entryIds: [], uploadIds: [], files: [], filesOfEntry: new Map() }
}

async function listEntries(
  client: NomadClient,
  search: { owner: Owner; query: JsonValue },
  listing: SourceListing,
  signal?: AbortSignal,
): Promise<void> {
  const seen = new Set(listing.files.map(key))
  const uploads = new Set(listing.uploadIds)
  let after: string | undefined
  for (;;) {
    const page = await client.files.entriesRawdirQuery(
      {
        owner: search.owner,
        query: search.query,
        pagination: {
          page_size: ENTRY_PAGE,
          order_by: 'entry_id',
          ...(after === undefined ? {} : { page_after_value: after }),
        },
      },
      background(signal),
    )
    for (const entry of page.data) {
      listing.entries += 1
      listing.entryIds.push(entry.entry_id)
      uploads.add(entry.upload_id)
      const own: FileRef[] = []
      for (const file of entry.files) {
        const ref = {
          uploadId: entry.upload_id,
          path: file.path,
          size: file.size,
          entryId: entry.entry_id,
        }
        own.push(ref)
        if (seen.has(key(ref))) continue
        seen.add(key(ref))
        listing.files.push(ref)
      }
      listing.filesOfEntry.set(entry.entry_id, own)
    }
    const next = page.pagination.next_page_after_value
    if (next === undefined || next === null || page.data.length === 0) break
    after = next
  }
  listing.uploadIds = [...uploads]
}

async function listPath(
  client: NomadClient,
  uploadId: string,
  path: string,
  listing: SourceListing,
  signal?: AbortSignal,
): Promise<void> {
  if (path === '') return walkFolder(client, uploadId, '', listing, signal)
  const answer = await client.files.uploadRawdir(
    uploadId,
    path,
    { page_size: 1 },
    background(signal),
  )
  if (isRawdirDirectory(answer)) return walkFolder(client, uploadId, path, listing, signal)
  listing.files.push({ uploadId, path, size: answer.file_metadata.size })
}

async function walkFolder(
  client: NomadClient,
  uploadId: string,
  folder: string,
  listing: SourceListing,
  signal?: AbortSignal,
): Promise<void> {
  const folders = [folder]
  for (let current = folders.pop(); current !== undefined; current = folders.pop()) {
    for (let page = 1; ; page += 1) {
      const answer = await client.files.uploadRawdir(
        uploadId,
        current,
        { page_size: FOLDER_PAGE, page },
        background(signal),
      )
      if (!isRawdirDirectory(answer)) break
      for (const item of answer.directory_metadata.content) {
        const path = current === '' ? item.name : `${current}/${item.name}`
        if (item.is_file)
          listing.files.push({
            uploadId,
            path,
            size: item.size,
            ...(item.entry_id === undefined ? {} : { entryId: item.entry_id }),
          })
        else folders.push(path)
      }
      if (page * FOLDER_PAGE >= answer.pagination.total) break
    }
  }
}

const key = (ref: FileRef) => `${ref.uploadId}/${ref.path}`
