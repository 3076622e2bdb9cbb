import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openEmbeddedDb, type EmbeddedDb } from '../storage/embedded-db'
import type { ApiRegistry } from '../api/client-registry'
import { silentLogger } from '../logging/logger'
import type { ServerProfiles } from '../servers/server-profiles'
import { until } from '../test-support/until'
import { OfflineLibrary } from './offline-library'
import { createOfflineManager } from './offline-manager'

// A library of layout 1 (each entry record holding its archive summary) opened by this version:
// it reads as before, the migration moves the summaries out in chunks, an interrupted migration
// resumes at the next open, and damaged summaries are still found — when read, and by the
// background pass — and listed with their pins.

let dir: string
let db: EmbeddedDb

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nomad-offline-layout-'))
  db = await openEmbeddedDb(dir)
})
afterEach(async () => {
  await db.close()
  rmSync(dir, { recursive: true, force: true })
})

const ids = Array.from({ length: 12 }, (_, i) => `e${String(i).padStart(2, '0')}`)
const summary = (id: string) => ({ results: { id }, metadata: { entry_id: id } })

/** Writes entry records as layout 1 did: the summary inside, no layout marker. */
async function layoutOne() {
  const entries = db.openDB<unknown, string[]>('offline-entries')
  await db.transaction(() => {
    for (const id of ids)
      entries.putSync(['s', id], {
        doc: { entry_id: id, n: 1 },
        ...(id === 'e05' ? {} : { archive: summary(id) }),
        pins: ['p'],
        syncedAt: 1,
      })
  })
}

describe('the archive summaries moved out of the entry records', () => {
  it('reads layout 1 as is, migrates it in chunks, and resumes an interrupted migration', async () => {
    await layoutOne()
    const before = new OfflineLibrary(db)
    expect(before.entry('s', 'e03')?.archive).toEqual(summary('e03'))
    expect([...before.entriesOf('s')].filter((e) => e.archived)).toHaveLength(11)

    // Interrupted after its first chunk of 4.
    const stop = new AbortController()
    const first = before.migrate({
      chunk: 4,
      signal: stop.signal,
    })
    stop.abort()
    expect(await first).toBe(4)
    const archives = db.openDB<unknown, string[]>('offline-archives')
    const movedFirst = [...archives.getKeys()].length
    expect(movedFirst).toBe(await first)
    // Both layouts read the same meanwhile.
    for (const id of ids)
      expect(before.entry('s', id)?.archive).toEqual(id === 'e05' ? undefined : summary(id))

    // The next start resumes and finishes; then it is a no-op.
    const reopened = new OfflineLibrary(db)
    expect(await reopened.migrate({ chunk: 4 })).toBe(11 - movedFirst)
    expect(await reopened.migrate()).toBe(0)
    const raw = db.openDB<Record<string, unknown>, string[]>('offline-entries')
    for (const id of ids) {
      expect(raw.get(['s', id])).not.toHaveProperty('archive')
      expect(reopened.entry('s', id)?.archive).toEqual(id === 'e05' ? undefined : summary(id))
    }
    expect([...reopened.entriesOf('s')].filter((e) => e.archived)).toHaveLength(11)
    expect(await reopened.scan()).toEqual([])
    expect(await reopened.checkArchives()).toEqual([])
  })

  it('finds a damaged summary when it is read and in the background pass, with its pins', async () => {
    await layoutOne()
    const library = new OfflineLibrary(db)
    await library.migrate()
    await db.openDB<unknown, string[]>('offline-archives').put(['s', 'e07'], 'torn')
    // The scan reads only entry records: the damage is not met there.
    const fresh = new OfflineLibrary(db)
    expect(await fresh.scan()).toEqual([])
    const found = [{ key: 'archive s/e07', problem: expect.any(String) as string, pinIds: ['p'] }]
    expect(await fresh.checkArchives()).toEqual(found)
    // Opening the entry gives its metadata without the summary, and lists the damage too.
    const opened = new OfflineLibrary(db)
    expect(opened.entry('s', 'e07')).toMatchObject({ doc: { entry_id: 'e07' }, pins: ['p'] })
    expect(opened.entry('s', 'e07')?.archive).toBeUndefined()
    expect(opened.damaged()).toEqual(found)
    // A re-sync rewrites it whole: no longer damaged.
    await opened.write('s', (t) =>
      t.putEntry('s', {
        doc: { entry_id: 'e07' },
        archive: summary('e07'),
        pins: ['p'],
        syncedAt: 2,
      }),
    )
    expect(opened.damaged()).toEqual([])
    expect(opened.entry('s', 'e07')?.archive).toEqual(summary('e07'))
  })

  it('tells an open Offline section about damage the background pass found', async () => {
    await layoutOne()
    await new OfflineLibrary(db).migrate()
    await db.openDB<unknown, string[]>('offline-archives').put(['s', 'e03'], 'torn')
    const events: { name: string; payload: unknown }[] = []
    const manager = createOfflineManager({
      // Neither is used by the scan and its background pass.
      api: {} as ApiRegistry,
      profiles: {} as ServerProfiles,
      db,
      events: { emit: (name, payload) => void events.push({ name, payload }) },
      logger: silentLogger,
      now: Date.now,
    })
    expect(await manager.scan()).toEqual([])
    const damaged = [{ key: 'archive s/e03', problem: expect.any(String) as string, pinIds: ['p'] }]
    await until(
      () => Promise.resolve(events),
      (list) => list.length > 0,
    )
    expect(events).toEqual([{ name: 'offline.changed', payload: { pins: [], damaged } }])
    expect(manager.list().damaged).toEqual(damaged)
    await manager.dispose()
  })
})
