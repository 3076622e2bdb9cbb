import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type {
  ChannelInput,
  ChannelName,
  ChannelOutput,
  EventName,
  EventPayload,
} from '../../../../shared/ipc/contract'
import { contract } from '../../../../shared/ipc/contract'
import type { Sandbox, SandboxOptions } from '../../../sandbox'
import { testSandbox } from '../../../sandbox/testing/harness'
import { createCore, type Core } from '../../create-core'
import { createRouter } from '../../ipc/router'
import { createLogger, createMemorySink } from '../../logging'
import type { CorePorts } from '../../ports'
import { createMemoryStore } from '../../settings/key-value'

export interface DownloadCore {
  sandbox: Sandbox
  core: Core
  serverId: string
  dataDir: string
  events: { name: EventName; payload: unknown }[]
  call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>
  /** Closes core (as at app exit) and opens a new one on the same data folder and settings. */
  restart(): Promise<void>
  close(): Promise<void>
}

/**
 * Core behind its router with the sandbox as a server, like test-support/sandbox-core, plus what
 * download tests need: port overrides (scheduler timeouts, download tunables), the events it
 * sent, and a restart on the same data folder.
 */
export async function startDownloadCore(
  options: { sandbox?: SandboxOptions; ports?: Partial<CorePorts> } = {},
): Promise<DownloadCore> {
  const sandbox = await testSandbox(options.sandbox)
  const dataDir = mkdtempSync(join(tmpdir(), 'nomad-dl-core-'))
  const settingsStore = createMemoryStore()
  const events: { name: EventName; payload: unknown }[] = []
  const open = () =>
    createCore({
      mode: 'web',
      platform: 'linux',
      appVersion: '0.1.0',
      dataDir,
      settingsStore,
      events: {
        emit<E extends EventName>(name: E, payload: EventPayload<E>) {
          events.push({ name, payload })
        },
      },
      logger: createLogger({ sink: createMemorySink() }),
      devChecks: true,
      recheck: { onlineMs: 0, failedMs: 0 },
      ...options.ports,
    })
  let core = open()
  let router = createRouter(contract, core.handlers, { validateOutputs: true })
  async function call<C extends ChannelName>(
    channel: C,
    input: ChannelInput<C>,
  ): Promise<ChannelOutput<C>> {
    const result = await router.call(channel, input, {
      signal: new AbortController().signal,
      sender: 'test',
    })
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
    return result.value as ChannelOutput<C>
  }
  const profile = await call('servers.add', { name: 'Sandbox', baseUrl: sandbox.baseUrl })
  const env: DownloadCore = {
    sandbox,
    core,
    serverId: profile.id,
    dataDir,
    events,
    call,
    async restart() {
      await core.dispose()
      core = open()
      router = createRouter(contract, core.handlers, { validateOutputs: true })
      env.core = core
    },
    async close() {
      await core.dispose()
      await sandbox.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return env
}
