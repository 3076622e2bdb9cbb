import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDownloadCore, type DownloadCore } from './test-support/download-core'
import { differences, finished, publicEntries, tempFolder } from './test-support/download-env'

// Core closes in the middle of a job (as when the app quits) and opens again on the same data
// folder: the job resumes by itself, says it was interrupted, and ends with identical files.

let env: DownloadCore
const made = tempFolder()

beforeAll(async () => {
  env = await startDownloadCore({
    sandbox: {
      entries: 120,
      largeFileBytes: 3 * 1024 * 1024,
      // Slow enough that the job is surely mid-way when core closes.
      faults: {
        pathPattern: 'raw',
        trickleRate: 1,
        trickleAfterBytes: 0,
        trickleBytes: 256 * 1024,
        trickleIntervalMs: 20,
      },
    },
    ports: {
      downloads: {
        unitLimits: {
          largeFileBytes: 100_000,
          zipMaxBytes: 1_000_000,
          zipMaxFiles: 20,
          zipMaxEntries: 5,
        },
        concurrency: 2,
      },
    },
  })
}, 60_000)

afterAll(async () => {
  await env.close()
  made.remove()
})

async function progressed(jobId: string, bytes: number) {
  for (;;) {
    const { jobs } = await env.call('downloads.list', {})
    const job = jobs.find((j) => j.id === jobId)
    if (job === undefined || job.bytesDone >= bytes || job.state !== 'running') return job
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('a job across a restart', () => {
  it('resumes on its own after core reopens, marked interrupted, and completes identically', async () => {
    const entries = await publicEntries(env, 12)
    const destination = join(made.path, 'data')
    const { jobId } = await env.call('downloads.start', {
      serverId: env.serverId,
      source: { kind: 'entries', entryIds: entries.map((e) => e.entry_id) },
      destination,
    })
    const before = await progressed(jobId, 2_000_000)
    expect(before?.state).toBe('running')
    await env.restart()
    const { jobs } = await env.call('downloads.list', {})
    const resumed = jobs.find((j) => j.id === jobId)
    expect(resumed?.interruptedAt).toBeGreaterThan(0)
    expect(resumed?.message).toBe('Interrupted while the app was closed — resumed')
    expect(resumed?.bytesDone).toBeGreaterThan(0)
    const job = await finished(env, jobId, 120_000)
    expect(job).toMatchObject({ state: 'done', filesFailed: 0 })
    expect(job.filesDone).toBe(job.filesTotal)
    expect(await differences(env, destination)).toEqual([])
    expect(existsSync(join(destination, '.nomad-partial'))).toBe(false)
  }, 180_000)
})
