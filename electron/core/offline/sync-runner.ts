import { createHash } from 'node:crypto'
import type { JsonValue } from '../../../shared/api'
import { checkDisk } from './disk-guard'
import type { PinRecord, StoredEntry } from './library-records'
import { recordBytes, type LibraryTables } from './offline-library'
import { archivesOf, halted, PIN_PAGE, pinQuery, saved, type PinRunnerDeps } from './pin-runner'
import { emptyTally, REPORT_ITEMS, type SyncChange, type SyncTally } from './sync-records'

/**
 * Syncs a pin with its server (docs/offline.md, "Sync"). The pass walks the pin's source in
 * entry id order like the pin did, page by page, fetching the archive summaries of the entries
 * the pin keeps with each page; per entry it compares a digest of what is stored with what the
 * server sends (metadata and summary), updates the record and tallies it as changed or
 * unchanged; entries the pin does not keep are listed as new (the user may pin them after,
 * `addNew`). Each page, its tally and the cursor land in one transaction, so a sync interrupted
 * at any moment resumes after its last page and counts nothing twice. An entry the pass updates
 * gets `syncedAt` ≥ the sync's start; at the end, the pin's entries with an older `syncedAt`
 * were not seen and are removed (with the report, in one transaction).
 */

type Json = Record<string, unknown>
type Doc = StoredEntry['doc']

/** A digest of a stored value: the same JSON from the same server gives the same digest. */
export const digest = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value) ?? '')
    .digest('base64')

const nameOf = (doc: Json): string => {
  const name = [doc.entry_name, doc.mainfile, doc.entry_id].find((v) => typeof v === 'string')
  return typeof name === 'string' ? name.slice(0, 200) : ''
}

function note(tally: SyncTally, change: SyncChange['change'], doc: Json) {
  tally[change] += 1
  if (tally.items.length < REPORT_ITEMS)
    tally.items.push({ entryId: String(doc.entry_id), name: nameOf(doc), change })
}

/** The archive summaries the pin keeps for `docs` (none when it keeps metadata only). */
function summariesOf(deps: PinRunnerDeps, pin: PinRecord, docs: readonly Doc[]) {
  if (pin.archiveRequired === null) return Promise.resolve(new Map<string, Json>())
  return archivesOf(
    deps,
    pin.archiveRequired,
    docs.map((doc) => doc.entry_id),
  )
}

/** The start of a sync: after every entry stored so far, so that "not seen" is well defined. */
export function startSync(pin: PinRecord, now: number): PinRecord {
  const startedAt = Math.max(now, (pin.syncedAt ?? 0) + 1)
  const next: PinRecord = {
    ...pin,
    state: 'pinning',
    sync: { kind: 'sync', startedAt, seen: 0, ...emptyTally() },
  }
  delete next.message
  return next
}

/** The new entries of the last report, to pin (at most the pin's limit). */
export function startAddNew(pin: PinRecord): PinRecord | undefined {
  const room = Math.max(0, pin.limit - pin.entries)
  const ids = (pin.lastSync?.items ?? [])
    .filter((item) => item.change === 'added')
    .map((item) => item.entryId)
    .slice(0, room)
  if (ids.length === 0) return undefined
  const next: PinRecord = {
    ...pin,
    state: 'pinning',
    sync: { kind: 'add', entryIds: ids, done: 0 },
  }
  delete next.message
  return next
}

/** Runs (or resumes) the pin's sync or its pinning of new entries; never throws. */
export async function runSync(deps: PinRunnerDeps, start: PinRecord): Promise<PinRecord> {
  let pin = await saved(deps.library, { ...start, state: 'pinning' }, { message: undefined })
  try {
    if (pin.sync?.kind === 'sync') pin = await compare(deps, pin)
    if (pin.sync?.kind === 'add') pin = await addNew(deps, pin)
    return pin
  } catch (error) {
    return halted(deps, pin, error)
  }
}

