import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../sandbox'
import { post, testSandbox } from '../../sandbox/testing/harness'
import { startDownloadCore, type DownloadCore } from '../downloads/test-support/download-core'
import { finished, publicEntries } from '../downloads/test-support/download-env'
import { keptFilesRoot } from '../raw-files/kept-files'

// The raw-files jobs of a pin beyond the first: entries added by "Pin N new entries" get their
// files; a pin larger than one job takes is split into parts; and a restart between a job's start
// and the saving of its id finds that job instead of starting a second one.

const WAIT = 60_000

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WAIT
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 30))
  }
}

const helpers = (env: DownloadCore) => ({
  pinOf: async (pinId: string) =>
    (await env.call('offline.list', {})).pins.find((pin) => pin.pinId === pinId),
  jobs: async () => (await env.call('downloads.list', {})).jobs,
})

type Doc = { entry_id: string; upload_id: string; mainfile: string }
async function publicDocs(sandbox: Sandbox): Promise<Doc[]> {
  const page = await post<{ data: Doc[] }>(sandbox, '/entries/query', {
    owner: 'public',
    pagination: { page_size: 1000 },
  })
  return page.body.data
}

describe('raw files of entries pinned by "Pin N new entries"', () => {
  let env: DownloadCore
  let revised: Sandbox
  beforeAll(async () => {
    env = await startDownloadCore({ sandbox: { entries: 20 } })
    revised = await testSandbox({ entries: 20, revised: true, fixtures: { showcase: false } })
  }, WAIT)
  afterAll(async () => {
    await env.close()
    await revised.close()
  })

  it('are fetched by a job of their own, for their files only', async () => {
    const { pinOf, jobs } = helpers(env)
    const { pinId } = await env.call('offline.pin', {
      serverId: env.serverId,
      source: { kind: 'search', query: {}, owner: 'public' },
      withArchives: false,
      withRawFiles: true,
    })
    const [first] = await until(jobs, (list) => list.length === 1)
    await finished(env, first?.id ?? '', WAIT)

    // The server's data changes; a sync lists the new entries, and pinning them fetches their
    // raw files too.
    await env.call('servers.update', { id: env.serverId, baseUrl: revised.baseUrl })
    await env.call('offline.sync', { pinId })
    await until(
      () => pinOf(pinId),
      (pin) => pin?.state === 'complete' && pin.syncing === undefined && pin.lastSync !== undefined,
    )
    const before = new Set((await publicDocs(env.sandbox)).map((doc) => doc.entry_id))
    const added = (await publicDocs(revised)).filter((doc) => !before.has(doc.entry_id))
    expect(added.length).toBeGreaterThan(0)
    await env.call('offline.pinNew', { pinId })
    const list = await until(jobs, (all) => all.length === 2)
    const second = list.find((job) => job.id !== first?.id)
    const noun = added.length === 1 ? 'entry' : 'entries'
    expect(second?.label).toBe(`Raw files of the pin “Search results”: ${added.length} new ${noun}`)
    const done = await finished(env, second?.id ?? '', WAIT)
    expect(done).toMatchObject({ state: 'done', filesFailed: 0 })
    const root = keptFilesRoot(env.dataDir, env.serverId)
    for (const doc of added) expect(existsSync(join(root, doc.upload_id, doc.mainfile))).toBe(true)
    // And no further job at the next start: the new entries are covered.
    await env.restart()
    expect((await jobs()).map((job) => job.id).sort()).toEqual([first?.id, second?.id].sort())
  }, 120_000)
})

describe('raw files of a pin larger than one job takes, across a crash', () => {
  let env: DownloadCore
  let crash = true
  beforeAll(async () => {
    env = await startDownloadCore({
      sandbox: { entries: 20 },
      ports: { offlineRawFiles: { perJob: 3, crashAfterStart: () => crash } },
    })
  }, WAIT)
  afterAll(() => env.close())

  it('are split into parts, and a part started before a crash is not started twice', async () => {
    const { pinOf, jobs } = helpers(env)
    const entryIds = (await publicEntries(env, 6)).map((entry) => entry.entry_id)
    // More than one job takes (3 here), at most two jobs' worth.
    expect(entryIds.length).toBeGreaterThan(3)
    expect(entryIds.length).toBeLessThanOrEqual(6)
    const label = `Raw files of the pin “${entryIds.length} selected entries”`
    const { pinId } = await env.call('offline.pin', {
      serverId: env.serverId,
      source: { kind: 'entries', entryIds },
      withArchives: false,
      withRawFiles: true,
    })
    // The app "dies" right after the first part's job started, before its id was saved.
    const stopped = await until(
      () => pinOf(pinId),
      (pin) => pin?.message !== undefined,
    )
    expect(stopped?.message).toContain('Its raw files could not be fetched')
    expect((await jobs()).map((job) => job.label)).toEqual([`${label} (part 1 of 2)`])

    crash = false
    await env.restart()
    await until(
      () => pinOf(pinId),
      (pin) => pin?.message === undefined,
    )
    // The message clears before the missing part's job starts: wait for the job itself. A part
    // started twice would show as a third job here or after the restart below.
    const all = await until(jobs, (list) => list.length >= 2)
    expect(all.map((job) => job.label).sort()).toEqual([
      `${label} (part 1 of 2)`,
      `${label} (part 2 of 2)`,
    ])
    for (const job of all)
      expect(await finished(env, job.id, WAIT)).toMatchObject({ state: 'done', filesFailed: 0 })
    // Both ids are kept: the next start re-attaches to both and starts nothing.
    await env.restart()
    expect((await jobs()).map((job) => job.id).sort()).toEqual(all.map((job) => job.id).sort())
  }, 120_000)
})
