import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openEmbeddedDb, type EmbeddedDb } from '../storage/embedded-db'
import type { PinRecord } from './library-records'
import { OfflineLibrary } from './offline-library'
import { OfflineSearch } from './offline-search'

let dir: string
let db: EmbeddedDb
let library: OfflineLibrary

const pin: PinRecord = {
  pinId: 'p1',
  serverId: 's',
  serverName: 'S',
  label: 'Three entries',
  source: { kind: 'entries', entryIds: ['a', 'b', 'c'] },
  limit: 10,
  archiveRequired: null,
  state: 'pinning',
  createdAt: 1,
  entries: 0,
  bytes: 0,
  phase: 'metadata',
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nomad-offline-lib-'))
  db = await openEmbeddedDb(dir)
  library = new OfflineLibrary(db)
})
afterEach(async () => {
  await db.close()
  rmSync(dir, { recursive: true, force: true })
})

const doc = (entry_id: string, n: number) => ({
  entry_id,
  results: { material: { n_elements: n } },
})

describe('the offline library', () => {
  it('counts each entry once per pin and keeps what it stored across a reopen', async () => {
    await library.savePin(pin)
    let stored = await library.storeEntries(pin, [doc('a', 1), doc('b', 2)], 5, () => ({}))
    stored = await library.storeEntries(stored, [doc('b', 2), doc('c', 3)], 6, () => ({}))
    expect(stored.entries).toBe(3)
    expect(stored.bytes).toBeGreaterThan(0)
    await db.close()
    db = await openEmbeddedDb(dir)
    library = new OfflineLibrary(db)
    expect(library.getPin('p1')?.entries).toBe(3)
    expect([...library.entriesOf('s')].map((e) => [e.doc.entry_id, e.syncedAt])).toEqual([
      ['a', 5],
      ['b', 6],
      ['c', 6],
    ])
  })

  it('skips and reports a damaged record; searches still answer from the rest', async () => {
    await library.savePin(pin)
    await library.storeEntries(pin, [doc('a', 1), doc('b', 2), doc('c', 3)], 5, () => ({}))
    const raw = db.openDB<unknown, string[]>('offline-entries')
    await raw.put(['s', 'b'], { doc: 'not an object', pins: [] })
    await library.storeEntries(pin, [], 7, () => ({}))
    const answer = new OfflineSearch(library).query('s', {
      query: { 'results.material.n_elements:gte': 1 },
    })
    expect(answer.pagination.total).toBe(2)
    expect(answer.data.map((d) => d.entry_id)).toEqual(['a', 'c'])
    expect(library.damaged()).toEqual([{ key: 'entry s/b', problem: expect.any(String) as string }])
  })

  it('an invalid query gets the query library’s message, not a crash', () => {
    const search = new OfflineSearch(library)
    expect(() => search.query('s', { query: { 'no.such.quantity': 1 } })).toThrow(
      /no\.such\.quantity/,
    )
    expect(() => search.query('s', { pagination: { order_by: 'no_such' } })).toThrow(/no_such/)
  })

  it('the first search after the start-up scan uses what the scan read, unless the entries changed meanwhile', async () => {
    await library.savePin(pin)
    await library.storeEntries(pin, [doc('a', 1), doc('b', 2), doc('c', 3)], 5, () => ({}))
    const body = { query: { 'results.material.n_elements:gte': 2 }, pagination: { page_size: 5 } }
    const expected = new OfflineSearch(library).query('s', body)

    let reads = 0
    const counting = Object.create(library) as OfflineLibrary
    counting.entriesOf = function* (serverId: string) {
      reads += 1
      yield* library.entriesOf(serverId)
    }
    const warmed = new OfflineSearch(counting)
    const collector = warmed.collector()
    await library.scan((serverId, entry) => collector.add(serverId, entry))
    collector.done()
    expect(warmed.query('s', body)).toEqual(expected)
    expect(reads).toBe(0)

    // Entries stored while the scan ran: what it read is stale, and the search reads afresh.
    const late = new OfflineSearch(counting)
    const lateCollector = late.collector()
    await library.scan((serverId, entry) => lateCollector.add(serverId, entry))
    await library.storeEntries(pin, [doc('d', 4)], 6, () => ({}))
    lateCollector.done()
    expect(late.query('s', body).pagination.total).toBe(3)
    expect(reads).toBe(1)
  })
})
