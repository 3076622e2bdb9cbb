import { createReadStream } from 'node:fs'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIG_FILE_NAME, BIG_FILE_UPLOAD_ID, bigFileSha256 } from '../../sandbox/testing/fixtures'
import { WORKER_HASH_MIN_BYTES } from './ring-hasher'
import { startDownloadCore, type DownloadCore } from './test-support/download-core'
import { finished, tempFolder } from './test-support/download-env'

// A file big enough for the fast path: its own connection reading into shared memory, hashed in
// place on a worker thread while the same chunks are written (ring-hasher.ts). Connections
// reset mid-body make it resume, so the worker also hashes the prefix already on disk. The
// sha256 the engine records must be the file's, and the file the sandbox's, byte for byte.

const SIZE = WORKER_HASH_MIN_BYTES + 9 * 1024 * 1024 + 4321
let env: DownloadCore
const made: { remove(): void }[] = []

beforeAll(async () => {
  env = await startDownloadCore({
    sandbox: {
      entries: 10,
      fixtures: { bigFileBytes: SIZE },
      limits: { rate: null, concurrency: null },
      faults: { pathPattern: 'raw', resetRate: 0.6, resetAfterBytes: 11 * 1024 * 1024, seed: 1 },
    },
    ports: { downloads: { retry: { attempts: 12, firstDelayMs: 20 } } },
  })
}, 60_000)

afterAll(async () => {
  await env.close()
  for (const one of made) one.remove()
})

async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

describe('a big file over its own connection', () => {
  it('resumes through resets and records the sha256 of the bytes on disk', async () => {
    const one = tempFolder()
    made.push(one)
    const destination = join(one.path, 'data')
    const { jobId } = await env.call('downloads.start', {
      serverId: env.serverId,
      source: { kind: 'upload', uploadId: BIG_FILE_UPLOAD_ID },
      destination,
    })
    const job = await finished(env, jobId, 120_000)
    expect(job).toMatchObject({ state: 'done', filesDone: 1, bytesDone: SIZE })
    expect(env.sandbox.stats().faults.reset).toBeGreaterThan(0)
    const expected = bigFileSha256(SIZE)
    expect(await fileSha256(join(destination, BIG_FILE_UPLOAD_ID, BIG_FILE_NAME))).toBe(expected)
    const report = await env.call('downloads.verify', { jobId })
    expect(report).toMatchObject({ checked: 1, ok: 1, changed: [] })
  }, 150_000)
})
