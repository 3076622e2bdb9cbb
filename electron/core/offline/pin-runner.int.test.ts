import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest'
import { startSession } from '../api/test-support/sandbox-session'
import { openEmbeddedDb, type EmbeddedDb } from '../storage/embedded-db'
import type { PinRecord } from './library-records'
import { OfflineLibrary } from './offline-library'
import { OfflineSearch } from './offline-search'
import { runPin } from './pin-runner'
import { testPin } from './testing/pin-record'

let session: Awaited<ReturnType<typeof startSession>>
let db: EmbeddedDb
let dir: string
let library: OfflineLibrary

function pin(id: string, source: PinRecord['source'], limit = 10_000): PinRecord {
  return testPin({ pinId: id, label: id, source, limit })
}

beforeAll(async () => {
  session = await startSession({ entries: 120 })
})
afterAll(() => session.close())
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nomad-pins-'))
  db = await openEmbeddedDb(dir)
  library = new OfflineLibrary(db)
})
afterEach(async () => {
  await db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('pinning', () => {
  it('keeps a search up to its limit, with the archive summary of each entry', async () => {
    const done = await runPin(
      { client: session.client, library, pageSize: 10, now: () => 42 },
      pin('limited', { kind: 'search', query: { published: true }, owner: 'public' }, 25),
    )
    expect(done).toMatchObject({ state: 'complete', phase: 'done', entries: 25, syncedAt: 42 })
    expect(done.matched).toBeGreaterThan(25)
    const kept = [...library.entriesOf('sandbox')].map((head) =>
      library.entry('sandbox', head.doc.entry_id),
    )
    expect(kept).toHaveLength(25)
    let withCalculation = 0
    for (const entry of kept) {
      if (entry === undefined) throw new Error('a kept entry is unreadable')
      expect(entry.doc.published).toBe(true)
      expect(Object.keys(entry.archive ?? {})).toEqual(
        expect.arrayContaining(['metadata', 'results']),
      )
      // `calculation[-1]` arrives as a list of one: the last calculation only, which is kept at
      // its real index (the list at its length, null for the items not kept), so the last
      // calculation's `system_ref` (`#/run/0/system/<last>`) points at the pinned system.
      const run = (
        entry.archive?.run as
          { calculation?: ({ system_ref?: string } | null)[]; system?: unknown[] }[] | undefined
      )?.[0]
      if (run?.calculation && run.system) {
        const last = run.calculation.length - 1
        expect(run.calculation.slice(0, last).every((item) => item === null)).toBe(true)
        const ref = run.calculation[last]?.system_ref ?? ''
        const index = Number(/system\/(\d+)$/.exec(ref)?.[1])
        expect(run.system[index]).toEqual(expect.objectContaining({}))
        expect(run.system[index]).not.toBeNull()
        withCalculation++
      }
    }
    expect(withCalculation).toBeGreaterThan(0)
    expect(done.bytes).toBeGreaterThan(25 * 1000)
  })

  it('resumes an interrupted pin from its cursor without keeping anything twice', async () => {
    const controller = new AbortController()
    let pages = 0
    const counting = new Proxy(session.client.entries, {
      get(target, key, receiver) {
        if (key !== 'query') return Reflect.get(target, key, receiver) as unknown
        return async (...args: Parameters<typeof target.query>) => {
          const answer = await target.query(...args)
          if (++pages === 3) controller.abort()
          return answer
        }
      },
    })
    const client = Object.assign(Object.create(session.client) as typeof session.client, {
      entries: counting,
    })
    const source = { kind: 'search', query: {}, owner: 'public' } as const
    const paused = await runPin(
      { client, library, pageSize: 10, signal: controller.signal },
      pin('resumed', source),
    )
    expect(paused.state).toBe('paused')
    expect(paused.message).toMatch(/resumes where it stopped/)
    expect(paused.entries).toBeGreaterThanOrEqual(20)
    expect(paused.cursor).toBeDefined()

    const done = await runPin({ client: session.client, library, pageSize: 10 }, paused)
    const whole = await runPin(
      { client: session.client, library, pageSize: 50 },
      pin('whole', source),
    )
    expect(done.state).toBe('complete')
    expect(done.entries).toBe(whole.entries)
    expect([...library.entriesOf('sandbox')]).toHaveLength(whole.entries)
  })

  it('removing a pin keeps the entries another pin still holds', async () => {
    const client = session.client
    const all = await runPin(
      { client, library },
      pin('all', { kind: 'search', query: {}, owner: 'public' }),
    )
    const first = [...library.entriesOf('sandbox')][0]!
    const one = await runPin(
      { client, library },
      pin('one', { kind: 'entries', entryIds: [first.doc.entry_id] }),
    )
    expect(one).toMatchObject({ state: 'complete', entries: 1 })
    await library.removePin('all')
    expect([...library.entriesOf('sandbox')].map((e) => e.doc.entry_id)).toEqual([
      first.doc.entry_id,
    ])
    expect(all.entries).toBeGreaterThan(1)
    await library.removePin('one')
    expect([...library.entriesOf('sandbox')]).toEqual([])
    expect(new OfflineSearch(library).size('sandbox')).toBe(0)
  })

  it('an upload pin keeps the upload’s entries; a failed request says why', async () => {
    const first = await session.client.entries.query({ pagination: { page_size: 1 } })
    const upload = { upload_id: first.data[0]!.upload_id! }
    const done = await runPin(
      { client: session.client, library },
      pin('upload', { kind: 'upload', uploadId: upload.upload_id }),
    )
    expect(done.state).toBe('complete')
    expect(
      [...library.entriesOf('sandbox')].every((e) => e.doc.upload_id === upload.upload_id),
    ).toBe(true)
    const failed = await runPin(
      { client: session.client, library },
      pin('bad', { kind: 'search', query: { no_such_quantity: 1 }, owner: 'public' }),
    )
    expect(failed.state).toBe('failed')
    expect(failed.message).toMatch(/no_such_quantity/)
    expect(library.getPin('bad')?.state).toBe('failed')
  })
})
