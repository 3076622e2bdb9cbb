/**
 * Replaces a file so that a crash at any moment leaves either the old or the new content, never
 * a mix: write a temp file in the same folder, fsync it, rename it over the target, fsync the
 * folder. Writes to one path run one after another; a failed write removes its temp file.
 * docs/storage.md walks through why each step is needed.
 */
import { randomBytes } from 'node:crypto'
import { open, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

/** The part of an open file the atomic write uses. */
/** What the atomic write accepts: the content whole, or in pieces (written in order, streamed). */
export type FileContent =
  string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>

export interface WritableFile {
  writeFile(data: FileContent): Promise<void>
  sync(): Promise<void>
  close(): Promise<void>
}

/** The file-system calls the atomic write makes; tests inject failures through it. */
export interface StorageFs {
  open(path: string, flags: 'wx' | 'r', mode?: number): Promise<WritableFile>
  rename(from: string, to: string): Promise<void>
  unlink(path: string): Promise<void>
}

export const nodeStorageFs: StorageFs = {
  open: (path, flags, mode) => open(path, flags, mode),
  rename,
  unlink,
}

export interface AtomicWriteOptions {
  /** Permission bits of the new file (before the umask); 0600 unless said otherwise. */
  mode?: number
  fs?: StorageFs
}

/**
 * Codes with which a platform refuses to open or fsync a folder (Windows: EISDIR or EPERM; some
 * file systems: EINVAL, ENOTSUP). The rename is then as durable as that platform makes it.
 */
const FOLDER_SYNC_UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'ENOTSUP', 'EBADF'])

/** The end of the queue of writes per resolved path; an entry is removed when its queue drains. */
const queues = new Map<string, Promise<void>>()

/**
 * Atomically replaces `path` with `data`. Concurrent calls for one path run in call order, so the
 * last call's content wins and no two writes interleave. The folder must exist. Content given as
 * an iterable (sync or async) is streamed (a large export never needs to be one string in memory); an
 * error it throws is a failed write like any other: the target stays as it was.
 */
export function writeFileAtomic(
  path: string,
  data: FileContent,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const key = resolve(path)
  const previous = queues.get(key) ?? Promise.resolve()
  const run = previous.then(() =>
    replace(key, data, options.mode ?? 0o600, options.fs ?? nodeStorageFs),
  )
  const tail = run.catch(() => undefined)
  queues.set(key, tail)
  // Drop the entry once nothing is queued behind this write, so the map does not grow.
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key)
  })
  return run
}

async function replace(path: string, data: FileContent, mode: number, fs: StorageFs) {
  // Same folder as the target: rename is atomic only within one file system.
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  const file = await fs.open(temp, 'wx', mode)
  try {
    try {
      await file.writeFile(data)
      await file.sync()
    } finally {
      await file.close()
    }
    await fs.rename(temp, path)
  } catch (error) {
    await fs.unlink(temp).catch(() => undefined)
    throw error
  }
  await syncFolder(dirname(path), fs)
}

/** Makes the rename itself durable: the new directory entry is on disk once the folder is synced. */
export async function syncFolder(folder: string, fs: StorageFs = nodeStorageFs): Promise<void> {
  let handle: WritableFile
  try {
    handle = await fs.open(folder, 'r')
  } catch (error) {
    if (isUnsupported(error)) return
    throw error
  }
  try {
    await handle.sync()
  } catch (error) {
    if (!isUnsupported(error)) throw error
  } finally {
    await handle.close()
  }
}

function isUnsupported(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code !== undefined && FOLDER_SYNC_UNSUPPORTED.has(code)
}
