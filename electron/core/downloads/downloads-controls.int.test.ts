import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startDownloadCore, type DownloadCore } from './test-support/download-core'
import { differences, finished, publicEntries, tempFolder } from './test-support/download-env'

/** Raw bodies at 12.8 MiB/s each, from their first byte. */
const TRICKLE = {
  pathPattern: 'raw',
  trickleRate: 1,
  trickleAfterBytes: 0,
  trickleBytes: 128 * 1024,
  trickleIntervalMs: 10,
}

let env: DownloadCore
const made = tempFolder()
let free: number | null = 1e12
let uploadId = ''

beforeAll(async () => {
  env = await startDownloadCore({
    sandbox: {
      entries: 120,
      largeFileBytes: 2 * 1024 * 1024,
      // No rate limits: plans list the upload at once. What the controls need is a job still
      // running when they act, which the trickle gives; it is lifted once they have acted.
      limits: { rate: null, concurrency: null },
      faults: TRICKLE,
    },
    ports: {
      downloads: {
        freeSpace: () => Promise.resolve(free),
        minFreeBytes: 1000,
        diskCheckMs: 50,
        concurrency: 2,
        unitLimits: {
          largeFileBytes: 100_000,
          zipMaxBytes: 1_000_000,
          zipMaxFiles: 20,
          zipMaxEntries: 5,
        },
      },
    },
  })
  uploadId = (await publicEntries(env, 1))[0]?.upload_id ?? ''
}, 60_000)

afterAll(async () => {
  await env.close()
  made.remove()
})

const spec = (destination: string) => ({
  serverId: env.serverId,
  source: { kind: 'upload' as const, uploadId },
  destination,
})

/** The rest of a job may come at full speed (the trickle returns for the next test). */
const fullSpeed = () => env.sandbox.setFaults({ trickleRate: 0 })

async function until(jobId: string, test: (job: { state: string; bytesDone: number }) => boolean) {
  for (;;) {
    const job = (await env.call('downloads.list', {})).jobs.find((j) => j.id === jobId)
    if (job === undefined) throw new Error('job gone')
    if (test(job)) return job
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('planning problems, at the field to change', () => {
  it('names a missing parent, a file as destination and a glob that matches nothing', async () => {
    const file = join(made.path, 'a-file')
    writeFileSync(file, 'x')
    const missing = await env.call('downloads.plan', spec(join(made.path, 'no', 'such')))
    expect(missing.problems).toContainEqual(
      expect.objectContaining({ field: 'destination', severity: 'error' }),
    )
    const isFile = await env.call('downloads.plan', spec(file))
    expect(isFile.problems[0]?.message).toContain('is a file')
    const glob = await env.call('downloads.plan', {
      ...spec(join(made.path, 'g')),
      include: ['**/*.nothing'],
    })
    expect(glob.problems).toContainEqual(
      expect.objectContaining({ field: 'include', severity: 'error' }),
    )
    const error = await env
      .call('downloads.start', spec(file))
      .catch((e: unknown) => e as { code: string; message: string })
    expect(error).toMatchObject({ code: 'invalid_input' })
  })

  it('keeps only the files the globs select', async () => {
    const destination = join(made.path, 'globbed')
    const plan = await env.call('downloads.plan', { ...spec(destination), include: ['**/*.py'] })
    const all = await env.call('downloads.plan', spec(destination))
    expect(plan.files).toBeGreaterThan(0)
    expect(plan.files).toBeLessThan(all.files ?? 0)
  })
})

describe('controls', () => {
  beforeEach(() => env.sandbox.setFaults(TRICKLE))

  it('pauses, resumes and finishes identically', async () => {
    const destination = join(made.path, 'paused')
    const { jobId } = await env.call('downloads.start', spec(destination))
    await until(jobId, (job) => job.bytesDone > 0)
    expect((await env.call('downloads.pause', { jobId })).state).toBe('paused')
    const held = (await until(jobId, () => true)).bytesDone
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await until(jobId, () => true)).bytesDone).toBeLessThanOrEqual(held + 1_000_000)
    expect((await env.call('downloads.resume', { jobId })).state).toBe('running')
    fullSpeed()
    expect((await finished(env, jobId)).state).toBe('done')
    expect(await differences(env, destination)).toEqual([])
  }, 60_000)

  it('waits as low-disk while space is short and continues when it is back', async () => {
    const destination = join(made.path, 'low')
    const { jobId } = await env.call('downloads.start', spec(destination))
    await until(jobId, (job) => job.bytesDone > 0)
    free = 10
    const low = await until(jobId, (job) => job.state === 'low-disk')
    expect((low as { message?: string }).message).toContain('continues by itself')
    free = 1e12
    fullSpeed()
    expect((await finished(env, jobId)).state).toBe('done')
    expect(await differences(env, destination)).toEqual([])
  }, 60_000)

  it('cancels and removes partial data', async () => {
    const destination = join(made.path, 'cancelled')
    const { jobId } = await env.call('downloads.start', spec(destination))
    await until(jobId, (job) => job.bytesDone > 0)
    const job = await env.call('downloads.cancel', { jobId, removePartial: true })
    expect(job.state).toBe('cancelled')
    const leftovers = (await import('node:fs')).readdirSync(destination, {
      recursive: true,
      encoding: 'utf8',
    })
    expect(
      leftovers.filter((name) => name.endsWith('.part') || name.includes('.nomad-partial')),
    ).toEqual([])
    const finishedEvents = env.events.filter(
      (e) => e.name === 'downloads.finished' && (e.payload as { id: string }).id === jobId,
    )
    expect(finishedEvents).toHaveLength(1)
    await env.call('downloads.remove', { jobId })
    expect((await env.call('downloads.list', {})).jobs.some((j) => j.id === jobId)).toBe(false)
  }, 60_000)
})

