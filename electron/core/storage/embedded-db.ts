/**
 * The app's one embedded database (LMDB) in the data folder. Domains that need durable,
 * transactional records (the downloads journal, the offline library) each take a named
 * sub-database from the one open environment instead of opening files of their own, so the data
 * folder has one owner and one transaction can span domains. docs/storage.md shows the use.
 */
import { mkdir } from 'node:fs/promises'
import { constants } from 'node:os'
import { join, resolve } from 'node:path'
import { open, type Database, type DatabaseOptions, type Key, type RootDatabase } from 'lmdb'
import { AppError } from '../../../shared/errors'
import { lmdbFileProblem } from './lmdb-header'

/** The database file in the data folder (LMDB adds `app.lmdb-lock` beside it). */
export const EMBEDDED_DB_FILE = 'app.lmdb'

/** How a sub-database stores its values and keys; msgpack values and ordered keys by default. */
export type SubDatabaseOptions = Pick<
  DatabaseOptions,
  'encoding' | 'keyEncoding' | 'compression' | 'cache' | 'useVersions' | 'dupSort'
>

export interface EmbeddedDb {
  /** Absolute path of the database file. */
  readonly path: string
  /** The named sub-database, created on first use; one name per domain ('downloads', 'offline'). */
  openDB<V, K extends Key = Key>(name: string, options?: SubDatabaseOptions): Database<V, K>
  /**
   * Runs the synchronous `action` as one write transaction: its writes, in any sub-database,
   * commit together, and none of them when it throws (the promise then rejects with its error).
   */
  transaction<T>(action: () => T): Promise<T>
  /** Resolves once every committed write is on disk (commits resolve before their fsync). */
  flushed(): Promise<void>
  /** Closes the environment; its sub-databases are unusable afterwards. Idempotent. */
  close(): Promise<void>
}

/** Folders whose database is open in this process: a second opener would be a second owner. */
const openFolders = new Set<string>()

/**
 * Opens (creating if needed) the embedded database of `dataDir`. Throws AppError `unavailable`
 * when the folder cannot be written or the file is in use, `internal` when the file is damaged,
 * and `conflict` when this process has it open already (pass that one on instead).
 */
export async function openEmbeddedDb(dataDir: string): Promise<EmbeddedDb> {
  const folder = resolve(dataDir)
  const path = join(folder, EMBEDDED_DB_FILE)
  if (openFolders.has(folder))
    throw new AppError(
      'conflict',
      `The app database ${path} is already open in this process; share that one instead of opening it again.`,
    )
  openFolders.add(folder)
  try {
    await prepare(folder, path)
    return wrap(path, folder, openRoot(path))
  } catch (error) {
    openFolders.delete(folder)
    throw error
  }
}

async function prepare(folder: string, path: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true })
  } catch (error) {
    throw new AppError(
      'unavailable',
      `The data folder ${folder} cannot be created: ${(error as Error).message}.`,
    )
  }
  let problem: string | undefined
  try {
    problem = await lmdbFileProblem(path)
  } catch (error) {
    throw openFailure(path, error)
  }
  if (problem !== undefined)
    throw new AppError(
      'internal',
      `The app database ${path} is damaged (${problem}). It was left untouched; move it away (with ${EMBEDDED_DB_FILE}-lock) to start a new, empty one.`,
    )
}

function openRoot(path: string): RootDatabase {
  try {
    // noSubdir: one file (plus its lock file) in the data folder, not a folder of its own.
    return open({ path, noSubdir: true })
  } catch (error) {
    throw openFailure(path, error)
  }
}

function wrap(path: string, folder: string, root: RootDatabase): EmbeddedDb {
  let closing: Promise<void> | undefined
  return {
    path,
    openDB: <V, K extends Key = Key>(name: string, options: SubDatabaseOptions = {}) =>
      root.openDB<V, K>({ ...options, name }),
    // lmdb's own transaction() commits what ran before a throw (it shares its batch with other
    // writes); a child transaction inside that batch is the one that aborts.
    transaction: (action) => root.childTransaction(action),
    flushed: async () => {
      await root.flushed
    },
    close() {
      closing ??= root.close().finally(() => openFolders.delete(folder))
      return closing
    },
  }
}

/** Errno values that mean the folder or file may not be written, or someone else holds it. */
const UNWRITABLE = new Set([constants.errno.EACCES, constants.errno.EPERM, constants.errno.EROFS])
const IN_USE = new Set([constants.errno.EAGAIN, constants.errno.EBUSY, constants.errno.EWOULDBLOCK])
// LMDB on Windows reports Win32 errors: access denied, sharing and lock violations.
const WIN32_UNWRITABLE = new Set([5])
const WIN32_IN_USE = new Set([32, 33])

/** An open failure as the user-facing AppError; `platform` is a parameter so tests cover all. */
export function openFailure(
  path: string,
  error: unknown,
  platform: NodeJS.Platform = process.platform,
): AppError {
  const message = error instanceof Error ? error.message : String(error)
  const raw = (error as { code?: unknown } | undefined)?.code
  const code = typeof raw === 'string' ? constants.errno[raw as keyof typeof constants.errno] : raw
  const win32 = platform === 'win32'
  if (typeof code === 'number' && (UNWRITABLE.has(code) || (win32 && WIN32_UNWRITABLE.has(code))))
    return new AppError(
      'unavailable',
      `The app database ${path} cannot be written (${message}). Check that the data folder is writable.`,
    )
  if (typeof code === 'number' && (IN_USE.has(code) || (win32 && WIN32_IN_USE.has(code))))
    return new AppError(
      'unavailable',
      `The app database ${path} is locked by another program (${message}). Close it and try again.`,
    )
  return new AppError('unavailable', `The app database ${path} cannot be opened: ${message}.`)
}
