import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { downloadSpecSchema } from '../../../shared/ipc/channels/downloads'
import { openEmbeddedDb } from '../storage/embedded-db'
import type { ItemRecord, JobRecord } from './job-record'
import { DownloadJournal, JOURNAL_DB } from './journal'

const dir = mkdtempSync(join(tmpdir(), 'nomad-journal-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const job = (id: string): JobRecord => ({
  id,
  spec: downloadSpecSchema.parse({
    serverId: 's',
    source: { kind: 'upload', uploadId: 'u' },
    destination: '/tmp/x',
  }),
  serverName: 'S',
  baseUrl: 'http://s',
  label: id,
  state: 'running',
  priority: 'normal',
  createdAt: 1,
  root: '/tmp/x',
  entries: 0,
  uploads: 1,
  entryIds: [],
  known: {},
})
const item = (i: number): ItemRecord => ({
  i,
  unit: i,
  uploadId: 'u',
  path: `f${i}`,
  size: 10,
  rel: `u/f${i}`,
  status: 'pending',
  offset: 0,
  attempts: 0,
})

describe('DownloadJournal', () => {
  it('keeps jobs, items in numeric order and units across a reopen, and removes a job whole', async () => {
    let db = await openEmbeddedDb(dir)
    let journal = new DownloadJournal(db)
    await journal.write({
      job: job('a'),
      items: Array.from({ length: 12 }, (_, i) => item(i)),
      units: [{ n: 0, kind: 'file', status: 'pending', attempts: 0 }],
    })
    await journal.write({ job: job('b') })
    await journal.writeFor('a', { items: [{ ...item(3), offset: 7 }] })
    await db.close()
    db = await openEmbeddedDb(dir)
    journal = new DownloadJournal(db)
    expect(journal.jobs().map((j) => j.id)).toEqual(['a', 'b'])
    expect(journal.items('a').map((i) => i.i)).toEqual(Array.from({ length: 12 }, (_, i) => i))
    expect(journal.items('a')[3]?.offset).toBe(7)
    expect(journal.units('a')).toHaveLength(1)
    await journal.remove('a')
    expect(journal.jobs().map((j) => j.id)).toEqual(['b'])
    expect(journal.items('a')).toEqual([])
    await db.close()
  })

  it('says which record is damaged instead of guessing', async () => {
    const db = await openEmbeddedDb(dir)
    await db.openDB<unknown, string>(JOURNAL_DB).put('job/broken', { id: 'broken' })
    expect(() => new DownloadJournal(db).jobs()).toThrow(
      'The downloads journal record job/broken is damaged',
    )
    await db.close()
  })
})
