import type { DownloadSpecInput, JobSummary } from '../../../shared/ipc/channels/downloads'
import type { offlineChannels } from '../../../shared/ipc/channels/offline'
import type { HandlersFor } from '../ipc/router'
import { openDbManager, type DbManager } from '../db-manager'
import type { CoreServices } from '../services'
import { createOfflineManager, type OfflineManager } from './offline-manager'
import { createRawFilesKeeper, type RawFilesKeeper, type RawFilesTunables } from './pin-raw-files'

/**
 * The offline channels over one offline manager, opened at core start on the app's embedded
 * database (so interrupted pins continue); every call waits for it.
 */
export function createOfflineDomain(
  services: CoreServices,
  deps: {
    startDownload?: (spec: DownloadSpecInput) => Promise<{ jobId: string }>
    /** Every download job in the journal. */
    listJobs?: () => Promise<JobSummary[]>
    /** Tests of pins' raw files (pin-raw-files.ts). */
    rawFiles?: RawFilesTunables | undefined
  } = {},
): {
  handlers: HandlersFor<typeof offlineChannels>
  /** The manager (offline search over pinned entries reads it); a new one after a data move. */
  manager: DbManager<OfflineManager>
} {
  const { startDownload, listJobs } = deps
  // Raw files of a pin follow once it is complete, as a job in Downloads (pin-raw-files.ts).
  let keeper: RawFilesKeeper | undefined
  const manager = openDbManager(
    services,
    'the offline library',
    (db) => {
      const opened = createOfflineManager({
        api: services.api,
        profiles: services.profiles,
        db,
        events: services.events,
        logger: services.logger,
        now: services.now,
        dataDir: services.libraryDir(),
        afterComplete: async (pin) => void (await keeper?.ensure(pin.pinId)),
      })
      if (startDownload !== undefined && listJobs !== undefined) {
        keeper = createRawFilesKeeper({
          library: opened.library,
          dataDir: services.libraryDir(),
          startDownload,
          listJobs,
          logger: services.logger,
          now: services.now,
          ...deps.rawFiles,
        })
        // Pins completed before the app stopped (or the data moved) get their raw-files job back.
        keeper
          .resumeAll()
          .catch((error: unknown) =>
            services.logger.warn('the raw files of pins could not resume', { error }),
          )
      }
      return opened
    },
    // Closing the library (for a data move, or the app) stops running pins after their last
    // whole page and leaves them 'pinning'; the library opened next resumes them by itself.
  )
  const withManager = <T>(action: (m: OfflineManager) => T | Promise<T>) => manager.use(action)
  const handlers: HandlersFor<typeof offlineChannels> = {
    'offline.estimate': (spec) => withManager((m) => m.estimate(spec)),
    'offline.pin': (spec) => withManager((m) => m.pin(spec)),
    'offline.list': () => withManager((m) => m.list()),
    'offline.pause': ({ pinId }) => withManager((m) => m.pause(pinId)),
    'offline.resume': ({ pinId }) => withManager((m) => m.resume(pinId)),
    'offline.remove': ({ pinId }) => withManager(async (m) => (await m.remove(pinId), {})),
  }
  return { handlers, manager }
}
