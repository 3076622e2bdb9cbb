import type { EmbeddedDb } from './storage/embedded-db'
import type { CoreServices } from './services'

export interface DbManager<M> {
  /** The manager open now; after the database is reopened elsewhere, the new one. */
  ready(): Promise<M>
  /** A property, not a method: handlers take it out of the object (`const { use } = …`). */
  use: <T>(action: (manager: M) => T | Promise<T>) => Promise<T>
  /** Calls `listener` with every manager that opens: the current one, and each after a move. */
  onOpen(listener: (manager: M) => void): void
}

/**
 * A domain's manager opened at core start on the app's embedded database (so unfinished work
 * continues without waiting for a first call), disposed at shutdown; `use` runs a handler's
 * action once it is open. When the database moves (data-move/), the manager is disposed before
 * the database closes and opened again on the new one, as at a start, so its journal's
 * unfinished work continues there (a pin stopped by the close is still 'pinning' and resumes, a
 * download job resumes from its journal); meanwhile `use` waits. Used by the download manager,
 * the offline library and the recently viewed cache.
 */
export function openDbManager<M extends { dispose(): unknown }>(
  services: CoreServices,
  what: string,
  open: (db: EmbeddedDb) => M | Promise<M>,
): DbManager<M> {
  const listeners: ((manager: M) => void)[] = []
  const tell = (opening: Promise<M>, listener: (manager: M) => void) =>
    void opening.then(
      (manager) => {
        try {
          listener(manager)
        } catch (error) {
          services.logger.warn(`a listener of ${what} failed`, { error })
        }
      },
      () => undefined,
    )
  const start = () => {
    const opening = services.embeddedDb().then(open)
    opening.catch((error: unknown) => services.logger.error(`${what} could not open`, { error }))
    for (const listener of listeners) tell(opening, listener)
    return opening
  }
  let ready = start()
  services.database.hold({
    async suspend() {
      const manager = await ready.catch(() => undefined)
      await manager?.dispose()
      // The database is suspended now: this waits for the one the move ends with.
      ready = start()
    },
    async resume() {
      // The manager opened on the new database picks its unfinished work up by itself.
      await ready.catch(() => undefined)
    },
  })
  services.onDispose(async () => {
    const manager = await ready.catch(() => undefined)
    await manager?.dispose()
  })
  return {
    ready: () => ready,
    use: async (action) => action(await ready),
    onOpen(listener) {
      listeners.push(listener)
      tell(ready, listener)
    },
  }
}
