import type { EmbeddedDb } from './storage/embedded-db'
import type { CoreServices } from './services'

/**
 * A domain's manager opened at core start on the app's embedded database (so unfinished work
 * continues without waiting for a first call), disposed at shutdown; `use` runs a handler's
 * action once it is open. Used by the download manager and the offline library.
 */
export function openDbManager<M extends { dispose(): unknown }>(
  services: CoreServices,
  what: string,
  open: (db: EmbeddedDb) => M | Promise<M>,
): { ready: Promise<M>; use: <T>(action: (manager: M) => T | Promise<T>) => Promise<T> } {
  const ready = services.embeddedDb().then(open)
  ready.catch((error: unknown) => services.logger.error(`${what} could not open`, { error }))
  services.onDispose(async () => {
    const manager = await ready.catch(() => undefined)
    await manager?.dispose()
  })
  return { ready, use: async (action) => action(await ready) }
}
