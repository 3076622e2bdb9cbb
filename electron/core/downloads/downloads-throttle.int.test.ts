import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import { startDownloadCore, type DownloadCore } from './test-support/download-core'
import { differences, finished, publicEntries, tempFolder } from './test-support/download-env'

// A server that answers HTML 503 pages beyond 12 requests/s and 3 at once: the job slows down
// (state "throttled" with a retry time) instead of failing items, and completes identically.

let env: DownloadCore
const made = tempFolder()

beforeAll(async () => {
  env = await startDownloadCore({
    sandbox: { entries: 120, limits: { rate: 12, concurrency: 3 } },
    // Every file its own request, so the job is request-bound.
    ports: {
      downloads: {
        concurrency: 8,
        unitLimits: { largeFileBytes: 1, zipMaxBytes: 1, zipMaxFiles: 1, zipMaxEntries: 1 },
      },
    },
  })
}, 60_000)

afterAll(async () => {
  await env.close()
  made.remove()
})

describe('throttling', () => {
  it('503s slow the job instead of failing items', async () => {
    const [entry] = await publicEntries(env, 1)
    const destination = join(made.path, 'data')
    env.sandbox.resetStats()
    const { jobId } = await env.call('downloads.start', {
      serverId: env.serverId,
      source: { kind: 'upload', uploadId: entry?.upload_id ?? '' },
      destination,
    })
    const job = await finished(env, jobId, 120_000)
    expect(job).toMatchObject({ state: 'done', filesFailed: 0 })
    expect(
      env.sandbox.stats().rejected.rate + env.sandbox.stats().rejected.concurrency,
    ).toBeGreaterThan(0)
    const throttled = env.events
      .filter((e) => e.name === 'downloads.changed')
      .flatMap((e) => (e.payload as { jobs: JobSummary[] }).jobs)
      .filter((j) => j.id === jobId && j.state === 'throttled')
    expect(throttled.length).toBeGreaterThan(0)
    expect(throttled[0]?.retryAt).toBeGreaterThan(0)
    expect(throttled[0]?.message).toMatch(/retrying in \d+ s/)
    expect(await differences(env, destination)).toEqual([])
  }, 150_000)
})
