import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSession } from '../api/test-support/sandbox-session'
import { openEmbeddedDb, type EmbeddedDb } from '../storage/embedded-db'
import { post } from '../../sandbox/testing/harness'
import type { Sandbox } from '../../sandbox'
import type { PinRecord } from './library-records'
import { testPin } from './testing/pin-record'
import { OfflineLibrary } from './offline-library'
import { runPin } from './pin-runner'
import { runSync, startAddNew, startSync } from './sync-runner'

// A sync against the sandbox's revised data (--revised: one upload published, one withdrawn,
// every fifth comment revised) reports exactly the entries that differ, updates and removes
// them, resumes after an interruption without counting twice, and pins the new ones on request.

type Session = Awaited<ReturnType<typeof startSession>>
let before: Session
let after: Session
let db: EmbeddedDb
let dir: string
let library: OfflineLibrary
let clock = 1_000

const now = () => (clock += 1)

async function publicDocs(sandbox: Sandbox) {
  const page = await post<{ data: { entry_id: string }[] }>(sandbox, '/entries/query', {
    owner: 'public',
    pagination: { page_size: 1000 },
  })
  return new Map(page.body.data.map((doc) => [doc.entry_id, JSON.stringify(doc)]))
}

const newPin = (limit = 10_000, archives = true) =>
  testPin({ limit, ...(archives ? {} : { archiveRequired: null }) })

beforeAll(async () => {
  before = await startSession({ entries: 120 })
  after = await startSession({ entries: 120, revised: true })
})
afterAll(async () => {
  await before.close()
  await after.close()
})
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nomad-sync-'))
  db = await openEmbeddedDb(dir)
  library = new OfflineLibrary(db)
})
afterEach(async () => {
  await db.close()
  rmSync(dir, { recursive: true, force: true })
})

async function pinned(archives = true): Promise<PinRecord> {
  const pin = await runPin(
    { client: before.client, library, pageSize: 25, now },
    newPin(10_000, archives),
  )
  expect(pin.state).toBe('complete')
  return pin
}

describe('sync', () => {
  it('reports new, removed and changed entries and updates the pin', async () => {
    const old = await publicDocs(before.sandbox)
    const revised = await publicDocs(after.sandbox)
    const added = [...revised.keys()].filter((id) => !old.has(id))
    const removed = [...old.keys()].filter((id) => !revised.has(id))
    const changed = [...revised.keys()].filter(
      (id) => old.has(id) && old.get(id) !== revised.get(id),
    )
    expect(added.length * removed.length * changed.length).toBeGreaterThan(0)

    const pin = await pinned(false)
    const synced = await runSync(
      { client: after.client, library, pageSize: 25, now },
      startSync(pin, now()),
    )
    expect(synced).toMatchObject({ state: 'complete', phase: 'done' })
    expect(synced.sync).toBeUndefined()
    const report = synced.lastSync
    expect(report).toMatchObject({
      added: added.length,
      removed: removed.length,
      changed: changed.length,
      unchanged: old.size - removed.length - changed.length,
      newPinned: 0,
    })
    const listed = (kind: string) =>
      (report?.items ?? [])
        .filter((item) => item.change === kind)
        .map((item) => item.entryId)
        .sort()
    expect(listed('added')).toEqual(added.sort())
    expect(listed('removed')).toEqual(removed.sort())
    expect(listed('changed')).toEqual(changed.sort())
    // The pin now holds the server's current copy of every entry it kept.
    const stored = [...library.entriesOf('sandbox')]
    expect(stored).toHaveLength(old.size - removed.length)
    expect(synced.entries).toBe(stored.length)
    for (const entry of stored)
      expect(entry.doc).toEqual(JSON.parse(revised.get(entry.doc.entry_id) ?? '{}'))

    // New entries are only listed; pinning them keeps them, and a second sync finds nothing.
    const adding = startAddNew(synced)
    expect(adding?.sync).toMatchObject({ kind: 'add', done: 0 })
    const grown = await runSync(
      { client: after.client, library, pageSize: 25, now },
      adding as PinRecord,
    )
    expect(grown.entries).toBe(revised.size)
    expect(grown.lastSync?.newPinned).toBe(added.length)
    const again = await runSync({ client: after.client, library, now }, startSync(grown, now()))
    expect(again.lastSync).toMatchObject({
      added: 0,
      removed: 0,
      changed: 0,
      unchanged: revised.size,
    })
  })

  it('compares archive summaries too, and resumes an interrupted sync without counting twice', async () => {
    const pin = await pinned(true)
    const whole = await runSync(
      { client: after.client, library, pageSize: 10, now },
      startSync(pin, now()),
    )
    // Back to the first revision's copy, then a sync interrupted after its first page.
    await library.removePin('p')
    const again = await pinned(true)
    const controller = new AbortController()
    let pages = 0
    const paused = await runSync(
      {
        client: after.client,
        library,
        pageSize: 10,
        now,
        signal: controller.signal,
        onProgress: () => {
          pages += 1
          if (pages === 1) controller.abort()
        },
      },
      startSync(again, now()),
    )
    expect(paused.state).toBe('paused')
    const progress = paused.sync?.kind === 'sync' ? paused.sync : undefined
    expect((progress?.seen ?? 0) + (progress?.added ?? 0)).toBe(10)
    const resumed = await runSync({ client: after.client, library, pageSize: 10, now }, paused)
    const counts = (p: PinRecord) => ({ ...p.lastSync, startedAt: 0, finishedAt: 0 })
    expect(counts(resumed)).toEqual(counts(whole))
    expect(resumed.entries).toBe(whole.entries)
    expect(resumed.bytes).toBe(whole.bytes)
  })

  it('keeps a limited search at its limit: new entries beyond it are listed, not pinned', async () => {
    const pin = await runPin({ client: before.client, library, now }, newPin(30, false))
    const synced = await runSync({ client: after.client, library, now }, startSync(pin, now()))
    const report = synced.lastSync
    expect((report?.unchanged ?? 0) + (report?.changed ?? 0) + (report?.removed ?? 0)).toBe(30)
    const adding = startAddNew(synced)
    const room = 30 - synced.entries
    if (room === 0) expect(adding).toBeUndefined()
    else expect(adding?.sync).toMatchObject({ kind: 'add' })
  })

  it('finds a damaged entry at start and repairs it with a re-sync of its pin', async () => {
    const pin = await pinned(false)
    const victim = [...library.entriesOf('sandbox')][3]?.doc.entry_id ?? ''
    await db.openDB<unknown, string[]>('offline-entries').put(['sandbox', victim], {
      doc: 'torn',
      pins: ['p'],
    })
    const reopened = new OfflineLibrary(db)
    expect(await reopened.scan()).toEqual([
      { key: `entry sandbox/${victim}`, problem: expect.any(String) as string, pinIds: ['p'] },
    ])
    expect([...reopened.entriesOf('sandbox')]).toHaveLength(pin.entries - 1)
    const repaired = await runSync(
      { client: before.client, library: reopened, now },
      startSync(pin, now()),
    )
    expect(repaired.lastSync).toMatchObject({ added: 0, removed: 0, changed: 1 })
    expect(repaired.lastSync?.items.map((item) => item.entryId)).toEqual([victim])
    expect(reopened.damaged()).toEqual([])
    expect(reopened.entry('sandbox', victim)?.pins).toEqual(['p'])
  })
})
