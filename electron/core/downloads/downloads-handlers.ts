import { join } from 'node:path'
import type { downloadsChannels } from '../../../shared/ipc/channels/downloads'
import type { HandlersFor } from '../ipc/router'
import type { DesktopPort } from '../ports'
import { openDbManager } from '../db-manager'
import type { CoreServices } from '../services'
import type { NotifyPort } from '../tokens/reminders'
import { createDownloadManager, type DownloadTunables } from './download-manager'
import { MANIFEST_FILE } from './manifest'

export interface DownloadsHandlerDeps {
  desktop?: DesktopPort | undefined
  notify?: NotifyPort | undefined
  /** Tests: free-space probe, thresholds, unit sizes. */
  manager?: DownloadTunables | undefined
}

/**
 * The downloads channels over one download manager. The manager opens at core start (so
 * unfinished jobs resume on their own) on the app's embedded database; every call waits for it.
 */
export function createDownloadsHandlers(
  services: CoreServices,
  deps: DownloadsHandlerDeps = {},
): HandlersFor<typeof downloadsChannels> {
  const { desktop, notify } = deps
  const { use: withManager } = openDbManager(services, 'the download manager', (db) =>
    createDownloadManager({
      api: services.api,
      profiles: services.profiles,
      db,
      events: services.events,
      logger: services.logger,
      now: services.now,
      ...deps.manager,
      desktop: {
        ...(desktop
          ? { setProgress: (fraction: number | null) => desktop.setProgress(fraction) }
          : {}),
        ...(notify ? { notify } : {}),
      },
    }),
  )
  return {
    'downloads.plan': (spec) => withManager((m) => m.plan(spec)),
    'downloads.start': (spec) => withManager((m) => m.start(spec)),
    'downloads.list': () => withManager((m) => ({ jobs: m.list() })),
    'downloads.failures': ({ jobId, offset, limit }) =>
      withManager((m) => m.failures(jobId, offset, limit)),
    'downloads.pause': ({ jobId }) => withManager((m) => m.pause(jobId)),
    'downloads.resume': ({ jobId }) => withManager((m) => m.resume(jobId)),
    'downloads.cancel': ({ jobId, removePartial }) =>
      withManager((m) => m.cancel(jobId, removePartial)),
    'downloads.retry': ({ jobId, paths }) => withManager((m) => m.retry(jobId, paths)),
    'downloads.setPriority': ({ jobId, priority }) =>
      withManager((m) => m.setPriority(jobId, priority)),
    'downloads.remove': ({ jobId }) => withManager(async (m) => (await m.remove(jobId), {})),
    'downloads.verify': ({ jobId }) => withManager((m) => m.verify(jobId)),
    'downloads.manifest': ({ jobId }) => withManager((m) => m.manifest(jobId)),
    'downloads.runAgain': (input) => withManager((m) => m.runAgain(input)),
    'downloads.pickFolder': async ({ title }) => {
      if (desktop === undefined) return { supported: false, path: null }
      return {
        supported: true,
        path: await desktop.pickFolder(title === undefined ? {} : { title }),
      }
    },
    'downloads.reveal': ({ jobId, what }) =>
      withManager(async (m) => {
        const root = m.summary(jobId).destination
        const path = what === 'manifest' ? join(root, MANIFEST_FILE) : root
        if (desktop === undefined) return { supported: false, path }
        await desktop.reveal(path, what === 'manifest' ? 'file' : 'folder')
        return { supported: true, path }
      }),
  }
}
