import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSession } from '../api/test-support/sandbox-session'
import { openEmbeddedDb } from '../storage/embedded-db'
import { diskFullMessage } from './disk-guard'
import { testPin } from './testing/pin-record'
import { OfflineLibrary } from './offline-library'
import { runPin } from './pin-runner'

// A full disk during a pin: it pauses after its last complete page with a message saying what
// is free and where, the library stays consistent, and it completes once there is room.

let session: Awaited<ReturnType<typeof startSession>>
beforeAll(async () => {
  session = await startSession({ entries: 120 })
})
afterAll(() => session.close())

const MiB = 1024 * 1024

describe('a full disk during a pin', () => {
  it('pauses with a clear message, keeps whole pages, and resumes when there is room', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nomad-disk-'))
    const db = await openEmbeddedDb(dir)
    try {
      const library = new OfflineLibrary(db)
      let free = 500 * MiB
      let pages = 0
      const disk = { folder: dir, freeSpace: () => Promise.resolve(free) }
      const start = testPin({
        serverId: 's',
        source: { kind: 'search', query: {}, owner: 'visible' },
      })
      const paused = await runPin(
        {
          client: session.client,
          library,
          pageSize: 20,
          disk,
          // The disk fills up after the second page.
          onProgress: () => (++pages === 2 ? (free = 10 * MiB) : undefined),
        },
        start,
      )
      expect(paused.state).toBe('paused')
      expect(paused.message).toBe(
        `Only 10.0 MiB is free on the disk of ${dir}; the offline library needs at least 64.0 MiB. It paused after the last complete page: free space and resume it.`,
      )
      expect(paused.entries).toBe(40)
      expect([...library.entriesOf('s')]).toHaveLength(40)
      free = 500 * MiB
      const done = await runPin({ client: session.client, library, pageSize: 20, disk }, paused)
      expect(done.state).toBe('complete')
      expect([...library.entriesOf('s')]).toHaveLength(done.entries)
      expect(library.damaged()).toEqual([])
    } finally {
      await db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('pauses rather than fails when a write meets ENOSPC', () => {
    const error = Object.assign(new Error('no space'), { code: 'ENOSPC' })
    expect(diskFullMessage(error)).toContain('The disk is full')
    expect(diskFullMessage(new Error('other'))).toBeUndefined()
  })
})
