import type { Database } from 'lmdb'
import type { EmbeddedDb } from '../storage/embedded-db'

/**
 * The library's layout on disk. Layout 1 kept each entry's archive summary inside its entry
 * record, so the start-up scan decoded every summary; layout 2 keeps summaries in
 * `offline-archives` and the scan reads only the small entry records. `migrateArchives` moves
 * them, CHUNK entries per transaction: each transaction moves whole entries (the summary and the
 * slimmed entry record together), so a migration interrupted at any point leaves every entry
 * readable in one layout or the other (the library reads both) and resumes at the next start,
 * where entries already moved cost only a small read. The marker is written when a pass finds
 * nothing left.
 */
export const LAYOUT = 2
const LAYOUT_KEY = 'layout'
const CHUNK = 500

export interface LibraryDbs {
  db: EmbeddedDb
  entries: Database<unknown, EntryKey>
  archives: Database<unknown, EntryKey>
  meta: Database<unknown, string>
}

const pause = () => new Promise((resolve) => setImmediate(resolve))
/** An entry's key in the library's sub-databases: [server id, entry id]. */
export type EntryKey = [string, string]

const sameKey = (a: EntryKey, b: EntryKey | undefined) =>
  b !== undefined && a[0] === b[0] && a[1] === b[1]
const inline = (value: unknown): value is { archive: unknown } =>
  typeof value === 'object' && value !== null && 'archive' in value

/** Moves inline summaries out; returns how many moved. A no-op once the marker is written. */
export async function migrateArchives(
  dbs: LibraryDbs,
  options: { chunk?: number; signal?: AbortSignal } = {},
): Promise<number> {
  if (dbs.meta.get(LAYOUT_KEY) === LAYOUT) return 0
  const chunk = options.chunk ?? CHUNK
  let moved = 0
  let after: EntryKey | undefined
  for (;;) {
    if (options.signal?.aborted === true) return moved
    // The next chunk of keys whose record still holds its summary (read outside the write).
    const keys: EntryKey[] = []
    let last: EntryKey | undefined
    let seen = 0
    for (const { key, value } of dbs.entries.getRange(after ? { start: after } : {})) {
      if (sameKey(key, after)) continue
      last = key
      if (inline(value)) keys.push(key)
      if (++seen >= chunk * 4 || keys.length >= chunk) break
    }
    if (last === undefined) break
    after = last
    if (keys.length > 0)
      moved += await dbs.db.transaction(() => {
        let count = 0
        for (const key of keys) {
          // Read again inside the transaction: a pin may have rewritten it meanwhile.
          const value: unknown = dbs.entries.get(key)
          if (!inline(value)) continue
          const { archive, ...rest } = value
          if (archive === undefined || archive === null) {
            dbs.entries.putSync(key, { ...rest, archived: false })
            continue
          }
          dbs.archives.putSync(key, archive)
          dbs.entries.putSync(key, { ...rest, archived: true })
          count += 1
        }
        return count
      })
    await pause()
  }
  await dbs.db.transaction(() => dbs.meta.putSync(LAYOUT_KEY, LAYOUT))
  return moved
}

/** Reads and checks every summary, yielding between chunks; `check` reports damaged ones. */
export async function checkArchives(
  dbs: LibraryDbs,
  check: (key: EntryKey, value: unknown) => unknown,
  signal?: AbortSignal,
): Promise<void> {
  let read = 0
  for (const { key, value } of dbs.archives.getRange()) {
    if (signal?.aborted === true) return
    check(key, value)
    if (++read % CHUNK === 0) await pause()
  }
}
