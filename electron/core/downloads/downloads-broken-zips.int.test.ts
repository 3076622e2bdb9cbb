import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_UNIT_ATTEMPTS } from './transfer-context'
import { startDownloadCore, type DownloadCore } from './test-support/download-core'
import { finished, publicEntries, tempFolder } from './test-support/download-env'

// A server whose every zip has a flipped byte in its first member (a corrupt deflate stream or a
// CRC mismatch): each zip unit is fetched again whole until its attempts run out, and then its
// files are failed items with the reason and the real number of attempts. Nothing crashes.

let env: DownloadCore
const folder = tempFolder()

beforeAll(async () => {
  env = await startDownloadCore({
    sandbox: { entries: 4, limits: { rate: null, concurrency: null } },
  })
}, 60_000)

afterAll(async () => {
  await env.close()
  folder.remove()
})

describe('persistently broken zips', () => {
  it('become failed items with a reason and the attempts made', async () => {
    const [entry] = await publicEntries(env, 1)
    env.sandbox.setFaults({ corruptZipRate: 1, seed: 3 })
    const destination = join(folder.path, 'data')
    const { jobId } = await env.call('downloads.start', {
      serverId: env.serverId,
      source: { kind: 'upload', uploadId: entry?.upload_id ?? '' },
      destination,
    })
    const job = await finished(env, jobId, 60_000)
    expect(env.sandbox.stats().faults.corruptZip).toBeGreaterThanOrEqual(MAX_UNIT_ATTEMPTS)
    expect(job.state).toBe('failed')
    expect(job.filesFailed).toBeGreaterThan(0)
    const failures = await env.call('downloads.failures', { jobId, offset: 0, limit: 500 })
    expect(failures.total).toBe(job.filesFailed)
    for (const item of failures.items) {
      expect(item.reason).toMatch(/zip is damaged|zip member .* is damaged/)
      expect(item.kind).toBe('retryable')
      expect(item.attempts).toBe(MAX_UNIT_ATTEMPTS)
    }
  }, 90_000)
})
