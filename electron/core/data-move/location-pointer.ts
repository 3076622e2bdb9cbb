/**
 * Where the app's data (the database and the library's files) lives, when it is not the app's
 * own folder: a small pointer file in the app's folder, which never moves (settings and the
 * token vault stay where the operating system keeps configuration). The move writes it with the
 * atomic write at each step, so a crash leaves one of its states whole (docs/offline.md).
 */
import { existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import type { Logger } from '../logging'
import { writeFileAtomic } from '../storage/atomic-write'
import { EMBEDDED_DB_FILE } from '../storage/embedded-db'

export const POINTER_FILE = 'data-location.json'

/** What moves: the database (with the downloads journal, pins and cache) and the pins' raw files. */
export const MOVED_PARTS = [EMBEDDED_DB_FILE, 'offline-files'] as const
/** LMDB's lock file: recreated on open, never copied, removed with the database. */
const LOCK_FILE = `${EMBEDDED_DB_FILE}-lock`

/**
 * `copying`: the copy to `to` has started, `from` is the data. `verified`: `to` holds a verified
 * copy and is the data; `from` may still hold the old copy. `done`: `to` is the data, alone.
 */
export const pointerSchema = z.strictObject({
  version: z.literal(1),
  from: z.string(),
  to: z.string(),
  state: z.enum(['copying', 'verified', 'done']),
})
export type DataPointer = z.infer<typeof pointerSchema>

export const pointerPath = (appDir: string) => join(appDir, POINTER_FILE)

export function writePointer(appDir: string, pointer: Omit<DataPointer, 'version'>) {
  return writeFileAtomic(pointerPath(appDir), `${JSON.stringify({ version: 1, ...pointer })}\n`)
}

/** The folder the data is in by the pointer's state: `from` until the copy is verified. */
export const dataDirOf = (pointer: DataPointer) =>
  pointer.state === 'copying' ? pointer.from : pointer.to

/**
 * Reads the pointer at start (synchronously: core needs the folder before anything opens). No
 * pointer: the data is in the app's folder. An unreadable one is logged and ignored, since it is
 * only ever replaced whole; the app then starts on its own folder rather than not at all.
 */
export function readPointer(appDir: string, logger: Logger): DataPointer | undefined {
  let text: string
  try {
    text = readFileSync(pointerPath(appDir), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      logger.error('the data location file cannot be read', { error })
    return undefined
  }
  try {
    return pointerSchema.parse(JSON.parse(text))
  } catch (error) {
    logger.error('the data location file is damaged; using the app folder', { error })
    return undefined
  }
}

/**
 * Finishes what a move interrupted by a crash left, before the database opens: an unfinished
 * copy is removed (the data stays at `from`), a verified one's old copy is removed (the data is
 * at `to`). Either way the pointer ends `done` at the folder in use.
 */
export async function settlePointer(appDir: string, pointer: DataPointer): Promise<void> {
  if (pointer.state === 'done') return
  const [keep, drop] =
    pointer.state === 'copying' ? [pointer.from, pointer.to] : [pointer.to, pointer.from]
  if (resolve(keep) !== resolve(drop)) await removeParts(drop)
  await writePointer(appDir, { from: keep, to: keep, state: 'done' })
}

/**
 * Refuses to start on a moved data folder that is not there (a disk not connected): opening it
 * would quietly create an empty library in its place.
 */
export function requireDataDir(appDir: string, pointer: DataPointer): void {
  const dir = dataDirOf(pointer)
  if (!existsSync(dir))
    throw new AppError(
      'unavailable',
      `The app's data (offline library, downloads list) was moved to ${dir}, which cannot be found. Connect the disk it is on and start the app again, or remove ${pointerPath(appDir)} to start with an empty library in ${appDir}.`,
    )
}

/**
 * Removes the moved parts from `dir`; the folder itself stays (the user chose or owns it, and
 * the app's own folder holds settings).
 */
export async function removeParts(dir: string): Promise<void> {
  for (const part of [...MOVED_PARTS, LOCK_FILE])
    await rm(join(dir, part), { recursive: true, force: true })
}
