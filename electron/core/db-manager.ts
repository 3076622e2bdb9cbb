import type { EmbeddedDb } from './storage/embedded-db'
import type { CoreServices } from './services'

/**
 * What a manager carries across a reopen of the database (the data folder's move): `pause`
 * runs before it is disposed and returns what `resume` needs on the new manager (say, the pins
 * that were running, which disposing paused).
 */
export interface CarryOver<M, C> {
  pause(manager: M): C | Promise<C>
  resume(manager: M, carried: C): Promise<void>
}

export interface DbManager<M> {
  /** The manager open now; after the database is reopened elsewhere, the new one. */
  ready(): Promise<M>
  use<T>(action: (manager: M) => T | Promise<T>): Promise<T>
  /** Calls `listener` with every manager that opens: the current one, and each after a move. */
  onOpen(listener: (manager: M) => void): void
}

/**
 * A domain's manager opened at core start on the app's embedded database (so unfinished work
 * continues without waiting for a first call), disposed at shutdown; `use` runs a handler's
 * action once it is open. When the database moves (data-move/), the manager is disposed before
 * the database closes and opened again on the new one, as at a start, so its journal's
 * unfinished work continues there; meanwhile `use` waits. Used by the download manager, the
 * offline library and the recently viewed cache.
 */
export function openDbManager<M extends { dispose(): unknown }, C = undefined>(
  services: CoreServices,
  what: string,
  open: (db: EmbeddedDb) => M | Promise<M>,
  carry?: CarryOver<M, C>,
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
  let carried: { value: C } | undefined
  services.database.hold({
    async suspend() {
      const manager = await ready.catch(() => undefined)
      if (manager !== undefined && carry !== undefined)
        carried = { value: await carry.pause(manager) }
      await manager?.dispose()
      // The database is suspended now: this waits for the one the move ends with.
      ready = start()
    },
    async resume() {
      const manager = await ready.catch(() => undefined)
      const take = carried
      carried = undefined
      if (manager === undefined || take === undefined || carry === undefined) return
      await carry
        .resume(manager, take.value)
        .catch((error: unknown) => services.logger.warn(`${what} could not resume`, { error }))
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
