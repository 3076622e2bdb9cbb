import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import { startDownloadCore, type DownloadCore } from './test-support/download-core'
import {
  finished,
  publicEntries,
  jobSummary,
  tempFolder,
  TRICKLING_SANDBOX,
} from './test-support/download-env'
import { DEFAULT_UNIT_LIMITS } from './units'

// Progress while a zip unit streams: its bytes count as they arrive (so rate and ETA are
// live), not only once the zip has been unpacked.

let env: DownloadCore
const folder = tempFolder()

beforeAll(async () => {
  env = await startDownloadCore({
    sandbox: TRICKLING_SANDBOX,
    // Every file goes into zips, so only zip units move bytes.
    ports: { downloads: { unitLimits: { ...DEFAULT_UNIT_LIMITS, largeFileBytes: 1024 ** 3 } } },
  })
}, 60_000)

afterAll(async () => {
  await env.close()
  folder.remove()
})

describe('progress of a zip unit', () => {
  it('moves bytesDone while the zip streams, between file completions', async () => {
    const [entry] = await publicEntries(env, 1)
    const { jobId } = await env.call('downloads.start', {
      serverId: env.serverId,
      source: { kind: 'upload', uploadId: entry?.upload_id ?? '' },
      destination: join(folder.path, 'data'),
    })
    const seen: JobSummary[] = []
    for (let job = await jobSummary(env, jobId); !['done', 'failed'].includes(job.state);) {
      seen.push(job)
      await new Promise((resolve) => setTimeout(resolve, 25))
      job = await jobSummary(env, jobId)
    }
    const done = await finished(env, jobId)
    expect(done.state).toBe('done')
    // Bytes that grow while no file completes are bytes counted as the zip streams. (Not "before
    // the first file": on a loaded machine the first small unit can finish between two polls.)
    const streaming = seen.filter((job, k) => {
      const before = seen[k - 1]
      return (
        before !== undefined &&
        job.filesDone === before.filesDone &&
        job.bytesDone > before.bytesDone
      )
    })
    expect(streaming.length, JSON.stringify(seen.slice(-3))).toBeGreaterThan(0)
    expect(streaming.some((job) => job.rate > 0)).toBe(true)
    // Never more than the job's size, and the end counts exactly the files.
    for (const job of seen) expect(job.bytesDone).toBeLessThanOrEqual(done.bytesTotal ?? Infinity)
    expect(done.bytesDone).toBe(done.bytesTotal)
  }, 60_000)
})