describe('provenance', () => {
  it('verify lists missing and changed files; run again fetches only those', async () => {
    fullSpeed()
    const destination = join(made.path, 'again')
    const { jobId } = await env.call('downloads.start', spec(destination))
    await finished(env, jobId)
    const manifest = JSON.parse(readFileSync(join(destination, 'manifest.json'), 'utf8')) as {
      files: { path: string }[]
      apiVersion: string | null
    }
    expect(manifest.apiVersion).not.toBeNull()
    const [gone, edited] = manifest.files.map((f) => f.path)
    rmSync(join(destination, gone ?? ''))
    writeFileSync(join(destination, edited ?? ''), 'changed')
    const report = await env.call('downloads.verify', { jobId })
    expect(report.missing).toEqual([gone])
    expect(report.changed.map((c) => c.path)).toEqual([edited])
    const again = await env.call('downloads.runAgain', {
      manifestPath: join(destination, 'manifest.json'),
    })
    const job = await finished(env, again.jobId)
    expect(job.state).toBe('done')
    expect(job.filesSkipped).toBe(manifest.files.length - 2)
    expect(job.filesDone).toBe(2)
    expect(await differences(env, destination)).toEqual([])
  }, 60_000)

  it('refuses a manifest from another server and one of an unknown version', async () => {
    const folder = join(made.path, 'foreign')
    mkdirSync(folder)
    const path = join(made.path, 'again', 'manifest.json')
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
    writeFileSync(
      join(folder, 'manifest.json'),
      JSON.stringify({
        ...manifest,
        server: { id: 'x', name: 'Elsewhere', baseUrl: 'https://elsewhere.example/api/v1' },
      }),
    )
    const foreign = await env
      .call('downloads.runAgain', { manifestPath: join(folder, 'manifest.json') })
      .catch((e: unknown) => e as Error)
    expect((foreign as Error).message).toContain('not one of your servers')
    writeFileSync(join(folder, 'manifest.json'), JSON.stringify({ ...manifest, version: 99 }))
    const future = await env
      .call('downloads.runAgain', { manifestPath: join(folder, 'manifest.json') })
      .catch((e: unknown) => e as Error)
    expect((future as Error).message).toContain('manifest version 99')
  })

  it('a job whose server profile was removed stays listed and says why', async () => {
    const other = await env.call('servers.add', {
      name: 'Second',
      baseUrl: env.sandbox.baseUrl.replace('127.0.0.1', 'localhost'),
    })
    const destination = join(made.path, 'orphan')
    const { jobId } = await env.call('downloads.start', {
      ...spec(destination),
      serverId: other.id,
    })
    await env.call('downloads.pause', { jobId })
    await env.call('servers.remove', { id: other.id })
    await env.call('downloads.resume', { jobId })
    const job = await finished(env, jobId)
    expect(job.state).toBe('failed')
    expect(job.message).toContain('was removed')
    expect(existsSync(destination)).toBe(true)
  }, 60_000)
})
