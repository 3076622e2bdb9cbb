import type { DownloadSpecInput } from '../../../shared/ipc/channels/downloads'
import type { offlineChannels } from '../../../shared/ipc/channels/offline'
import type { HandlersFor } from '../ipc/router'
import { openDbManager, type DbManager } from '../db-manager'
import type { CoreServices } from '../services'
import { createOfflineManager, type OfflineManager } from './offline-manager'
import { keepRawFiles } from './pin-raw-files'

/**
 * The offline channels over one offline manager, opened at core start on the app's embedded
 * database (so interrupted pins continue); every call waits for it.
 */
export function createOfflineDomain(
  services: CoreServices,
  deps: { startDownload?: (spec: DownloadSpecInput) => Promise<{ jobId: string }> } = {},
): {
  handlers: HandlersFor<typeof offlineChannels>
  /** The manager (offline search over pinned entries reads it); a new one after a data move. */
  manager: DbManager<OfflineManager>
} {
  const manager = openDbManager(
    services,
    'the offline library',
    (db) =>
      createOfflineManager({
        api: services.api,
        profiles: services.profiles,
        db,
        events: services.events,
        logger: services.logger,
        now: services.now,
        dataDir: services.libraryDir(),
      }),
    // Closing the library for a data move pauses running pins and syncs (after their last whole
    // page); the new library resumes exactly those.
    {
      pause: (m) =>
        m.library
          .listPins()
          .filter((pin) => pin.state === 'pinning')
          .map((pin) => pin.pinId),
      resume: async (m, pinIds: string[]) => {
        for (const pinId of pinIds)
          if (m.library.getPin(pinId)?.state === 'paused') await m.resume(pinId)
      },
    },
  )
  const withManager = <T>(action: (m: OfflineManager) => T | Promise<T>) => manager.use(action)
  const handlers: HandlersFor<typeof offlineChannels> = {
    'offline.estimate': (spec) => withManager((m) => m.estimate(spec)),
    'offline.pin': (spec) =>
      withManager(async (m) => {
        const started = await m.pin(spec)
        const { startDownload } = deps
        // Raw files follow once the pin is complete, as a job in Downloads (pin-raw-files.ts).
        if (spec.withRawFiles && startDownload !== undefined)
          void keepRawFiles(
            { manager: m, dataDir: services.libraryDir(), startDownload, logger: services.logger },
            spec,
            started.pinId,
          ).catch((error: unknown) =>
            services.logger.warn('the raw files of a pin could not start', { error }),
          )
        return started
      }),
    'offline.list': () => withManager((m) => m.list()),
    'offline.pause': ({ pinId }) => withManager((m) => m.pause(pinId)),
    'offline.resume': ({ pinId }) => withManager((m) => m.resume(pinId)),
    'offline.remove': ({ pinId }) => withManager(async (m) => (await m.remove(pinId), {})),
  }
  return { handlers, manager }
}
