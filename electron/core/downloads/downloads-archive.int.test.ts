import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDownloadCore, type DownloadCore } from './test-support/download-core'
import { finished, tempFolder } from './test-support/download-env'

let env: DownloadCore
const made = tempFolder()
// Every visible entry: more than one page of 100, so the cursor is used.
const query = {}
const required = {
  metadata: { entry_id: '*' },
  results: { material: { chemical_formula_reduced: '*' } },
}

beforeAll(async () => {
  env = await startDownloadCore({
    sandbox: {
      entries: 400,
      faults: { pathPattern: 'archive', error502Rate: 0.1, resetRate: 0.1, seed: 3 },
    },
  })
}, 60_000)

afterAll(async () => {
  await env.close()
  made.remove()
})

/** The ids the server has for the query, for comparison. */
async function expectedIds(): Promise<string[]> {
  const response = await fetch(`${env.sandbox.baseUrl}/entries/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      owner: 'visible',
      query,
      pagination: { page_size: 1000 },
      required: { include: ['entry_id'] },
    }),
  })
  const body = (await response.json()) as { data: { entry_id: string }[] }
  return body.data.map((e) => e.entry_id).sort()
}

describe('archive jobs', () => {
  it('writes one JSON file per entry, every entry once, paged with a durable cursor', async () => {
    const destination = join(made.path, 'per-entry')
    const spec = {
      serverId: env.serverId,
      source: { kind: 'archive' as const, query, required },
      destination,
    }
    const plan = await env.call('downloads.plan', spec)
    const ids = await expectedIds()
    expect(ids.length).toBeGreaterThan(100)
    expect(plan.entries).toBe(ids.length)
    expect(plan.units).toBe(Math.ceil(ids.length / 100))
    const { jobId } = await env.call('downloads.start', spec)
    const job = await finished(env, jobId)
    expect(job).toMatchObject({ state: 'done', filesDone: ids.length, filesFailed: 0 })
    const written = readdirSync(destination, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.archive.json'))
      .map((name) => name.slice(name.lastIndexOf('/') + 1, -'.archive.json'.length))
      .sort()
    expect(written).toEqual(ids)
    const manifest = JSON.parse(readFileSync(join(destination, 'manifest.json'), 'utf8')) as {
      entryIds: string[]
      required: unknown
    }
    expect([...manifest.entryIds].sort()).toEqual(ids)
    expect(manifest.required).toEqual(required)
    expect((await env.call('downloads.verify', { jobId })).ok).toBe(ids.length)
  }, 120_000)

  it('writes one JSON Lines file with one line per entry', async () => {
    const destination = join(made.path, 'jsonl')
    const { jobId } = await env.call('downloads.start', {
      serverId: env.serverId,
      source: { kind: 'archive', query, required, format: 'jsonl' },
      destination,
    })
    const job = await finished(env, jobId)
    expect(job.state).toBe('done')
    const lines = readFileSync(join(destination, 'archive.jsonl'), 'utf8').trim().split('\n')
    const ids = lines.map((line) => (JSON.parse(line) as { entry_id: string }).entry_id).sort()
    expect(ids).toEqual(await expectedIds())
  }, 120_000)
})
