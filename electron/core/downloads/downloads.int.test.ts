import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDownloadCore, type DownloadCore } from './test-support/download-core'
import { differences, finished, publicEntries, tempFolder } from './test-support/download-env'

let env: DownloadCore
let entries: Awaited<ReturnType<typeof publicEntries>>
const folders: { remove(): void }[] = []
const folder = () => {
  const made = tempFolder()
  folders.push(made)
  return made.path
}

beforeAll(async () => {
  env = await startDownloadCore({ sandbox: { entries: 120 } })
  entries = await publicEntries(env, 30)
})

afterAll(async () => {
  await env.close()
  for (const made of folders) made.remove()
})

describe('downloads of raw files', () => {
  it('downloads a whole upload, files identical to the server and a manifest beside them', async () => {
    const uploadId = entries[0]?.upload_id ?? ''
    const destination = join(folder(), 'upload')
    const spec = {
      serverId: env.serverId,
      source: { kind: 'upload' as const, uploadId },
      destination,
    }
    const plan = await env.call('downloads.plan', spec)
    expect(plan.problems).toEqual([])
    expect(plan.uploads).toBe(1)
    expect(plan.files).toBeGreaterThan(0)
    const { jobId } = await env.call('downloads.start', spec)
    const job = await finished(env, jobId)
    expect(job).toMatchObject({
      state: 'done',
      filesFailed: 0,
      filesDone: plan.files,
      bytesDone: plan.bytes,
    })
    expect(await differences(env, destination)).toEqual([])
    expect(readdirSync(destination).sort()).toEqual([uploadId, 'manifest.json'].sort())
    const report = await env.call('downloads.verify', { jobId })
    expect(report).toMatchObject({
      checked: plan.files,
      ok: plan.files,
      missing: [],
      changed: [],
      extra: [],
    })
  })

  it('downloads the raw files of a selection of entries', async () => {
    const destination = folder()
    const spec = {
      serverId: env.serverId,
      source: { kind: 'entries' as const, entryIds: entries.map((e) => e.entry_id) },
      destination,
    }
    const { jobId } = await env.call('downloads.start', spec)
    const job = await finished(env, jobId)
    expect(job.state).toBe('done')
    expect(job.filesDone).toBeGreaterThan(entries.length)
    expect(await differences(env, destination)).toEqual([])
    for (const entry of entries)
      expect(existsSync(join(destination, entry.upload_id, entry.mainfile))).toBe(true)
  })

  it('downloads the raw files of a search, split into units below the entry limit', async () => {
    const destination = folder()
    const spec = {
      serverId: env.serverId,
      source: { kind: 'search' as const, query: { 'results.material.elements:any': ['O'] } },
      destination,
      include: ['**/*.py', '**/INCAR'],
    }
    const plan = await env.call('downloads.plan', spec)
    expect(plan.entries).toBeGreaterThan(0)
    expect(plan.problems, JSON.stringify(plan.problems)).toEqual([])
    const { jobId } = await env.call('downloads.start', spec)
    const job = await finished(env, jobId)
    expect(job).toMatchObject({ state: 'done', filesDone: plan.files, filesFailed: 0 })
    expect(await differences(env, destination)).toEqual([])
    const manifest = JSON.parse(readFileSync(join(destination, 'manifest.json'), 'utf8')) as {
      files: { path: string }[]
      entryIds: string[]
    }
    expect(manifest.entryIds).toHaveLength(plan.entries)
    expect(manifest.files.every((f) => f.path.endsWith('.py') || f.path.endsWith('/INCAR'))).toBe(
      true,
    )
  })
})
