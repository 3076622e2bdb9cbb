import type { offlineChannels } from '../../../shared/ipc/channels/offline'
import type { HandlersFor } from '../ipc/router'
import type { CoreServices } from '../services'
import { createOfflineManager, type OfflineManager } from './offline-manager'

/**
 * The offline channels over one offline manager, opened at core start on the app's embedded
 * database (so interrupted pins continue); every call waits for it.
 */
export function createOfflineDomain(services: CoreServices): {
  handlers: HandlersFor<typeof offlineChannels>
  /** The manager once open (offline search over pinned entries reads it). */
  manager: Promise<OfflineManager>
} {
  const ready: Promise<OfflineManager> = services.embeddedDb().then((db) =>
    createOfflineManager({
      api: services.api,
      profiles: services.profiles,
      db,
      events: services.events,
      logger: services.logger,
      now: services.now,
    }),
  )
  ready.catch((error: unknown) =>
    services.logger.error('the offline library could not open', { error }),
  )
  services.onDispose(async () => {
    const manager = await ready.catch(() => undefined)
    await manager?.dispose()
  })
  const withManager = async <T>(action: (manager: OfflineManager) => T | Promise<T>): Promise<T> =>
    action(await ready)
  const handlers: HandlersFor<typeof offlineChannels> = {
    'offline.estimate': (spec) => withManager((m) => m.estimate(spec)),
    'offline.pin': (spec) => withManager((m) => m.pin(spec)),
    'offline.list': () => withManager((m) => m.list()),
    'offline.pause': ({ pinId }) => withManager((m) => m.pause(pinId)),
    'offline.resume': ({ pinId }) => withManager((m) => m.resume(pinId)),
    'offline.remove': ({ pinId }) => withManager(async (m) => (await m.remove(pinId), {})),
  }
  return { handlers, manager: ready }
}
