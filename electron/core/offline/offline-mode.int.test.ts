import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ArchiveAnswer } from '../../../shared/ipc/channels/archive'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'
import { firstEntries, settledPin } from './testing/pins'

// Offline mode end to end against the sandbox: "Work offline" by hand sends nothing to the
// server (its request count stays at zero) while search, an entry's details and the archive
// viewer answer from the pinned entries and the recently viewed cache, each saying so; a
// reference inside the pinned archive summary is followed, one outside it is named; and a
// server that stops answering is found offline by the first request that fails.

let env: SandboxCore
let pinnedIds: string[] = []
let viewedId = ''

const read = (entryId: string, path: (string | number)[]) =>
  env.call('archive.read', { serverId: env.serverId, entryId, path })

beforeAll(async () => {
  env = await startSandboxCore({ entries: 40 })
  const page = await firstEntries(env, 12)
  const ids = page.rows.map((row) => row.id)
  pinnedIds = ids.slice(0, 10)
  viewedId = ids[11] ?? ''
  const { pinId } = await env.call('offline.pin', {
    serverId: env.serverId,
    source: { kind: 'entries', entryIds: pinnedIds },
  })
  expect((await settledPin(env, pinId)).state).toBe('complete')
  // Viewed online, not pinned: its details and the archive parts seen go to the cache.
  await env.call('search.entry', { serverId: env.serverId, entryId: viewedId })
  await read(viewedId, [])
  await read(viewedId, ['metadata'])
  // The cache keeps what was viewed after the answer went out (it never delays one).
  for (let i = 0; i < 100 && (await env.call('offline.cacheInfo', {})).items < 3; i++)
    await new Promise((resolve) => setTimeout(resolve, 20))
})
afterAll(() => env.close())

/** The pinned system the last calculation's `system_ref` names, and its path. */
function lastCalculation(run: ArchiveAnswer): { ref: string; index: number } {
  const value = run.value as { calculation?: unknown[] }
  const calculations = value.calculation ?? []
  const last = calculations[calculations.length - 1] as { system_ref?: string } | null
  const ref = last?.system_ref ?? ''
  return { ref, index: Number(/system\/(\d+)$/.exec(ref)?.[1]) }
}

describe('working offline by hand', () => {
  it('sends nothing to the server and answers from this computer, saying so', async () => {
    const status = await env.call('offline.workOffline', {
      serverId: env.serverId,
      offline: true,
    })
    expect(status).toMatchObject({
      state: 'offline',
      manual: true,
      since: expect.any(Number) as number,
    })
    expect((await env.call('app.status', {})).servers[env.serverId]).toMatchObject({
      state: 'offline',
      manual: true,
    })
    env.sandbox.resetStats()

    const page = await firstEntries(env, 50)
    expect(page.rows.map((row) => row.id)).toEqual(pinnedIds)
    expect(page.offline?.entries).toBe(10)

    // The pinned archive summary: the top level, then the run with its real list lengths.
    const id = pinnedIds[0] ?? ''
    const top = await read(id, [])
    expect(top.offline).toMatchObject({ source: 'pinned', at: expect.any(Number) as number })
    expect(Object.keys(top.value as object)).toEqual(
      expect.arrayContaining(['metadata', 'results', 'run']),
    )
    const run = await read(id, ['run', 0])
    const { ref, index } = lastCalculation(run)
    expect(ref).toMatch(/^#\/run\/0\/system\/\d+$/)
    // Following the reference: its target is the pinned last system.
    const system = await read(id, ['run', 0, 'system', index])
    expect(system.offline?.source).toBe('pinned')
    expect(system.value).toEqual(expect.objectContaining({}))
    // A place outside the pinned part is named as such.
    const outside = await env.failure('archive.read', {
      serverId: env.serverId,
      entryId: id,
      path: ['run', 0, 'system', 0],
    })
    expect(outside.code).toBe('network')
    expect(outside.message).toContain('is not in the pinned part of this archive')

    // Recently viewed, not pinned: details and the parts seen come from the cache.
    const detail = await env.call('search.entry', { serverId: env.serverId, entryId: viewedId })
    expect(detail.entry.entry_id).toBe(viewedId)
    expect(detail.offline).toMatchObject({ source: 'cached', at: expect.any(Number) as number })
    const cachedTop = await read(viewedId, [])
    expect(cachedTop.offline?.source).toBe('cached')
    expect((await read(viewedId, ['metadata'])).offline?.source).toBe('cached')

    // What needs the server says why, without sending anything.
    const signIn = await env.failure('groups.list', { serverId: env.serverId, scope: 'mine' })
    expect(signIn.code).toBe('network')
    expect(signIn.message).toContain('You are working offline from Sandbox')

    expect(env.sandbox.stats().requests).toBe(0)
  })

  it('reaches the server again once switched off', async () => {
    const status = await env.call('offline.workOffline', {
      serverId: env.serverId,
      offline: false,
    })
    expect(status.state).toBe('online')
    expect(status.manual).toBeUndefined()
    const top = await read(pinnedIds[0] ?? '', [])
    expect(top.offline).toBeUndefined()
    expect(env.sandbox.stats().requests).toBeGreaterThan(0)
  })

  it('keeps the cache within its limit and empties it on request', async () => {
    const before = await env.call('offline.cacheInfo', {})
    expect(before.items).toBeGreaterThanOrEqual(3)
    expect(before.maxBytes).toBe(200 * 1024 * 1024)
    const emptied = await env.call('offline.cacheLimit', { maxMegabytes: 0 })
    expect(emptied).toMatchObject({ items: 0, bytes: 0, maxBytes: 0 })
    const refused = await env.failure('offline.cacheLimit', { maxMegabytes: -1 })
    expect(refused.message).toContain('The cache size cannot be negative.')
    await env.call('offline.cacheLimit', { maxMegabytes: 50 })
    await env.call('search.entry', { serverId: env.serverId, entryId: viewedId })
    await expect.poll(async () => (await env.call('offline.cacheInfo', {})).items).toBe(1)
    expect((await env.call('offline.cacheClear', {})).items).toBe(0)
  })

  it('pauses a pin running when the server is switched offline, instead of failing it', async () => {
    // Slow answers: the pin is still at its first page when the switch comes.
    env.sandbox.setFaults({ latencyMs: 400 })
    const { pinId } = await env.call('offline.pin', {
      serverId: env.serverId,
      source: { kind: 'search', query: {}, owner: 'visible' },
      withArchives: false,
    })
    await env.call('offline.workOffline', { serverId: env.serverId, offline: true })
    env.sandbox.setFaults({ latencyMs: 0 })
    expect(await settledPin(env, pinId)).toMatchObject({ state: 'paused' })
    await env.call('offline.workOffline', { serverId: env.serverId, offline: false })
    await env.call('offline.resume', { pinId })
    const { total } = await firstEntries(env, 1)
    expect(await settledPin(env, pinId)).toMatchObject({ state: 'complete', entries: total })
  })

  it('turns to offline by itself when a request finds the server unreachable', async () => {
    await env.sandbox.close()
    const detail = await env.call('search.entry', {
      serverId: env.serverId,
      entryId: pinnedIds[1] ?? '',
    })
    expect(detail.offline?.source).toBe('pinned')
    // The re-check retries a refused connection once, after a full-jitter wait of up to 1 s
    // (probe.ts, DEFAULT_BACKOFF): poll's default 1 s ended before it in CI under load.
    await expect
      .poll(async () => (await env.call('app.status', {})).servers[env.serverId], {
        timeout: 5_000,
      })
      .toMatchObject({ state: 'offline', since: expect.any(Number) as number })
  })
})
