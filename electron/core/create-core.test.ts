import { describe, expect, it } from 'vitest'
import { contract } from '../../shared/ipc/contract'
import { createOfflineDispatcher } from './api/test-support/offline-dispatcher'
import { createCore } from './create-core'
import { createRouter } from './ipc/router'
import { createMemorySink, createLogger } from './logging'
import { createMemoryStore } from './settings/key-value'
import type { CorePorts } from './ports'

function makeCore(overrides: Partial<CorePorts> = {}) {
  const emitted: { event: string; payload: unknown }[] = []
  const core = createCore({
    mode: 'web',
    platform: 'linux',
    appVersion: '0.1.0',
    dataDir: '/tmp/unused',
    settingsStore: createMemoryStore(),
    events: { emit: (event, payload) => emitted.push({ event, payload }) },
    logger: createLogger({ sink: createMemorySink() }),
    devChecks: true,
    // No network in unit tests: every probe answers like an unreachable host.
    dispatcher: createOfflineDispatcher(),
    recheck: { onlineMs: 0, failedMs: 0 },
    ...overrides,
  })
  const router = createRouter(contract, core.handlers, { validateOutputs: true })
  const call = (channel: string, input: unknown) =>
    router.call(channel, input, { signal: new AbortController().signal, sender: 'test' })
  return { core, router, call, emitted }
}

describe('createCore', () => {
  it('has exactly one handler per contract channel', async () => {
    const { core } = makeCore()
    expect(Object.keys(core.handlers).sort()).toEqual(Object.keys(contract.channels).sort())
    await core.dispose()
  })

  it('answers app.info with version, mode and platform', async () => {
    const { call, core } = makeCore()
    expect(await call('app.info', {})).toEqual({
      ok: true,
      value: { name: 'NOMAD Desktop', version: '0.1.0', mode: 'web', platform: 'linux' },
    })
    await core.dispose()
  })

  it('updates settings through a validated patch and announces the change', async () => {
    const { call, emitted, core } = makeCore()
    expect(await call('settings.update', { appearance: { theme: 'dark' } })).toEqual({
      ok: true,
      value: { appearance: { theme: 'dark' } },
    })
    expect(await call('settings.get', {})).toMatchObject({
      value: { appearance: { theme: 'dark' } },
    })
    expect(await call('settings.update', { appearance: { theme: 'neon' } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: { path: ['appearance', 'theme'] } },
    })
    expect(emitted.filter((e) => e.event === 'settings.changed')).toHaveLength(1)
    await core.dispose()
  })

  it('remembers the last download folder per server, merging servers and keeping the theme', async () => {
    const { call, core } = makeCore()
    await call('settings.update', { appearance: { theme: 'dark' } })
    await call('settings.update', { downloads: { lastDestinations: { a: '/data/a' } } })
    expect(
      await call('settings.update', { downloads: { lastDestinations: { b: '/data/b' } } }),
    ).toEqual({
      ok: true,
      value: {
        appearance: { theme: 'dark' },
        downloads: { lastDestinations: { a: '/data/a', b: '/data/b' } },
      },
    })
    expect(
      await call('settings.update', { downloads: { lastDestinations: { a: '' } } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: { path: ['downloads', 'lastDestinations', 'a'] } },
    })
    await core.dispose()
  })

  it('keeps the last route for the next start, in app.startup too, and refuses a malformed one', async () => {
    const { call, core } = makeCore()
    const route = '/archive/nomad-public/e1/%24.run[0].system[0]'
    await call('settings.update', { appearance: { theme: 'dark' } })
    expect(await call('settings.update', { navigation: { lastRoute: route } })).toEqual({
      ok: true,
      value: { appearance: { theme: 'dark' }, navigation: { lastRoute: route } },
    })
    expect(await call('app.startup', {})).toMatchObject({
      ok: true,
      value: { settings: { navigation: { lastRoute: route } } },
    })
    expect(
      await call('settings.update', { navigation: { lastRoute: 'javascript:alert(1) x' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: { path: ['navigation', 'lastRoute'] } },
    })
    await core.dispose()
  })

  it('probes the active server at start and reports it offline without network', async () => {
    const { call, core } = makeCore()
    await expect
      .poll(async () => {
        const result = await call('app.status', {})
        return result.ok
          ? (result.value as { servers: Record<string, { state: string }> }).servers['nomad-public']
              ?.state
          : 'failed'
      })
      .toBe('offline')
    await core.dispose()
  })

  it('checks a newly added server once, without waiting to be asked', async () => {
    const { call, core } = makeCore()
    const added = await call('servers.add', {
      name: 'Lab',
      baseUrl: 'https://lab.example.org/api/v1',
    })
    const id = added.ok ? (added.value as { id: string }).id : ''
    await expect
      .poll(async () => {
        const result = await call('app.status', {})
        return result.ok
          ? (result.value as { servers: Record<string, { state: string }> }).servers[id]?.state
          : 'failed'
      })
      .toBe('offline')
    await core.dispose()
  })

  it('keeps server changes across a restart on the same store', async () => {
    const store = createMemoryStore()
    const first = makeCore({ settingsStore: store })
    const added = await first.call('servers.add', {
      name: 'Lab',
      baseUrl: 'http://localhost:8000/api/v1',
    })
    expect(added.ok).toBe(true)
    const id = added.ok ? (added.value as { id: string }).id : ''
    await first.call('servers.select', { id })
    await first.core.dispose()
    const second = makeCore({ settingsStore: store })
    expect(await second.call('servers.list', {})).toMatchObject({
      ok: true,
      value: { activeServerId: id, servers: [{ id: 'nomad-public' }, { id, name: 'Lab' }] },
    })
    await second.core.dispose()
  })
})
