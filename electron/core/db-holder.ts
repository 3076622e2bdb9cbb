import type { EmbeddedDb } from './storage/embedded-db'

/**
 * Something built on the embedded database (a domain's manager, db-manager.ts): `suspend` stops
 * its writers and lets go of the old handle; `resume` starts it again on the new one.
 */
export interface DbClient {
  suspend(): Promise<void>
  resume(): Promise<void>
}

/**
 * Core's one embedded database, which can be closed and opened again elsewhere while core runs
 * (the data folder's move, data-move/). Every holder of the database registers with `hold`, so
 * a move reaches all of them; while the database is closed, `current()` waits for the next one.
 */
export interface DbHolder {
  /** The folder the database and the library's files are in now. */
  dir(): string
  /** The open database (opened on first use); during a move, the one it ends with. */
  current(): Promise<EmbeddedDb>
  hold(client: DbClient): void
  /** Suspends every holder, then closes the database; `current()` waits from now on. */
  suspend(): Promise<void>
  /** Makes `db` (open at `dir`) the database and resumes every holder on it. */
  resume(dir: string, db: EmbeddedDb): Promise<void>
  /** Ends a suspension without a database: everything waiting gets `error`. */
  fail(error: unknown): void
  /** Closes the database at shutdown. */
  close(): Promise<void>
}

export function createDbHolder(options: {
  dir: string
  /** Opens the database at `dir`; the first call may finish a move left by a crash first. */
  open: (dir: string) => Promise<EmbeddedDb>
}): DbHolder {
  let dir = options.dir
  let db: Promise<EmbeddedDb> | undefined
  let gate: { resolve(db: EmbeddedDb): void; reject(error: unknown): void } | undefined
  const clients: DbClient[] = []
  return {
    dir: () => dir,
    current: () => (db ??= options.open(dir)),
    hold: (client) => void clients.push(client),
    async suspend() {
      const old = db
      db = new Promise<EmbeddedDb>((resolve, reject) => (gate = { resolve, reject }))
      // Nobody waiting on a suspension that fails must not become an unhandled rejection.
      db.catch(() => undefined)
      for (const client of clients) await client.suspend()
      if (old !== undefined) await old.then((open) => open.close()).catch(() => undefined)
    },
    async resume(next, opened) {
      dir = next
      gate?.resolve(opened)
      gate = undefined
      db = Promise.resolve(opened)
      for (const client of clients) await client.resume()
    },
    fail(error) {
      gate?.reject(error)
      gate = undefined
    },
    async close() {
      if (gate !== undefined) return
      if (db !== undefined) await db.then((open) => open.close()).catch(() => undefined)
    },
  }
}
