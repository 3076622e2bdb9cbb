import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { downloadSpecSchema } from '../../../shared/ipc/channels/downloads'
import type { ItemRecord, JobRecord } from './job-record'
import { buildManifest, manifestSchema, readManifest, writeManifest } from './manifest'
import { verifyFolder } from './verify'

const root = mkdtempSync(join(tmpdir(), 'nomad-manifest-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const sha = (text: string) => createHash('sha256').update(text).digest('hex')

const job: JobRecord = {
  id: 'j1',
  spec: downloadSpecSchema.parse({
    serverId: 's1',
    source: { kind: 'upload', uploadId: 'up' },
    destination: root,
  }),
  serverName: 'Lab',
  baseUrl: 'https://lab.example/api/v1',
  apiVersion: '1.3.16',
  label: 'Upload up',
  state: 'done',
  priority: 'normal',
  createdAt: Date.UTC(2026, 0, 1),
  finishedAt: Date.UTC(2026, 0, 2),
  root,
  entries: 1,
  uploads: 1,
  entryIds: ['e1'],
  known: {},
}
const item = (
  i: number,
  rel: string,
  text: string,
  status: ItemRecord['status'] = 'done',
): ItemRecord => ({
  i,
  unit: i,
  uploadId: 'up',
  path: rel.slice(3),
  size: text.length,
  rel,
  status,
  offset: text.length,
  sha256: sha(text),
  attempts: 1,
})

describe('manifest.json', () => {
  it('records server, API version, source, time, entry ids and finished files with sha256', async () => {
    const manifest = buildManifest(
      job,
      [item(0, 'up/a.txt', 'alpha'), item(1, 'up/b.txt', 'beta', 'failed')],
      's1',
    )
    expect(manifestSchema.parse(manifest)).toEqual(manifest)
    expect(manifest).toMatchObject({
      version: 1,
      server: { id: 's1', name: 'Lab', baseUrl: 'https://lab.example/api/v1' },
      apiVersion: '1.3.16',
      source: { kind: 'upload', uploadId: 'up' },
      createdAt: '2026-01-01T00:00:00.000Z',
      entryIds: ['e1'],
      files: [{ path: 'up/a.txt', size: 5, sha256: sha('alpha'), uploadId: 'up' }],
    })
    const path = await writeManifest(root, manifest)
    expect(await readManifest(path)).toEqual(manifest)
  })

  it('refuses files that are not manifests, or of an unknown version, saying which', async () => {
    const bad = join(root, 'bad.json')
    writeFileSync(bad, '{ nope')
    await expect(readManifest(bad)).rejects.toThrow('is not JSON')
    writeFileSync(bad, JSON.stringify({ format: 'other', version: 1 }))
    await expect(readManifest(bad)).rejects.toThrow('is not a NOMAD Desktop download manifest')
    writeFileSync(bad, JSON.stringify({ format: 'nomad-desktop-download', version: 2 }))
    await expect(readManifest(bad)).rejects.toThrow(
      'manifest version 2, which this app does not know',
    )
    await expect(readManifest(join(root, 'missing.json'))).rejects.toThrow(
      'cannot be read (ENOENT)',
    )
  })
})

describe('verifyFolder', () => {
  it('lists missing, changed and extra files against the manifest', async () => {
    mkdirSync(join(root, 'up'), { recursive: true })
    for (const [name, text] of [
      ['a.txt', 'alpha'],
      ['c.txt', 'gamma'],
      ['d.txt', 'delta'],
      ['extra.txt', 'x'],
    ])
      writeFileSync(join(root, 'up', name ?? ''), text ?? '')
    writeFileSync(join(root, 'up', 'd.txt'), 'DELTA')
    const manifest = buildManifest(
      job,
      [
        item(0, 'up/a.txt', 'alpha'),
        item(1, 'up/b.txt', 'beta'),
        item(2, 'up/c.txt', 'gamma!'),
        item(3, 'up/d.txt', 'delta'),
      ],
      's1',
    )
    const report = await verifyFolder('j1', root, manifest, 42)
    expect(report).toEqual({
      jobId: 'j1',
      checkedAt: 42,
      checked: 4,
      ok: 1,
      missing: ['up/b.txt'],
      changed: [
        { path: 'up/c.txt', reason: '5 bytes instead of 6' },
        { path: 'up/d.txt', reason: 'same size, different content (sha256 differs)' },
      ],
      extra: ['up/extra.txt'],
    })
  })
})
