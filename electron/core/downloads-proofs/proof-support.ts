import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'

/**
 * Helpers of the download proofs (path safety, kill test): they look at the disk and at the
 * job through the IPC contract only, never at the engine's internals.
 */

/** Every file and folder below `root` (relative, '/'-separated) with its size (-1: a folder). */
export function snapshot(root: string): Map<string, number> {
  const out = new Map<string, number>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      const key = relative(root, full).split(sep).join('/')
      if (entry.isDirectory()) {
        out.set(key, -1)
        walk(full)
      } else out.set(key, statSync(full).size)
    }
  }
  walk(root)
  return out
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

export const sha256File = (path: string): string => sha256(readFileSync(path))

export const FINAL_STATES: ReadonlySet<string> = new Set(['done', 'failed', 'cancelled'])

/** Calls downloads.list until the job reaches a final state (or the time is up). */
export async function waitForJob(
  list: () => Promise<{ jobs: JobSummary[] }>,
  jobId: string,
  timeoutMs: number,
): Promise<JobSummary> {
  const until = Date.now() + timeoutMs
  let last: JobSummary | undefined
  while (Date.now() < until) {
    last = (await list()).jobs.find((job) => job.id === jobId)
    if (last && FINAL_STATES.has(last.state)) return last
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`job ${jobId} did not finish in ${timeoutMs} ms: ${JSON.stringify(last)}`)
}
