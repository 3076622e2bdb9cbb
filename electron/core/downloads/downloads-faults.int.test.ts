import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_UNIT_RETRY } from './tunables'
import { startDownloadCore, type DownloadCore } from './test-support/download-core'
import { differences, finished, publicEntries, tempFolder } from './test-support/download-env'

// Jobs against a sandbox that resets connections mid-body, answers 502/504 HTML pages, stalls,
// trickles and refuses with HTML 503s beyond its rate and concurrency limits: every job ends with
// files identical to the sandbox's, or says exactly which items it could not get and why. Large
// files travel over both transports (undici's pool and a connection of their own).

let env: DownloadCore
const made: { remove(): void }[] = []
const folder = () => {
  const one = tempFolder()
  made.push(one)
  return join(one.path, 'data')
}

beforeAll(async () => {
  env = await startDownloadCore({
    sandbox: {
      entries: 120,
      largeFileBytes: 1024 * 1024,
      limits: { rate: 40, concurrency: 4 },
      faults: {
        pathPattern: 'raw',
        resetRate: 0.15,
        resetAfterBytes: 30_000,
        error502Rate: 0.08,
        error504Rate: 0.04,
        stallRate: 0.04,
        stallMs: 2500,
        stallAfterBytes: 2000,
        trickleRate: 0.04,
        trickleAfterBytes: 2000,
        trickleBytes: 8192,
        trickleIntervalMs: 5,
        seed: 7,
      },
    },
    ports: {
      scheduler: { bodyIdleTimeoutMs: 1000 },
      downloads: {
        // The same six attempts, 50 ms apart at first instead of 0.5 s: the waiting is cut,
        // not the retrying.
        retry: { attempts: DEFAULT_UNIT_RETRY.attempts, firstDelayMs: 50 },
        // The sandbox's 1 MiB files come over connections of their own (direct-transport.ts),
        // the smaller ones through undici: both meet every fault.
        ownConnectionBytes: 512 * 1024,
        unitLimits: {
          largeFileBytes: 200_000,
          zipMaxBytes: 2_000_000,
          zipMaxFiles: 40,
          zipMaxEntries: 8,
        },
      },
    },
  })
}, 60_000)

afterAll(async () => {
  await env.close()
  for (const one of made) one.remove()
})

/** Done with identical files, or failed with each missing item named with a reason. */
async function expectCompleteOrExplained(jobId: string, destination: string) {
  const job = await finished(env, jobId, 180_000)
  expect(await differences(env, destination)).toEqual([])
  const failures = await env.call('downloads.failures', { jobId, offset: 0, limit: 500 })
  expect(failures.total).toBe(job.filesFailed)
  for (const item of failures.items) expect(item.reason.length).toBeGreaterThan(10)
  expect(job.filesDone + job.filesSkipped + job.filesFailed).toBe(job.filesTotal)
  expect(job.state).toBe(job.filesFailed === 0 ? 'done' : 'failed')
  return job
}

describe('downloads under injected faults', () => {
  it('a selection of entries (zips and resumed files) completes identically', async () => {
    const entries = await publicEntries(env, 40)
    const destination = folder()
    const { jobId } = await env.call('downloads.start', {
      serverId: env.serverId,
      source: { kind: 'entries', entryIds: entries.map((e) => e.entry_id) },
      destination,
    })
    const job = await expectCompleteOrExplained(jobId, destination)
    expect(job.filesDone).toBeGreaterThan(40)
    expect(env.sandbox.stats().faults.reset).toBeGreaterThan(0)
  }, 200_000)

  it('a whole upload completes identically', async () => {
    const [entry] = await publicEntries(env, 1)
    const destination = folder()
    const { jobId } = await env.call('downloads.start', {
      serverId: env.serverId,
      source: { kind: 'upload', uploadId: entry?.upload_id ?? '' },
      destination,
    })
    await expectCompleteOrExplained(jobId, destination)
  }, 200_000)
})
