import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/ipc/contract'
import { contract } from '../../../shared/ipc/contract'
import type { Sandbox, SandboxOptions } from '../../sandbox'
import { testSandbox } from '../../sandbox/testing/harness'
import { createCore, type Core } from '../create-core'
import { createRouter } from '../ipc/router'
import { createLogger, createMemorySink } from '../logging'
import { createMemoryStore } from '../settings/key-value'

/** A failed channel call as the test sees it: an Error with the IPC error's code and details. */
export type CallError = Error & { code: string; details?: { status?: number } }

export interface SandboxCore {
  sandbox: Sandbox
  core: Core
  serverId: string
  call<C extends ChannelName>(
    channel: C,
    input: ChannelInput<C>,
    signal?: AbortSignal,
  ): Promise<ChannelOutput<C>>
  /** The error a call fails with (the test fails if it succeeds). */
  failure<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<CallError>
  /** One of the sandbox's demo accounts by username (throws when there is none). */
  demoUser(username: string): DemoUser
  /** Signs the core in on the sandbox as that demo account. */
  signInAs(username: string): Promise<void>
  close(): Promise<void>
}

type DemoUser = Sandbox['demoUsers'][number]

/**
 * The real core behind its router (inputs and outputs checked against the contract) with a
 * real sandbox added as a server profile: channels end to end in Node, router → handlers →
 * NomadClient → scheduler → sandbox.
 */
export async function startSandboxCore(options: SandboxOptions = {}): Promise<SandboxCore> {
  const sandbox: Sandbox = await testSandbox(options)
  const dataDir = mkdtempSync(join(tmpdir(), 'nomad-core-int-'))
  const core: Core = createCore({
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
  async function call<C extends ChannelName>(
    channel: C,
    input: ChannelInput<C>,
    signal = new AbortController().signal,
  ): Promise<ChannelOutput<C>> {
    const result = await router.call(channel, input, { signal, sender: 'test' })
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
    return result.value as ChannelOutput<C>
  }
  async function failure<C extends ChannelName>(
    channel: C,
    input: ChannelInput<C>,
  ): Promise<CallError> {
    try {
      await call(channel, input)
    } catch (error) {
      return error as CallError
    }
    throw new Error(`${channel} succeeded but was expected to fail`)
  }
  const profile = await call('servers.add', { name: 'Sandbox', baseUrl: sandbox.baseUrl })
  function demoUser(username: string): DemoUser {
    const account = sandbox.demoUsers.find((user) => user.username === username)
    if (!account) throw new Error(`no demo user ${username}`)
    return account
  }
  return {
    sandbox,
    core,
    call,
    failure,
    demoUser,
    async signInAs(username) {
      const { password } = demoUser(username)
      await call('auth.signIn', { serverId: profile.id, username, password })
    },
    serverId: profile.id,
    async close() {
      await core.dispose()
      await sandbox.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
