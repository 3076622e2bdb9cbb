import { DEFAULT_CACHE_MEGABYTES } from '../../../shared/ipc/channels/offline-mode'
import type { OfflineCachePort } from './offline-sync-handlers'
import type { offlineModeChannels } from '../../../shared/ipc/channels/offline-mode'
import { AppError } from '../../../shared/errors'
import { openDbManager, type DbManager } from '../db-manager'
import type { HandlersFor } from '../ipc/router'
import type { OfflineEntries } from '../search/offline-fallback'
import type { StatusTracker } from '../servers/status-tracker'
import { recheckWhenUnreachable } from '../servers/unreachable-recheck'
import type { CoreServices } from '../services'
import type { OfflineManager } from './offline-manager'
import { RecentCache } from './recent-cache'

const MB = 1024 * 1024

/**
 * Offline mode's channels and what every offline fallback answers from (docs/offline.md):
 * "Work offline" per server (servers/offline-mode.ts keeps it; the status tracker shows it), a
 * re-check of a server as soon as a request finds it unreachable (so the app turns to offline
 * mode by itself), and `answers`: the pinned entries and archive summaries of the offline
 * library joined with the recently viewed cache, which this domain opens on the embedded
 * database.
 */
export function createOfflineModeDomain(
  services: CoreServices,
  deps: { status: StatusTracker; manager: DbManager<OfflineManager> },
): {
  handlers: HandlersFor<typeof offlineModeChannels>
  /** What the fallbacks answer from, over the library and cache open now (a data move reopens them). */
  answers: () => Promise<OfflineEntries>
  /** The cache's usage for the storage view, once the cache is open. */
  cachePort: () => OfflineCachePort | undefined
} {
  const { status } = deps
  const maxBytes = () =>
    (services.settings.read().recentCache?.maxMegabytes ?? DEFAULT_CACHE_MEGABYTES) * MB
  const cacheManager = openDbManager(
    services,
    'the recently viewed cache',
    (db) => new RecentCache(db, maxBytes, services.now),
  )
  const withCache = <T>(action: (cache: RecentCache) => T | Promise<T>) => cacheManager.use(action)
  const log = services.logger.child('offline')

  services.offlineMode.onUnreachable(
    recheckWhenUnreachable(status, (serverId) =>
      services.profiles.list().servers.find((s) => s.id === serverId),
    ),
  )

  const build = async (): Promise<OfflineEntries> => {
    const manager = await deps.manager.ready()
    const cache = await cacheManager.ready().catch(() => undefined)
    return {
      pinned: (serverId) => manager.pinned(serverId),
      syncedAt: (serverId) => manager.syncedAt(serverId),
      query: (serverId, body) => manager.query(serverId, body),
      entry: (serverId, entryId) => manager.entry(serverId, entryId),
      archive(serverId, entryId) {
        const stored = manager.library.entry(serverId, entryId)
        return stored?.archive === undefined
          ? undefined
          : { archive: stored.archive, at: stored.syncedAt }
      },
      cached: (serverId, entryId, part) => cache?.get(serverId, entryId, part),
      remember(serverId, entryId, part, value) {
        cache
          ?.put(serverId, entryId, part, value)
          .catch((error: unknown) => log.warn('could not keep a viewed item', { error }))
      },
    }
  }
  // Built once per library and cache that open; a data move opens new ones.
  let built: { manager: Promise<OfflineManager>; answers: Promise<OfflineEntries> } | undefined
  const answers = () => {
    const manager = deps.manager.ready()
    if (built?.manager !== manager) {
      built = { manager, answers: build() }
      // A library that cannot open is logged where it opens (openDbManager); a fallback that
      // needs it meets the error when it awaits `answers`. Unawaited, it must not be an
      // unhandled rejection.
      built.answers.catch(() => undefined)
    }
    return built.answers
  }
  // Opened at start, so that the first fallback does not wait for the library's scan.
  void answers()

  const handlers: HandlersFor<typeof offlineModeChannels> = {
    'offline.workOffline': async ({ serverId, offline }) => {
      const profile = services.profiles.list().servers.find((s) => s.id === serverId)
      if (profile === undefined)
        throw new AppError('not_found', `There is no server profile ${serverId}.`, {
          path: ['serverId'],
        })
      services.offlineMode.setManual(serverId, offline)
      // A pin of that server running now is paused rather than failed by the refusals: it
      // resumes where it stopped when the user resumes it, online again.
      if (offline) {
        const manager = await deps.manager.ready()
        for (const pin of manager.list().pins)
          if (pin.serverId === serverId && pin.state === 'pinning') await manager.pause(pin.pinId)
      }
      return status.check(profile)
    },
    'offline.cacheInfo': () => withCache((cache) => cache.stats()),
    'offline.cacheLimit': ({ maxMegabytes }) =>
      withCache(async (cache) => {
        const doc = services.settings.read()
        services.settings.write({ ...doc, recentCache: { maxMegabytes } })
        await cache.evict()
        return cache.stats()
      }),
    'offline.cacheClear': () =>
      withCache(async (cache) => {
        await cache.clear()
        return cache.stats()
      }),
  }
  let opened: RecentCache | undefined
  cacheManager.onOpen((cache) => (opened = cache))
  const cachePort = (): OfflineCachePort | undefined => {
    const cache = opened
    if (cache === undefined) return undefined
    return {
      usage: () => {
        const { items, bytes } = cache.stats()
        return Promise.resolve({ entries: items, bytes })
      },
    }
  }
  return { handlers, answers, cachePort }
}
