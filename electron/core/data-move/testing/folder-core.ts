import type {
  ChannelInput,
  ChannelName,
  ChannelOutput,
  EventPayload,
} from '../../../../shared/ipc/contract'
import { contract } from '../../../../shared/ipc/contract'
import type { MoveProgress } from '../../../../shared/ipc/channels/data-move'
import { createCore, type Core } from '../../create-core'
import { createRouter } from '../../ipc/router'
import { createLogger, createMemorySink } from '../../logging'
import type { KeyValueStore } from '../../settings/key-value'
import type { DataMoveOptions } from '../data-mover'

/**
 * A real core on a given app folder and settings store (tests only), so that a test can stop
 * it and start another on the same folder, as the app does across a restart or a crash.
 */
export interface FolderCore {
  core: Core
  progress: MoveProgress[]
  /** Every state each pin was announced in (`offline.changed`), in order. */
  pinStates: Map<string, string[]>
  call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>
  failure<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<Error>
}

export function startFolderCore(options: {
  appDir: string
  store: KeyValueStore
  dataMove?: DataMoveOptions
  /** Hears each move progress event as it is emitted (say, to cancel at a phase). */
  onProgress?: (progress: MoveProgress) => void
}): FolderCore {
  const progress: MoveProgress[] = []
  const pinStates = new Map<string, string[]>()
  const core = createCore({
    mode: 'web',
    platform: 'linux',
    appVersion: '0.1.0',
    dataDir: options.appDir,
    settingsStore: options.store,
    events: {
      emit: (event, payload) => {
        if (event === 'offline.moveProgress') {
          progress.push(payload as MoveProgress)
          options.onProgress?.(payload as MoveProgress)
        }
        if (event === 'offline.changed')
          for (const pin of (payload as EventPayload<'offline.changed'>).pins)
            pinStates.set(pin.pinId, [...(pinStates.get(pin.pinId) ?? []), pin.state])
      },
    },
    logger: createLogger({ sink: createMemorySink() }),
    devChecks: true,
    recheck: { onlineMs: 0, failedMs: 0 },
    ...(options.dataMove ? { dataMove: options.dataMove } : {}),
  })
  const router = createRouter(contract, core.handlers, { validateOutputs: true })
  async function call<C extends ChannelName>(channel: C, input: ChannelInput<C>) {
    const signal = new AbortController().signal
    const result = await router.call(channel, input, { signal, sender: 'test' })
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
    return result.value as ChannelOutput<C>
  }
  return {
    core,
    progress,
    pinStates,
    call,
    async failure(channel, input) {
      try {
        await call(channel, input)
      } catch (error) {
        return error as Error
      }
      throw new Error(`${channel} succeeded but was expected to fail`)
    },
  }
}

/** The ids of the first `count` public entries by entry id, as Search lists them (tests). */
export async function firstPublicEntries(
  env: FolderCore,
  serverId: string,
  count: number,
): Promise<string[]> {
  const page = await env.call('search.page', {
    serverId,
    owner: 'public',
    query: {},
    columns: [],
    orderBy: 'entry_id',
    order: 'asc',
    pageSize: count,
    after: null,
    lane: 'interactive',
  })
  return page.rows.map((row) => row.id)
}
