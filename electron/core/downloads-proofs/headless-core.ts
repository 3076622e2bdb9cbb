import { contract, type ChannelInput, type ChannelName } from '../../../shared/ipc/contract'
import type { ChannelOutput } from '../../../shared/ipc/contract'
import { createCore } from '../create-core'
import { createRouter } from '../ipc/router'
import { createLogger, createMemorySink } from '../logging'
import type { EventSink } from '../ports'
import type { KeyValueStore } from '../settings/key-value'

/**
 * The core as the web host builds it, without the host: for child processes that run a
 * download and get killed (kill-runner.ts) or measured (e2e/bench/support/download-runner.ts).
 * Calls go through the contract's router, like the renderer's.
 */
export interface HeadlessCore {
  call: <C extends ChannelName>(channel: C, input: ChannelInput<C>) => Promise<ChannelOutput<C>>
  dispose: () => Promise<void>
}

export function startHeadlessCore(options: {
  dataDir: string
  settingsStore: KeyValueStore
  events?: EventSink
  sender: string
}): HeadlessCore {
  const core = createCore({
    mode: 'web',
    platform: process.platform,
    appVersion: '0.1.0',
    dataDir: options.dataDir,
    settingsStore: options.settingsStore,
    events: options.events ?? { emit: () => undefined },
    logger: createLogger({ sink: createMemorySink() }),
    recheck: { onlineMs: 0, failedMs: 0 },
  })
  const router = createRouter(contract, core.handlers, { validateOutputs: true })
  return {
    call: async (channel, input) => {
      const result = await router.call(channel, input, {
        signal: new AbortController().signal,
        sender: options.sender,
      })
      if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`)
      return result.value as ChannelOutput<typeof channel>
    },
    dispose: () => core.dispose(),
  }
}
