import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/ipc/contract'
import { contract } from '../../../shared/ipc/contract'
import type { Sandbox } from '../../sandbox'
import { testSandbox } from '../../sandbox/testing/harness'
import { createCore, type Core } from '../create-core'
import { createRouter } from '../ipc/router'
import { createLogger, createMemorySink } from '../logging'
import { createMemoryStore } from '../settings/key-value'

// 'app.startup' against the sandbox: one answer equal to the separate channels' answers.

let sandbox: Sandbox
let core: Core
let dataDir: string
let call: <C extends ChannelName>(channel: C, input: ChannelInput<C>) => Promise<ChannelOutput<C>>

beforeAll(async () => {
  sandbox = await testSandbox({ entries: 200 })
  dataDir = mkdtempSync(join(tmpdir(), 'startup-int-'))
  core = createCore({
    mode: 'web',
    platform: 'linux',
    appVersion: '0.1.0',
    dataDir,
    settingsStore: createMemoryStore(),
    events: { emit: () => undefined },
    logger: createLogger({ sink: createMemorySink() }),
    devChecks: true,
    recheck: { onlineMs: 0, failedMs: 0 },
  })
  const router = createRouter(contract, core.handlers, { validateOutputs: true })
  call = async (channel, input) => {
    const result = await router.call(channel, input, {
      signal: new AbortController().signal,
      sender: 'test',
    })
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
    return result.value as never
  }
})

afterAll(async () => {
  await core.dispose()
  await sandbox.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('app.startup', () => {
  it('answers what the first screen would otherwise ask in five calls', async () => {
    const profile = await call('servers.add', { name: 'Sandbox', baseUrl: sandbox.baseUrl })
    await call('servers.select', { id: profile.id })
    const saved = {
      owner: 'visible' as const,
      query: { 'results.material.elements': { all: ['Ti'] } },
      columns: ['entry_id'],
      orderBy: null,
      order: 'desc' as const,
      pageSize: 20,
      units: {},
    }
    await call('search.state.set', { serverId: profile.id, state: saved })

    const startup = await call('app.startup', {})
    expect(startup.status.activeServerId).toBe(profile.id)
    expect(startup.info).toEqual(await call('app.info', {}))
    expect(startup.settings).toEqual(await call('settings.get', {}))
    expect(startup.servers).toEqual(await call('servers.list', {}))
    expect(startup.search.serverId).toBe(profile.id)
    expect(startup.search.catalogue).toEqual(await call('search.info', { serverId: profile.id }))
    expect(startup.search.state).toEqual({ value: saved })
  })

  it('still answers when the active server cannot be reached', async () => {
    const profile = await call('servers.add', {
      name: 'Gone',
      baseUrl: 'http://127.0.0.1:9/api/v1',
    })
    await call('servers.select', { id: profile.id })
    const startup = await call('app.startup', {})
    // search.info falls back to the catalogue built in; whatever it answers, startup has the same.
    expect(startup.search.serverId).toBe(profile.id)
    expect(startup.search.catalogue).toEqual(await call('search.info', { serverId: profile.id }))
    // Nothing was saved for it: read fine, and empty.
    expect(startup.search.state).toEqual({ value: null })
  })
})
