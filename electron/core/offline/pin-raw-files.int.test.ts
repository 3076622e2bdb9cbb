import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'
import { firstEntries } from './testing/pins'
import { until } from '../test-support/until'

// "Also keep raw files": the pin starts one job in Downloads for exactly its entries' raw files,
// into the library's folder; then, working offline, the file browser lists and previews them
// from this computer without a request to the server, and says what is not kept.

let env: SandboxCore
let uploadId = ''
let mainfile = ''

beforeAll(async () => {
  env = await startSandboxCore({ entries: 20 })
  const page = await firstEntries(env, 1)
  const entryId = page.rows[0]?.id ?? ''
  const detail = await env.call('search.entry', { serverId: env.serverId, entryId })
  uploadId = detail.entry.upload_id as string
  mainfile = detail.entry.mainfile as string
  await env.call('offline.pin', {
    serverId: env.serverId,
    source: { kind: 'entries', entryIds: [entryId] },
    withArchives: false,
    withRawFiles: true,
  })
})
afterAll(() => env.close())

describe('raw files in a pin', () => {
  it('are fetched by one download job into the library, then browsed offline', async () => {
    const { jobs } = await until(
      () => env.call('downloads.list', {}),
      ({ jobs }) => jobs.some((job) => job.state === 'done'),
    )
    expect(jobs).toHaveLength(1)
    expect(jobs[0]?.label).toBe('Raw files of the pin “1 selected entry”')
    expect(jobs[0]?.destination).toContain('offline-files')

    await env.call('offline.workOffline', { serverId: env.serverId, offline: true })
    env.sandbox.resetStats()
    const folder = mainfile.includes('/') ? mainfile.slice(0, mainfile.lastIndexOf('/')) : ''
    const listing = await env.call('rawFiles.list', {
      serverId: env.serverId,
      uploadId,
      path: folder,
    })
    expect(listing.access).toBe('kept on this computer')
    expect(listing.items.map((item) => item.path)).toContain(mainfile)
    // Sorting and filtering work on the kept files as on the server's.
    const bySize = await env.call('rawFiles.list', {
      serverId: env.serverId,
      uploadId,
      path: folder,
      sort: 'size',
      order: 'desc',
    })
    const sizes = bySize.items.map((item) => item.size)
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
    const located = await env.call('rawFiles.locate', {
      serverId: env.serverId,
      uploadId,
      path: mainfile,
    })
    expect(located.folder).toBe(folder)

    const preview = await env.call('rawFiles.preview', {
      serverId: env.serverId,
      uploadId,
      path: mainfile,
    })
    expect(preview.size).toBeGreaterThan(0)
    expect(['text', 'binary']).toContain(preview.kind)

    const elsewhere = await env.failure('rawFiles.list', {
      serverId: env.serverId,
      uploadId: 'not-kept',
      path: '',
    })
    expect(elsewhere.code).toBe('network')
    expect(elsewhere.message).toContain('You are working offline from Sandbox')
    expect(env.sandbox.stats().requests).toBe(0)
  })
})
