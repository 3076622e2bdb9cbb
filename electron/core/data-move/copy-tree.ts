/**
 * Copies the data's files to the new folder with progress, then checks the copy against what
 * was read: every file's size and SHA-256, read back from the new disk (so a write the disk
 * lost or garbled is found before the old copy goes).
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { lstat, mkdir, open, readdir } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { AppError } from '../../../shared/errors'
import { syncFolder } from '../storage/atomic-write'
import { bytesOnDisk } from '../storage/disk-usage'

export interface DataFile {
  /** Below the data folder, with the platform's separators. */
  path: string
  size: number
  /** What it takes on disk (`bytesOnDisk`), for the data folder's size shown to the user. */
  onDisk: number
}

export interface CopyProgress {
  bytes: number
  totalBytes: number
  files: number
  totalFiles: number
}

/** The files of `parts` (files or folders) below `dir`; missing parts are skipped. */
export async function listFiles(dir: string, parts: readonly string[]): Promise<DataFile[]> {
  const files: DataFile[] = []
  async function walk(path: string): Promise<void> {
    const info = await lstat(path).catch(() => undefined)
    if (info === undefined) return
    if (info.isDirectory()) {
      for (const name of (await readdir(path)).sort()) await walk(join(path, name))
    } else if (info.isFile())
      files.push({ path: relative(dir, path), size: info.size, onDisk: bytesOnDisk(info) })
  }
  for (const part of parts) await walk(join(dir, part))
  return files
}

async function hashOf(path: string, onChunk?: (chunk: Buffer) => Promise<void>): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const bytes = chunk as Buffer
    hash.update(bytes)
    if (onChunk) await onChunk(bytes)
  }
  return hash.digest('hex')
}

/**
 * Copies `files` from `from` to `to` (each fsynced, and its folder), reporting progress per
 * chunk; returns each file's SHA-256 as read from `from`. An aborted `signal` stops between
 * chunks with AppError `cancelled`.
 */
export async function copyFiles(
  from: string,
  to: string,
  files: readonly DataFile[],
  options: { signal: AbortSignal; onProgress: (progress: CopyProgress) => void },
): Promise<Map<string, string>> {
  const progress: CopyProgress = {
    bytes: 0,
    totalBytes: files.reduce((sum, file) => sum + file.size, 0),
    files: 0,
    totalFiles: files.length,
  }
  const hashes = new Map<string, string>()
  const folders = new Set<string>()
  async function copyOne(file: DataFile) {
    const target = join(to, file.path)
    await mkdir(dirname(target), { recursive: true })
    folders.add(dirname(target))
    const out = await open(target, 'w', 0o600)
    try {
      const digest = await hashOf(join(from, file.path), async (chunk) => {
        if (options.signal.aborted)
          throw new AppError('cancelled', 'The move was cancelled; nothing changed.')
        await out.write(chunk)
        progress.bytes += chunk.length
        options.onProgress({ ...progress })
      })
      await out.sync()
      hashes.set(file.path, digest)
    } finally {
      await out.close()
    }
    progress.files += 1
    options.onProgress({ ...progress })
  }
  await eachAtOnce(files, COPY_CONCURRENCY, copyOne)
  for (const folder of folders) await syncFolder(folder)
  return hashes
}

/** Throws AppError `internal` naming the first file whose copy differs in size or content. */
export async function verifyCopy(
  to: string,
  files: readonly DataFile[],
  hashes: ReadonlyMap<string, string>,
): Promise<void> {
  await eachAtOnce(files, COPY_CONCURRENCY, async (file) => {
    const target = join(to, file.path)
    const size = (await lstat(target).catch(() => undefined))?.size
    if (size !== file.size || (await hashOf(target)) !== hashes.get(file.path))
      throw new AppError(
        'internal',
        `The copy of ${file.path} in ${to} differs from the original (${size ?? 'missing'} of ${file.size} bytes, or other content); the data stays where it was.`,
      )
  })
}

/**
 * Files copied (and read back) at once: a pin's raw files are often thousands of small files,
 * where one fsync after another, not the bytes, takes the time.
 */
const COPY_CONCURRENCY = 8

/**
 * Runs `action` over `items`, at most `limit` at a time. The first failure stops the rest and
 * is thrown once every running action has ended (so nothing still writes when the caller
 * cleans up).
 */
async function eachAtOnce<T>(
  items: readonly T[],
  limit: number,
  action: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  let failure: { error: unknown } | undefined
  const worker = async () => {
    for (let i = next++; failure === undefined && i < items.length; i = next++) {
      try {
        await action(items[i] as T)
      } catch (error) {
        failure ??= { error }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  if (failure !== undefined) throw failure.error
}
