import { isAbsolute, join, relative } from 'node:path'
import { DownloadJournal } from '../downloads/journal'
import type { EmbeddedDb } from '../storage/embedded-db'

/** `path` with the folder `from` replaced by `to`, or undefined when it is not inside `from`. */
export function movedPath(path: string, from: string, to: string): string | undefined {
  const rel = relative(from, path)
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined
  return rel === '' ? to : join(to, rel)
}

/**
 * Download jobs writing into the data folder (a pin's raw files go to `offline-files/<server>`)
 * follow the data: their folder in the copied journal is rewritten to the new place before
 * anything runs there. Reading every job is also the copy's read check.
 * Returns how many jobs were rewritten.
 */
export async function relocateJobs(db: EmbeddedDb, from: string, to: string): Promise<number> {
  const journal = new DownloadJournal(db)
  const moved = []
  for (const job of journal.jobs(() => undefined)) {
    const root = movedPath(job.root, from, to)
    if (root === undefined) continue
    const destination = movedPath(job.spec.destination, from, to) ?? job.spec.destination
    moved.push({ ...job, root, spec: { ...job.spec, destination } })
  }
  // One write per job is enough: until the pointer says the copy is verified, a crash throws
  // the whole copy away.
  for (const job of moved) await journal.write({ job })
  return moved.length
}
