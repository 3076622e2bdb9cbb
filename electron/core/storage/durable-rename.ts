/**
 * Gives a finished file its final name so that a crash leaves either the old name or the new one
 * with complete content: the caller has fsynced the file's bytes; the rename is then made
 * durable by fsyncing the folder that holds the new entry. The downloads journal relies on it:
 * a final-named file is never incomplete (docs/downloads.md, "Crash safety").
 */
import { rename } from 'node:fs/promises'
import { dirname } from 'node:path'
import { syncFolder } from './atomic-write'

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
