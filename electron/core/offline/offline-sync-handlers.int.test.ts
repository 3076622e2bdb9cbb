import { readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'
import { PIN_FILE_FORMAT } from './pin-file'

// The sync, storage and portability channels end to end (router → handlers → manager →
// sandbox): a sync of unchanged data, the storage view, a pin exported, removed and imported
// back, and import files that are refused with a sentence that names the problem.

let env: SandboxCore
let dir = ''

beforeAll(async () => {
  env = await startSandboxCore({ entries: 90 })
  dir = await mkdtemp(join(tmpdir(), 'nomad-pin-files-'))
})
afterAll(() => env.close())

async function settled(pinId: string) {
  for (let i = 0; i < 300; i++) {
    const { pins } = await env.call('offline.list', {})
    const pin = pins.find((p) => p.pinId === pinId)
    if (pin && pin.state !== 'pinning') return pin
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`pin ${pinId} did not settle`)
}

let pinId = ''

describe('sync, storage, export and import', () => {
  it('syncs a pin on demand and reports nothing changed on unchanged data', async () => {
    pinId = (
      await env.call('offline.pin', {
        serverId: env.serverId,
        source: { kind: 'search', query: {}, owner: 'public' },
        label: 'Public',
      })
    ).pinId
    const pinned = await settled(pinId)
    expect(await env.call('offline.syncReport', { pinId })).toBeNull()
    const started = await env.call('offline.sync', { pinId })
    expect(started.state).toBe('pinning')
    const synced = await settled(pinId)
    expect(synced).toMatchObject({ state: 'complete', entries: pinned.entries })
    expect(synced.lastSync).toMatchObject({ added: 0, removed: 0, changed: 0 })
    expect(synced.syncedAt).toBeGreaterThanOrEqual(pinned.syncedAt ?? 0)
    const report = await env.call('offline.syncReport', { pinId })
    expect(report).toMatchObject({ unchanged: pinned.entries, items: [] })
    const none = await env.failure('offline.pinNew', { pinId })
    expect(none.message).toBe('The last sync found no new entries to pin.')
  })

  it('shows the space per server and pin', async () => {
    const view = await env.call('offline.storage', {})
    const pin = (await env.call('offline.list', {})).pins.find((p) => p.pinId === pinId)
    expect(view.servers).toEqual([
      {
        serverId: env.serverId,
        serverName: 'Sandbox',
        entries: pin?.entries,
        bytes: pin?.bytes,
        pins: [{ pinId, label: 'Public', entries: pin?.entries, bytes: pin?.bytes }],
      },
    ])
    expect(view.database.bytes).toBeGreaterThan(0)
    expect(view.cache).toEqual({ entries: 0, bytes: 0 })
  })

  it('keeps preferences and names a wrong one', async () => {
    expect(await env.call('offline.preferences', {})).toEqual({
      staleAfterDays: 7,
      syncEveryHours: 0,
    })
    await env.call('offline.setPreferences', { staleAfterDays: 2, syncEveryHours: 24 })
    expect(await env.call('offline.preferences', {})).toEqual({
      staleAfterDays: 2,
      syncEveryHours: 24,
    })
    const wrong = await env.failure('offline.setPreferences', {
      staleAfterDays: 0,
      syncEveryHours: 1,
    })
    expect(wrong.message).toContain('Stale after at least one day.')
    await env.call('offline.setPreferences', { staleAfterDays: 7, syncEveryHours: 0 })
  })

  it('exports a pin to one file and imports it back', async () => {
    const before = (await env.call('offline.list', {})).pins.find((p) => p.pinId === pinId)
    const path = join(dir, 'public.nomad-pin.jsonl')
    const written = await env.call('offline.export', { pinId, path })
    expect(written.entries).toBe(before?.entries)
    const lines = readFileSync(path, 'utf8').trim().split('\n')
    expect(lines).toHaveLength((before?.entries ?? 0) + 1)
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ format: PIN_FILE_FORMAT, version: 1 })

    await env.call('offline.remove', { pinId })
    const imported = await env.call('offline.import', { path })
    expect(imported).toMatchObject({
      state: 'complete',
      serverId: env.serverId,
      label: 'Public',
      entries: before?.entries,
      syncedAt: before?.syncedAt,
    })
    // Sizes are counted per record as JSON: the same within the keys' few bytes of framing.
    expect(Math.abs(imported.bytes - (before?.bytes ?? 0))).toBeLessThan(imported.bytes / 100)
    pinId = imported.pinId
  })

  it('refuses files it cannot read and changes nothing', async () => {
    const before = await env.call('offline.list', {})
    const file = (name: string, text: string) => {
      const path = join(dir, name)
      writeFileSync(path, text)
      return path
    }
    const good = readFileSync(join(dir, 'public.nomad-pin.jsonl'), 'utf8').split('\n')
    const header = JSON.parse(good[0] ?? '{}') as Record<string, unknown>
    const cases: [string, string, string][] = [
      ['empty', '', 'is not a NOMAD Desktop pin file: it is empty.'],
      ['csv', 'a,b\n1,2\n', 'its first line is not JSON.'],
      [
        'other-app',
        `${JSON.stringify({ format: 'optimade-export', version: 1 })}\n`,
        'it says it is "optimade-export", made by another program.',
      ],
      [
        'newer',
        `${JSON.stringify({ ...header, version: 2 })}\n`,
        'was written by a newer NOMAD Desktop (pin file version 2); this one reads version 1. Update the app to import it.',
      ],
      [
        'broken-line',
        [good[0], good[1], '{"doc": {"no_id": 1}}', ...good.slice(3)].join('\n'),
        'Line 3 of',
      ],
      ['cut', good.slice(0, 4).join('\n'), 'is incomplete: its header announces'],
    ]
    for (const [name, text, message] of cases) {
      const failure = await env.failure('offline.import', { path: file(name, text) })
      expect(failure.code, name).toBe('invalid_input')
      expect(failure.message, name).toContain(message)
    }
    const missing = await env.failure('offline.import', { path: join(dir, 'nope.jsonl') })
    expect(missing.message).toBe(`There is no file ${join(dir, 'nope.jsonl')}.`)
    const relative = await env.failure('offline.import', { path: 'pin.jsonl' })
    expect(relative.message).toContain('Give the file as a full path')
    expect(await env.call('offline.list', {})).toEqual(before)
  })
})
