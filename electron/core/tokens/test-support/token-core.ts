import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox'
import { contract, type ChannelName, type ChannelOutput } from '../../../../shared/ipc/contract'
import type { IpcResult } from '../../../../shared/ipc/result'
import { createCore, type Core } from '../../create-core'
import { createRouter } from '../../ipc/router'
import { createLogger, createMemorySink } from '../../logging'
import type { CorePorts } from '../../ports'
import { createMemoryStore } from '../../settings/key-value'

export const PASSPHRASE = 'integration passphrase'

/**
 * The real core (router with output checks, passphrase vault in a temp folder) next to a real
 * sandbox whose clock the test moves, with the sandbox added and selected as a server profile.
 */
export async function startTokenCore(
  options: { sandbox?: SandboxOptions; ports?: Partial<CorePorts> } = {},
) {
  let clock = Date.now()
  const now = () => clock
  const sandbox: Sandbox = await startSandbox({
    quiet: true,
    entries: 50,
    now,
    ...options.sandbox,
    limits: { rate: null, concurrency: null, ...options.sandbox?.limits },
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'nomad-tokens-int-'))
  const emitted: { event: string; payload: unknown }[] = []
  const logs = createMemorySink()
  const settingsStore = createMemoryStore()
  const makeCore = (): Core =>
    createCore({
      mode: 'web',
      platform: 'linux',
      appVersion: '0.1.0-test',
      dataDir,
      settingsStore,
      events: { emit: (event, payload) => emitted.push({ event, payload }) },
      logger: createLogger({ sink: logs, level: 'debug' }),
      devChecks: true,
      recheck: { onlineMs: 0, failedMs: 0 },
      now,
      vaultPassphrase: PASSPHRASE,
      ...options.ports,
    })
  let core = makeCore()
  let router = createRouter(contract, core.handlers, { validateOutputs: true })

  /** The raw IPC result, as the renderer would receive it. */
  const raw = (channel: ChannelName, input: unknown): Promise<IpcResult<unknown>> =>
    router.call(channel, input, { signal: new AbortController().signal, sender: 'test' })

  /** The value, or a thrown Error carrying the IPC error's code and message. */
  async function call<C extends ChannelName>(
    channel: C,
    input: unknown,
  ): Promise<ChannelOutput<C>> {
    const result = await raw(channel, input)
    if (result.ok) return result.value as ChannelOutput<C>
    throw Object.assign(new Error(result.error.message), result.error)
  }

  const server = await call('servers.add', {
    name: 'Sandbox',
    baseUrl: sandbox.baseUrl,
    note: '',
  })
  await call('servers.select', { id: server.id })
  const lena = sandbox.demoUsers.find((user) => user.username === 'lena')
  if (lena === undefined) throw new Error('the sandbox has no demo user lena')

  return {
    sandbox,
    get core() {
      return core
    },
    /** Disposes core and starts a new one on the same data folder and settings, as after a restart. */
    async restart() {
      await core.dispose()
      core = makeCore()
      router = createRouter(contract, core.handlers, { validateOutputs: true })
    },
    call,
    raw,
    emitted,
    logs: logs.records,
    dataDir,
    serverId: server.id,
    lena,
    signIn: () => call('auth.signIn', { username: lena.username, password: lena.password }),
    /** Moves the shared clock of core and sandbox. */
    advance(ms: number) {
      clock += ms
    },
    now,
    async close() {
      await core.dispose()
      await sandbox.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type TokenCore = Awaited<ReturnType<typeof startTokenCore>>
