/**
 * Gives a finished file its final name so that a crash leaves either the old name or the new one
 * with complete content: the caller has fsynced the file's bytes; the rename is then made
 * durable by fsyncing the folder that holds the new entry. The downloads journal relies on it:
 * a final-named file is never incomplete (docs/downloads.md, "Crash safety").
 */
import { open, rename } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Codes with which a platform refuses to open or fsync a folder; the rename is then as durable as it gets. */
const FOLDER_SYNC_UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'ENOTSUP', 'EBADF'])

/** Renames `from` to `to` (same file system) and fsyncs the target's folder. */
export async function renameDurable(from: string, to: string): Promise<void> {
  await rename(from, to)
  await syncFolder(dirname(to))
}

/**
 * Renames many files and then fsyncs each folder they landed in once (a zip's members share a
 * few folders): as durable as one renameDurable per file, with far fewer folder syncs.
 */
export async function renameAllDurable(
  pairs: readonly (readonly [string, string])[],
): Promise<void> {
  const folders = new Set<string>()
  for (const [from, to] of pairs) {
    await rename(from, to)
    folders.add(dirname(to))
  }
  for (const folder of folders) await syncFolder(folder)
}

/** Makes new, renamed or removed entries of `folder` durable. */
export async function syncFolder(folder: string): Promise<void> {
  let handle
  try {
    handle = await open(folder, 'r')
  } catch (error) {
    if (unsupported(error)) return
    throw error
  }
  try {
    await handle.sync()
  } catch (error) {
    if (!unsupported(error)) throw error
  } finally {
    await handle.close()
  }
}

function unsupported(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code !== undefined && FOLDER_SYNC_UNSUPPORTED.has(code)
}
