import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDownloadCore, type DownloadCore } from './test-support/download-core'
import {
  publicEntries,
  jobSummary,
  tempFolder,
  TRICKLING_SANDBOX,
} from './test-support/download-env'

// A job that waits for a unit slot behind another job says queued, and runs once it gets one.

let env: DownloadCore
const folder = tempFolder()

beforeAll(async () => {
  env = await startDownloadCore({
    sandbox: TRICKLING_SANDBOX,
    // One unit at a time over all jobs, so a second job has to wait for a slot.
    ports: { downloads: { concurrency: 1 } },
  })
}, 60_000)

afterAll(async () => {
  await env.close()
  folder.remove()
})

describe('a job waiting for a slot', () => {
  it('is queued behind a running job, then runs', async () => {
    const [entry] = await publicEntries(env, 1)
    const start = (name: string) =>
      env.call('downloads.start', {
        serverId: env.serverId,
        source: { kind: 'upload', uploadId: entry?.upload_id ?? '' },
        destination: join(folder.path, name),
      })
    const first = await start('first')
    const second = await start('second')
    let states = { first: '', second: '' }
    const until = Date.now() + 20_000
    while (Date.now() < until) {
      states = {
        first: (await jobSummary(env, first.jobId)).state,
        second: (await jobSummary(env, second.jobId)).state,
      }
      if (states.second === 'queued') break
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    expect(states).toEqual({ first: 'running', second: 'queued' })
    await env.call('downloads.cancel', { jobId: first.jobId, removePartial: true })
    const until2 = Date.now() + 20_000
    while ((await jobSummary(env, second.jobId)).state === 'queued' && Date.now() < until2)
      await new Promise((resolve) => setTimeout(resolve, 25))
    expect((await jobSummary(env, second.jobId)).state).toBe('running')
    await env.call('downloads.cancel', { jobId: second.jobId, removePartial: true })
  }, 60_000)
})
