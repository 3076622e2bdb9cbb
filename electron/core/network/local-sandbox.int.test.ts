import { afterEach, describe, expect, it } from 'vitest'
import type { AppStatus } from '../../../shared/ipc/channels/app'
import type { NetworkMeter } from '../../../shared/ipc/channels/net'
import type { ServerList } from '../../../shared/ipc/models/server-profile'
import { startSandbox } from '../../sandbox'
import { createLoopbackOnlyDispatcher } from '../api/test-support/offline-dispatcher'
import { createCore, type Core } from '../create-core'
import { createLogger, createMemorySink } from '../logging'
import { SANDBOX_SERVER_ID, type SandboxPort } from '../servers/local-sandbox'
import { createMemoryStore, type KeyValueStore } from '../settings/key-value'
import { SETTINGS_KEY } from '../settings/settings-repo'

// The "Local sandbox" profile end to end in core: selecting it starts a real sandbox once
// ("starting…", then online), its address replaces the placeholder, its meter is live, and
// shutting core down stops it.

const cores: Core[] = []
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose()
})

function countingPort(limits?: { rate: number; concurrency: number }) {
  const counts = { starts: 0, closes: 0 }
  const port: SandboxPort = {
    async start() {
      counts.starts += 1
      const sandbox = await startSandbox({
        quiet: true,
        entries: 100,
        ...(limits === undefined ? {} : { limits }),
      })
      return {
        baseUrl: sandbox.baseUrl,
        close: async () => {
          counts.closes += 1
          await sandbox.close()
        },
      }
    },
  }
  return { port, counts }
}

function makeCore(port: SandboxPort, settingsStore: KeyValueStore = createMemoryStore()) {
  const events: { event: string; payload: unknown }[] = []
  const core = createCore({
    mode: 'web',
    platform: 'linux',
    appVersion: '0.1.0',
    dataDir: '/tmp/unused',
    settingsStore,
    events: { emit: (event, payload) => events.push({ event, payload }) },
    logger: createLogger({ sink: createMemorySink() }),
    devChecks: true,
    dispatcher: createLoopbackOnlyDispatcher(),
    recheck: { onlineMs: 0, failedMs: 0 },
    sandbox: port,
  })
  cores.push(core)
  const call = (channel: keyof typeof core.handlers, input: unknown) =>
    (core.handlers[channel] as (input: unknown, ctx: unknown) => Promise<unknown>)(input, {
      signal: new AbortController().signal,
      sender: 'test',
    })
  return { core, events, call }
}

describe('the Local sandbox profile', () => {
  it('is offered next to the public server, starts once on selection and comes online', async () => {
    const { port, counts } = countingPort()
    const { events, call } = makeCore(port)
    const list = (await call('servers.list', {})) as ServerList
    expect(list.servers.map((s) => [s.id, s.kind])).toEqual([
      ['nomad-public', 'remote'],
      [SANDBOX_SERVER_ID, 'sandbox'],
    ])
    expect(await call('net.meter', { serverId: SANDBOX_SERVER_ID })).toBeNull()

    await call('servers.select', { id: SANDBOX_SERVER_ID })
    const statuses = () =>
      events
        .filter((e) => e.event === 'app.status')
        .map((e) => (e.payload as AppStatus).servers[SANDBOX_SERVER_ID])
    await expect.poll(() => statuses().at(-1)?.state, { timeout: 20_000 }).toBe('online')
    expect(statuses()).toContainEqual({ state: 'checking', message: 'Starting the local sandbox…' })

    const announced = events
      .filter((e) => e.event === 'servers.changed')
      .map((e) => (e.payload as ServerList).servers.find((s) => s.id === SANDBOX_SERVER_ID))
    expect(announced.at(-1)?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/)

    // A second check and a direct client both reuse the running sandbox.
    await call('servers.check', { id: SANDBOX_SERVER_ID })
    const meter = (await call('net.meter', { serverId: SANDBOX_SERVER_ID })) as NetworkMeter
    expect(meter).toMatchObject({ serverId: SANDBOX_SERVER_ID, state: 'normal', inFlight: 0 })
    expect(meter.history.reduce((sum, s) => sum + s.completed, 0)).toBe(2)
    expect(counts.starts).toBe(1)
  })

  it('pushes net.meter events for the sandbox and stops it when core shuts down', async () => {
    const { port, counts } = countingPort()
    const { core, events } = makeCore(port)
    const client = await core.services.api.clientFor(SANDBOX_SERVER_ID)
    await Promise.all([
      client.info(),
      client.groups.list(),
      core.services.api.clientFor(SANDBOX_SERVER_ID),
    ])
    await expect
      .poll(() =>
        events.some(
          (e) =>
            e.event === 'net.meter' &&
            (e.payload as NetworkMeter).serverId === SANDBOX_SERVER_ID &&
            (e.payload as NetworkMeter).completedPerSecond > 0,
        ),
      )
      .toBe(true)
    expect(counts.starts).toBe(1)
    cores.splice(cores.indexOf(core), 1)
    await core.dispose()
    expect(counts.closes).toBe(1)
  })

  it('reuses what it learned after a restart on another port', async () => {
    const settingsStore = createMemoryStore()
    const strict = { rate: 5, concurrency: 2 }
    const first = makeCore(countingPort(strict).port, settingsStore)
    const client = await first.core.services.api.clientFor(SANDBOX_SERVER_ID)
    // Starting at 4 in flight against a sandbox that allows 2: it is refused and learns.
    await Promise.all(
      Array.from({ length: 12 }, () => client.info({ lane: 'background' }).catch(() => undefined)),
    )
    const learned = (await first.call('net.meter', { serverId: SANDBOX_SERVER_ID })) as NetworkMeter
    expect(learned.learnedRate).not.toBeNull()
    cores.splice(cores.indexOf(first.core), 1)
    await first.core.dispose()
    const saved = settingsStore.data.get(SETTINGS_KEY) as {
      network?: { learnedLimits: Record<string, unknown> }
    }
    // One key for the profile, not one per port.
    expect(Object.keys(saved.network?.learnedLimits ?? {})).toEqual(['sandbox:local-sandbox'])

    const second = makeCore(countingPort(strict).port, settingsStore)
    const again = await second.core.services.api.clientFor(SANDBOX_SERVER_ID)
    expect(again.baseUrl).not.toBe(client.baseUrl)
    const warm = (await second.call('net.meter', { serverId: SANDBOX_SERVER_ID })) as NetworkMeter
    expect(warm.learnedRate).toBeCloseTo(learned.learnedRate ?? 0, 5)
    expect(warm.concurrencyLimit).toBe(learned.concurrencyLimit)
  })
})
