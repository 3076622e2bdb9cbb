import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JobSummary } from '../../../../shared/ipc/channels/downloads'
import { post } from '../../../sandbox/testing/harness'
import type { DownloadCore } from './download-core'

type Env = Pick<DownloadCore, 'call' | 'sandbox'>

/** A fresh destination folder for a test (removed by the returned cleanup). */
export function tempFolder(prefix = 'nomad-dl-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix))
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) }
}

/** Public entries of the sandbox with their upload and main file. */
export async function publicEntries(env: Env, count: number) {
  const limits = env.sandbox.limits()
  env.sandbox.setLimits({ rate: null, concurrency: null })
  const answer = await post<{ data: { entry_id: string; upload_id: string; mainfile: string }[] }>(
    env.sandbox,
    '/entries/query',
    {
      owner: 'public',
      pagination: { page_size: count, order_by: 'entry_id' },
      required: { include: ['entry_id', 'upload_id', 'mainfile'] },
    },
  )
  env.sandbox.setLimits(limits)
  return answer.body.data
}

/** Polls downloads.list until the job is done, failed or cancelled. */
export async function finished(env: Env, jobId: string, timeoutMs = 60_000): Promise<JobSummary> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const { jobs } = await env.call('downloads.list', {})
    const job = jobs.find((j) => j.id === jobId)
    if (job && ['done', 'failed', 'cancelled'].includes(job.state)) return job
    if (Date.now() > until) throw new Error(`job ${jobId} did not finish: ${JSON.stringify(job)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** The sandbox's own bytes of an upload file (no faults path: fetched with faults paused by the caller). */
export async function sandboxBytes(
  baseUrl: string,
  uploadId: string,
  path: string,
): Promise<Buffer> {
  const url = `${baseUrl}/uploads/${uploadId}/raw/${path.split('/').map(encodeURIComponent).join('/')}`
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return Buffer.from(await response.arrayBuffer())
}

/** Every file of the manifest compared with the sandbox's bytes: the paths that differ. */
export async function differences(env: Env, root: string): Promise<string[]> {
  // The sandbox's own bytes, without the faults the test may have switched on.
  const faults = env.sandbox.faults()
  const limits = env.sandbox.limits()
  env.sandbox.setFaults({
    error502Rate: 0,
    error504Rate: 0,
    resetRate: 0,
    stallRate: 0,
    trickleRate: 0,
    latencyMs: 0,
  })
  env.sandbox.setLimits({ rate: null, concurrency: null })
  try {
    return await compare(env, root)
  } finally {
    env.sandbox.setFaults(faults)
    env.sandbox.setLimits(limits)
  }
}

async function compare(env: Env, root: string): Promise<string[]> {
  const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as {
    files: { path: string; sha256: string; uploadId: string }[]
  }
  const bad: string[] = []
  for (const file of manifest.files) {
    const local = readFileSync(join(root, file.path))
    const remote = await sandboxBytes(
      env.sandbox.baseUrl,
      file.uploadId,
      file.path.slice(file.uploadId.length + 1),
    )
    if (sha256(local) !== sha256(remote) || sha256(local) !== file.sha256) bad.push(file.path)
  }
  return bad
}

/** A job's row in downloads.list, or an error naming the missing job. */
export async function jobSummary(env: Env, jobId: string): Promise<JobSummary> {
  const { jobs } = await env.call('downloads.list', {})
  const job = jobs.find((j) => j.id === jobId)
  if (job === undefined) throw new Error(`job ${jobId} is not listed`)
  return job
}

/** Every raw download trickles (8 KiB every 2 ms after the first 2 000 bytes), limits off. */
export const TRICKLING_SANDBOX = {
  entries: 4,
  limits: { rate: null, concurrency: null },
  faults: {
    pathPattern: 'raw',
    trickleRate: 1,
    trickleAfterBytes: 2000,
    trickleBytes: 8192,
    trickleIntervalMs: 2,
  },
}
