import { stat } from 'node:fs/promises'
import { AppError } from '../../../shared/errors'
import type { PinSummary } from '../../../shared/ipc/channels/offline'
import {
  DEFAULT_OFFLINE_PREFERENCES,
  type OfflinePreferences,
  type StorageView,
  type offlineSyncChannels,
} from '../../../shared/ipc/channels/offline-sync'
import { statfsFreeSpace } from '../downloads/destination'
import type { DbManager } from '../db-manager'
import type { HandlersFor } from '../ipc/router'
import type { CoreServices } from '../services'
import type { PinRecord } from './library-records'
import type { OfflineManager } from './offline-manager'
import { exportPin, importPin } from './pin-file'
import { startSyncSchedule } from './sync-schedule'
import { startAddNew, startSync } from './sync-runner'
import { bytesOnDisk } from '../storage/disk-usage'

/**
 * The offline library's sync, storage and portability channels over the one offline manager
 * (offline-handlers.ts opens it), and the sync schedule, started once the manager is open.
 */

/**
 * The recently viewed cache as the storage view sees it: its own module (recent-cache.ts, with
 * its limit and clear channels in offline-mode-domain.ts) plugs in here through `cache`
 * (absent, or not open: the view shows no cache).
 */
export interface OfflineCachePort {
  usage(): Promise<{ entries: number; bytes: number }>
}

export interface OfflineSyncOptions {
  appVersion: string
  cache?: () => OfflineCachePort | undefined
}

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '')

export function createOfflineSyncHandlers(
  services: CoreServices,
  manager: DbManager<OfflineManager>,
  options: OfflineSyncOptions,
): HandlersFor<typeof offlineSyncChannels> {
  const withManager = <T>(action: (m: OfflineManager) => T | Promise<T>) => manager.use(action)

  function pinOf(m: OfflineManager, pinId: string): PinRecord {
    const pin = m.library.getPin(pinId)
    if (pin === undefined)
      throw new AppError('not_found', `There is no pin ${pinId}; it may have been removed.`)
    return pin
  }

  function preferences(): OfflinePreferences {
    return { ...DEFAULT_OFFLINE_PREFERENCES, ...services.settings.read().offlineSync }
  }

  /** Starts (or continues) a sync; a pin that never finished continues its pinning instead. */
  async function sync(m: OfflineManager, pinId: string): Promise<PinSummary> {
    const pin = pinOf(m, pinId)
    if (pin.state === 'pinning') return m.summary(pin)
    if (pin.phase !== 'done' || pin.sync !== undefined) return m.resume(pinId)
    const next = startSync(pin, services.now())
    await m.library.savePin(next)
    m.announce(next)
    m.run(pinId)
    return m.summary(next)
  }

  // Each library that opens (at start, and after a data move) is scanned: damage is found at
  // start, not when a search meets it, and the list offers a re-sync.
  let latest: OfflineManager | undefined
  manager.onOpen((m) => {
    const first = latest === undefined
    latest = m
    if (first) schedule()
    void m.scan().then(
      (damaged) => {
        if (damaged.length > 0)
          services.logger.warn('the offline library has damaged records', {
            count: damaged.length,
          })
      },
      (error: unknown) => services.logger.warn('the offline library scan failed', { error }),
    )
  })
  // The schedule starts with the first library and follows the one open now.
  function schedule() {
    const stop = startSyncSchedule({
      everyHours: () => preferences().syncEveryHours,
      pins: () => latest?.library.listPins() ?? [],
      startSync: (pinId) => withManager((m) => sync(m, pinId)),
      now: services.now,
      onError: (error) => services.logger.warn('a scheduled sync could not start', { error }),
    })
    services.onDispose(stop)
  }

  async function storage(m: OfflineManager): Promise<StorageView> {
    const servers = new Map<string, StorageView['servers'][number]>()
    for (const pin of m.library.listPins()) {
      const server = servers.get(pin.serverId) ?? {
        serverId: pin.serverId,
        serverName: pin.serverName || pin.serverId,
        pins: [],
        entries: 0,
        bytes: 0,
      }
      server.pins.push({
        pinId: pin.pinId,
        label: pin.label,
        entries: pin.entries,
        bytes: pin.bytes,
      })
      server.entries += pin.entries
      server.bytes += pin.bytes
      servers.set(pin.serverId, server)
    }
    const db = await services.embeddedDb()
    const file = await stat(db.path).catch(() => undefined)
    const cache = options.cache?.()
    return {
      servers: [...servers.values()],
      database: { path: db.path, bytes: file ? bytesOnDisk(file) : 0 },
      free: await statfsFreeSpace(services.libraryDir()),
      cache: cache ? await cache.usage() : null,
    }
  }

  function serverFor(header: { name: string; baseUrl: string }) {
    const found = services.profiles.list().servers.find((s) => sameUrl(s.baseUrl, header.baseUrl))
    if (found) return { id: found.id, name: found.name }
    const note = 'Added by importing an offline pin.'
    const name = header.name.trim() || header.baseUrl
    try {
      const added = services.profiles.add({ name, baseUrl: header.baseUrl, note })
      return { id: added.id, name: added.name }
    } catch {
      const added = services.profiles.add({
        name: `${name} (imported)`,
        baseUrl: header.baseUrl,
        note,
      })
      return { id: added.id, name: added.name }
    }
  }

  return {
    'offline.sync': ({ pinId }) => withManager((m) => sync(m, pinId)),
    'offline.syncReport': ({ pinId }) => withManager((m) => pinOf(m, pinId).lastSync ?? null),
    'offline.pinNew': ({ pinId }) =>
      withManager(async (m) => {
        const pin = pinOf(m, pinId)
        if (pin.state === 'pinning')
          throw new AppError('conflict', 'This pin is busy; pin the new entries once it is done.')
        const next = startAddNew(pin)
        if (next === undefined)
          throw new AppError(
            'conflict',
            pin.entries >= pin.limit
              ? `This pin keeps its limit of ${pin.limit} entries; remove it and pin the search again with a higher limit.`
              : 'The last sync found no new entries to pin.',
          )
        await m.library.savePin(next)
        m.announce(next)
        m.run(pinId)
        return m.summary(next)
      }),
    'offline.preferences': () => Promise.resolve(preferences()),
    'offline.setPreferences': (next) => {
      const doc = services.settings.read()
      services.settings.write({ ...doc, offlineSync: next })
      return Promise.resolve(preferences())
    },
    'offline.storage': () => withManager(storage),
    'offline.export': ({ pinId, path }) =>
      withManager(async (m) => {
        const pin = pinOf(m, pinId)
        let baseUrl: string
        try {
          baseUrl = services.profiles.get(pin.serverId).baseUrl
        } catch {
          throw new AppError(
            'not_found',
            `The server profile of "${pin.label}" was removed, so the file could not say where its entries come from. Add the server again to export it.`,
          )
        }
        const server = { name: pin.serverName || pin.serverId, baseUrl }
        return exportPin(m.library, pin, server, path, options.appVersion)
      }),
    'offline.import': ({ path }) =>
      withManager(async (m) => {
        const pin = await importPin(m.library, path, serverFor)
        m.announce(pin)
        return m.summary(pin)
      }),
  }
}
