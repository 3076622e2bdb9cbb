import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import { startDownloadCore, type DownloadCore } from '../downloads/test-support/download-core'
import { finished, publicEntries } from '../downloads/test-support/download-env'

// A pin with raw files across restarts of core on the same data folder: closed before its
// metadata is stored, it completes at the next start and its raw-files job starts by itself;
// closed while that job runs, the pin re-attaches to the same job; with the job removed from
// Downloads, the next start fetches again only what is missing. Every file ends verified.

let env: DownloadCore

beforeAll(async () => {
  env = await startDownloadCore({ sandbox: { entries: 40 } })
}, 60_000)
afterAll(() => env.close())

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 30))
  }
}

const pinOf = async (pinId: string) =>
  (await env.call('offline.list', {})).pins.find((pin) => pin.pinId === pinId)
const jobs = async () => (await env.call('downloads.list', {})).jobs

const quiet = {
  latencyMs: 0,
  trickleRate: 0,
  pathPattern: null,
}

async function verified(job: JobSummary) {
  expect(job).toMatchObject({ state: 'done', filesFailed: 0 })
  const report = await env.call('downloads.verify', { jobId: job.id })
  expect(report.checked).toBeGreaterThan(0)
  expect(report).toMatchObject({ ok: report.checked, missing: [], changed: [] })
}

describe('raw files of a pin across restarts', () => {
  it('finish without the user asking again', async () => {
    const entryIds = (await publicEntries(env, 6)).map((entry) => entry.entry_id)

    // 1. Closed mid-pin: the entries' metadata is slow to come, core stops before it is stored.
    env.sandbox.setFaults({ ...quiet, pathPattern: 'entries/query', latencyMs: 1500 })
    const { pinId } = await env.call('offline.pin', {
      serverId: env.serverId,
      source: { kind: 'entries', entryIds },
      withArchives: false,
      withRawFiles: true,
    })
    await env.restart()
    // Still pinning after the restart (the metadata is still slow), and no job yet.
    expect((await pinOf(pinId))?.state).toBe('pinning')
    expect(await jobs()).toEqual([])

    // 2. The pin completes on its own and starts its job; the raw files come slowly, and core
    // closes while the job runs.
    env.sandbox.setFaults({
      ...quiet,
      pathPattern: 'raw',
      trickleRate: 1,
      trickleAfterBytes: 0,
      trickleBytes: 1024,
      trickleIntervalMs: 50,
    })
    const [first] = await until(jobs, (list) => list.length > 0)
    expect((await pinOf(pinId))?.state).toBe('complete')
    expect(first?.label).toBe('Raw files of the pin “6 selected entries”')
    expect(first?.state).not.toBe('done')
    await env.restart()
    env.sandbox.setFaults(quiet)
    const again = await jobs()
    expect(again.map((job) => job.id)).toEqual([first?.id])
    await verified(await finished(env, first?.id ?? '', 60_000))

    // 3. The job removed from Downloads: the next start runs it again; every file is already
    // there and verified, so none is fetched twice.
    await env.call('downloads.remove', { jobId: first?.id ?? '' })
    await env.restart()
    const [second] = await until(jobs, (list) => list.length > 0)
    expect(second?.id).not.toBe(first?.id)
    const done = await finished(env, second?.id ?? '', 60_000)
    await verified(done)
    expect(done.filesSkipped).toBe(done.filesTotal)
    expect((await pinOf(pinId))?.state).toBe('complete')
  }, 180_000)
})
