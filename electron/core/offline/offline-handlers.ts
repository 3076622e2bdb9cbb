import type { offlineChannels } from '../../../shared/ipc/channels/offline'
import type { HandlersFor } from '../ipc/router'
import { openDbManager } from '../db-manager'
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
  const { ready, use: withManager } = openDbManager(services, 'the offline library', (db) =>
    createOfflineManager({
      api: services.api,
      profiles: services.profiles,
      db,
      events: services.events,
      logger: services.logger,
      now: services.now,
      dataDir: services.dataDir,
    }),
  )
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
