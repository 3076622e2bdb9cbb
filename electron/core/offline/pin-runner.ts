import { AppError } from '../../../shared/errors'
import type { Owner } from '../../../shared/api/common'
import type { JsonValue } from '../../../shared/api'
import type { NomadClient } from '../api/nomad-client'
import { ARCHIVE_PAGE } from '../downloads/planner'
import { checkDisk, diskFullMessage, type DiskGuard } from './disk-guard'
import { withListLengths } from './list-lengths'
import type { OfflineLibrary } from './offline-library'
import type { PinRecord, PinSource } from './library-records'

/**
 * Fills a pin: entry metadata page by page (POST /entries/query along entry_id with a cursor),
 * then the archive summaries of the entries it keeps, 100 per request (POST
 * /entries/archive/query). Each page is stored with the pin's cursor in one transaction, so an
 * interrupted pin (closed app, crash, lost network) resumes where it stopped and never keeps
 * half a page. Requests go through the client's background lane: searches stay responsive.
 */

type Json = Record<string, unknown>

/** Entries per metadata request (well below NOMAD's page size limit of 10 000). */
export const PIN_PAGE = 1000

export interface PinRunnerDeps {
  client: NomadClient
  library: OfflineLibrary
  signal?: AbortSignal
  now?: () => number
  pageSize?: number
  /** Called after every stored page with the pin as stored (progress for the library screen). */
  onProgress?: (pin: PinRecord) => void
  /** Checked before every page: a (nearly) full disk pauses the pin (disk-guard.ts). */
  disk?: DiskGuard
}

/** The query and owner that select a pin's entries on the server. */
export function pinQuery(source: PinSource): { query: Json; owner: Owner } {
  switch (source.kind) {
    case 'search':
      return { query: (source.query ?? {}) as Json, owner: source.owner }
    case 'entries':
      return { query: { 'entry_id:any': source.entryIds }, owner: 'visible' }
    case 'upload':
      return { query: { upload_id: source.uploadId }, owner: 'visible' }
  }
}

/** Runs (or resumes) a pin to its end; returns the pin as stored last. Never throws. */
export async function runPin(deps: PinRunnerDeps, start: PinRecord): Promise<PinRecord> {
  const { library } = deps
  let pin: PinRecord = { ...start, state: 'pinning' }
  pin = await saved(library, pin, { message: undefined })
  try {
    if (pin.phase === 'metadata') pin = await fetchMetadata(deps, pin)
    if (pin.phase === 'archives') pin = await fetchArchives(deps, pin)
    const now = deps.now?.() ?? Date.now()
    return await saved(library, pin, { state: 'complete', phase: 'done', syncedAt: now })
  } catch (error) {
    return halted(deps, pin, error)
  }
}

/**
 * The abort reason when the app closes: the pin stays 'pinning' (not paused), so the next start
 * resumes it as after a crash; a pause is the user's.
 */
export const CLOSING = 'the app is closing'

/** Stores why a pin or sync stopped: paused (asked to, or the disk is full) or failed. */
export async function halted(
  deps: PinRunnerDeps,
  pin: PinRecord,
  error: unknown,
): Promise<PinRecord> {
  const latest = deps.library.getPin(pin.pinId) ?? pin
  if (deps.signal?.aborted === true && deps.signal.reason === CLOSING) return latest
  if (deps.signal?.aborted === true)
    return saved(deps.library, latest, {
      state: 'paused',
      message: 'Paused; resumes where it stopped.',
    })
  const full = diskFullMessage(error)
  if (full !== undefined) return saved(deps.library, latest, { state: 'paused', message: full })
  return saved(deps.library, latest, { state: 'failed', message: failureMessage(error) })
}

/** The archive summaries (`required`) of `ids`, at most ARCHIVE_PAGE per request. */
export async function archivesOf(
  deps: PinRunnerDeps,
  required: Json,
  ids: readonly string[],
): Promise<Map<string, Json>> {
  const archives = new Map<string, Json>()
  for (let at = 0; at < ids.length; at += ARCHIVE_PAGE) {
    const chunk = ids.slice(at, at + ARCHIVE_PAGE)
    const answer = await deps.client.archive.query(
      {
        owner: 'visible',
        query: { 'entry_id:any': chunk },
        pagination: { page_size: chunk.length },
        required: required as JsonValue,
      },
      { lane: 'background', ...(deps.signal ? { signal: deps.signal } : {}) },
    )
    const fetched = new Map<string, Json>()
    for (const item of answer.data) fetched.set(item.entry_id, item.archive)
    // Sliced lists at their real lengths, so references keep the server's indices.
    const complete = await withListLengths(deps.client, required, fetched, {
      lane: 'background',
      ...(deps.signal ? { signal: deps.signal } : {}),
    })
    for (const [id, archive] of complete) archives.set(id, archive)
  }
  return archives
}

async function fetchMetadata(deps: PinRunnerDeps, start: PinRecord): Promise<PinRecord> {
  const { client, library } = deps
  const { query, owner } = pinQuery(start.source)
  let pin = start
  for (;;) {
    const remaining = pin.limit - pin.entries
    if (remaining <= 0) break
    await checkDisk(deps.disk)
    const answer = await client.entries.query(
      {
        owner,
        query: query as JsonValue,
        pagination: {
          page_size: Math.min(deps.pageSize ?? PIN_PAGE, remaining),
          order_by: 'entry_id',
          ...(pin.cursor !== undefined ? { page_after_value: pin.cursor } : {}),
        },
      },
      { lane: 'background', ...(deps.signal ? { signal: deps.signal } : {}) },
    )
    const docs = answer.data.slice(0, remaining) as Json[]
    const next = answer.pagination.next_page_after_value ?? undefined
    const now = deps.now?.() ?? Date.now()
    pin = await library.storeEntries(pin, docs, now, () => ({
      cursor: next ?? undefined,
      matched: answer.pagination.total,
    }))
    deps.onProgress?.(pin)
    if (next === undefined || docs.length === 0) break
  }
  return library.storeEntries(pin, [], deps.now?.() ?? Date.now(), () => ({
    cursor: undefined,
    phase: 'archives',
  }))
}

async function fetchArchives(deps: PinRunnerDeps, start: PinRecord): Promise<PinRecord> {
  const { library } = deps
  const required = start.archiveRequired
  if (required === null) return start
  const missing: string[] = []
  for (const entry of library.entriesOf(start.serverId))
    if (entry.pins.includes(start.pinId) && !entry.archived) missing.push(entry.doc.entry_id)
  let pin = start
  for (let at = 0; at < missing.length; at += ARCHIVE_PAGE) {
    await checkDisk(deps.disk)
    const archives = await archivesOf(deps, required, missing.slice(at, at + ARCHIVE_PAGE))
    pin = await library.storeArchives(pin, archives, {})
    deps.onProgress?.(pin)
  }
  return pin
}

export function saved(library: OfflineLibrary, pin: PinRecord, change: Partial<PinRecord>) {
  const next: PinRecord = { ...pin, ...change }
  if (change.message === undefined && 'message' in change) delete next.message
  return library.savePin(next).then(() => next)
}

function failureMessage(error: unknown): string {
  if (error instanceof AppError) return error.message
  return `The pin stopped: ${(error as Error | undefined)?.message ?? String(error)}`
}
