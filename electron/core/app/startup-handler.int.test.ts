import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'

// 'app.startup' against the sandbox: one answer equal to the separate channels' answers.

let env: SandboxCore

beforeAll(async () => {
  env = await startSandboxCore({ entries: 200 })
})
afterAll(() => env.close())

describe('app.startup', () => {
  it('answers what the first screen would otherwise ask in five calls', async () => {
    const { call, serverId } = env
    await call('servers.select', { id: serverId })
    const saved = {
      owner: 'visible' as const,
      query: { 'results.material.elements': { all: ['Ti'] } },
      columns: ['entry_id'],
      orderBy: null,
      order: 'desc' as const,
      pageSize: 20,
      units: {},
    }
    await call('search.state.set', { serverId, state: saved })

    const startup = await call('app.startup', {})
    expect(startup.status.activeServerId).toBe(serverId)
    expect(startup.info).toEqual(await call('app.info', {}))
    expect(startup.settings).toEqual(await call('settings.get', {}))
    expect(startup.servers).toEqual(await call('servers.list', {}))
    expect(startup.search.serverId).toBe(serverId)
    expect(startup.search.catalogue).toEqual(await call('search.info', { serverId }))
    expect(startup.search.state).toEqual({ value: saved })
  })

  it('still answers when the active server cannot be reached', async () => {
    const { call } = env
    const gone = await call('servers.add', { name: 'Gone', baseUrl: 'http://127.0.0.1:9/api/v1' })
    await call('servers.select', { id: gone.id })
    const startup = await call('app.startup', {})
    // search.info falls back to the catalogue built in; whatever it answers, startup has the same.
    expect(startup.search.serverId).toBe(gone.id)
    expect(startup.search.catalogue).toEqual(await call('search.info', { serverId: gone.id }))
    // Nothing was saved for it: read fine, and empty.
    expect(startup.search.state).toEqual({ value: null })
  })
})