async function compare(deps: PinRunnerDeps, start: PinRecord): Promise<PinRecord> {
  const { client, library } = deps
  const { query, owner } = pinQuery(start.source)
  let pin = start
  for (;;) {
    const sync = pin.sync
    if (sync?.kind !== 'sync') return pin
    // The first `limit` matches, and every entry kept, are enough to compare.
    const window = sync.seen + sync.added
    if ((sync.seen >= pin.entries && window >= pin.limit) || window >= pin.limit + pin.entries)
      break
    await checkDisk(deps.disk)
    const answer = await client.entries.query(
      {
        owner,
        query: query as JsonValue,
        pagination: {
          page_size: deps.pageSize ?? PIN_PAGE,
          order_by: 'entry_id',
          ...(sync.cursor !== undefined ? { page_after_value: sync.cursor } : {}),
        },
      },
      { lane: 'background', ...(deps.signal ? { signal: deps.signal } : {}) },
    )
    const docs = answer.data as Doc[]
    const kept = docs.filter((doc) =>
      library.entry(pin.serverId, doc.entry_id)?.pins.includes(pin.pinId),
    )
    const archives = await summariesOf(deps, pin, kept)
    const cursor = answer.pagination.next_page_after_value ?? undefined
    const now = Math.max(deps.now?.() ?? Date.now(), sync.startedAt)
    pin = await library.write(pin.serverId, (t) =>
      comparePage(
        t,
        library.getPin(pin.pinId) ?? pin,
        docs,
        archives,
        now,
        cursor,
        answer.pagination.total,
      ),
    )
    deps.onProgress?.(pin)
    if (cursor === undefined || docs.length === 0) break
  }
  return finish(deps, pin)
}

function comparePage(
  t: LibraryTables,
  pin: PinRecord,
  docs: readonly Doc[],
  archives: ReadonlyMap<string, Json>,
  now: number,
  cursor: string | undefined,
  matched: number,
): PinRecord {
  if (pin.sync?.kind !== 'sync') return pin
  const tally = { ...pin.sync, items: [...pin.sync.items] }
  let bytes = pin.bytes
  for (const doc of docs) {
    const old = t.entry(pin.serverId, doc.entry_id)
    const damaged = old === undefined && t.exists(pin.serverId, doc.entry_id)
    if (!damaged && !old?.pins.includes(pin.pinId)) {
      note(tally, 'added', doc)
      continue
    }
    const archive = archives.get(doc.entry_id) ?? old?.archive
    const record: StoredEntry = {
      doc,
      ...(archive ? { archive } : {}),
      // A damaged record is rewritten whole: this pin keeps it again.
      pins: old?.pins ?? [pin.pinId],
      syncedAt: now,
    }
    const same =
      old !== undefined &&
      digest(old.doc) === digest(doc) &&
      digest(old.archive ?? null) === digest(archive ?? null)
    if (same) tally.unchanged += 1
    else note(tally, 'changed', doc)
    tally.seen += 1
    bytes += recordBytes(record) - (old ? recordBytes(old) : 0)
    t.putEntry(pin.serverId, record)
  }
  const next: PinRecord = {
    ...pin,
    bytes: Math.max(0, bytes),
    matched,
    sync: { ...tally, cursor },
  }
  if (cursor === undefined && next.sync?.kind === 'sync') delete next.sync.cursor
  t.putPin(next)
  return next
}

