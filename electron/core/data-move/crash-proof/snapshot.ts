import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { open } from 'lmdb'
import { EMBEDDED_DB_FILE } from '../../storage/embedded-db'

/**
 * Everything a data folder holds, byte for byte, for "nothing lost" checks (tests only): every
 * record of every sub-database of the app's database (the offline library, its summaries, the
 * recently viewed cache, the downloads journal), read as raw bytes so no decoding can hide a
 * difference, and every file below `offline-files` with its SHA-256.
 */
export interface DataSnapshot {
  records: Record<string, string[]>
  files: Record<string, string>
}

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

export async function snapshotData(dir: string): Promise<DataSnapshot> {
  const root = open({ path: join(dir, EMBEDDED_DB_FILE), noSubdir: true, readOnly: true })
  const records: Record<string, string[]> = {}
  try {
    // The unnamed database lists the named ones by name (read whole before opening any).
    const names = [...root.getKeys()].filter((name) => typeof name === 'string')
    for (const name of names) {
      const db = root.openDB<Uint8Array, Uint8Array>({
        name,
        encoding: 'binary',
        keyEncoding: 'binary',
      })
      records[name] = [...db.getRange()].map(
        ({ key, value }) => `${Buffer.from(key).toString('hex')} ${digest(value)}`,
      )
    }
  } finally {
    await root.close()
  }
  const files: Record<string, string> = {}
  const walk = (at: string) => {
    if (!existsSync(at)) return
    if (statSync(at).isDirectory()) for (const name of readdirSync(at)) walk(join(at, name))
    else files[relative(dir, at)] = digest(readFileSync(at))
  }
  walk(join(dir, 'offline-files'))
  return { records, files }
}