/** Removes the kept entries the pass did not see, and stores the report. */
async function finish(deps: PinRunnerDeps, pin: PinRecord): Promise<PinRecord> {
  const { library } = deps
  const sync = pin.sync
  if (sync?.kind !== 'sync') return pin
  const unseen: StoredEntry[] = []
  for (const head of library.entriesOf(pin.serverId)) {
    if (!head.pins.includes(pin.pinId) || head.syncedAt >= sync.startedAt) continue
    // With its summary: it is counted in the pin's bytes, and kept if another pin keeps it.
    const entry = library.entry(pin.serverId, head.doc.entry_id)
    if (entry) unseen.push(entry)
  }
  const now = Math.max(deps.now?.() ?? Date.now(), sync.startedAt)
  return library.write(pin.serverId, (t) => {
    const current = library.getPin(pin.pinId) ?? pin
    const tally: SyncTally = {
      added: sync.added,
      removed: sync.removed,
      changed: sync.changed,
      unchanged: sync.unchanged,
      items: [...sync.items],
    }
    let { entries, bytes } = current
    for (const entry of unseen) {
      note(tally, 'removed', entry.doc)
      const pins = entry.pins.filter((id) => id !== pin.pinId)
      if (pins.length === 0) t.removeEntry(pin.serverId, entry.doc.entry_id)
      else t.putEntry(pin.serverId, { ...entry, pins })
      entries -= 1
      bytes -= recordBytes(entry)
    }
    const done: PinRecord = {
      ...current,
      entries: Math.max(0, entries),
      bytes: Math.max(0, bytes),
      state: 'complete',
      phase: 'done',
      syncedAt: now,
      lastSync: { ...tally, startedAt: sync.startedAt, finishedAt: now, newPinned: 0 },
    }
    delete done.sync
    delete done.message
    t.putPin(done)
    return done
  })
}

/** Pins the new entries a report listed: metadata and summaries, a chunk per transaction. */
async function addNew(deps: PinRunnerDeps, start: PinRecord): Promise<PinRecord> {
  const { client, library } = deps
  const { owner } = pinQuery(start.source)
  let pin = start
  const chunkSize = Math.min(deps.pageSize ?? PIN_PAGE, 100)
  for (;;) {
    const add = pin.sync
    if (add?.kind !== 'add') return pin
    const chunk = add.entryIds.slice(add.done, add.done + chunkSize)
    if (chunk.length === 0) break
    await checkDisk(deps.disk)
    const answer = await client.entries.query(
      { owner, query: { 'entry_id:any': chunk }, pagination: { page_size: chunk.length } },
      { lane: 'background', ...(deps.signal ? { signal: deps.signal } : {}) },
    )
    const docs = answer.data as Doc[]
    const archives = await summariesOf(deps, pin, docs)
    // Stored as of the last sync, so the next sync compares them like the others.
    const syncedAt = pin.syncedAt ?? deps.now?.() ?? Date.now()
    pin = await library.write(pin.serverId, (t) => {
      const current = library.getPin(pin.pinId) ?? pin
      let { entries, bytes } = current
      for (const doc of docs) {
        const old = t.entry(current.serverId, doc.entry_id)
        if (old?.pins.includes(current.pinId)) continue
        const archive = archives.get(doc.entry_id) ?? old?.archive
        const record: StoredEntry = {
          doc,
          ...(archive ? { archive } : {}),
          pins: [...(old?.pins ?? []), current.pinId],
          syncedAt,
        }
        t.putEntry(current.serverId, record)
        entries += 1
        bytes += recordBytes(record)
      }
      const next: PinRecord = {
        ...current,
        entries,
        bytes,
        sync: { kind: 'add', entryIds: add.entryIds, done: add.done + chunk.length },
      }
      t.putPin(next)
      return next
    })
    deps.onProgress?.(pin)
  }
  const added = pin.sync?.kind === 'add' ? pin.sync.done : 0
  const newIds = pin.sync?.kind === 'add' ? pin.sync.entryIds : []
  const done: PinRecord = {
    ...pin,
    state: 'complete',
    ...(pin.lastSync ? { lastSync: { ...pin.lastSync, newPinned: added } } : {}),
    // Their raw files are fetched next (pin-raw-files.ts); stored in the same write as the
    // pin's completion, so a restart in between still fetches them.
    ...(pin.rawFiles && newIds.length > 0
      ? { rawFiles: { ...pin.rawFiles, pending: [...(pin.rawFiles.pending ?? []), ...newIds] } }
      : {}),
  }
  delete done.sync
  return saved(library, done, {})
}
