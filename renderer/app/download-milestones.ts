import type { JobSummary } from '../../shared/ipc/channels/downloads'

/** What a job looked like at its last announcement: its state and the last quarter said. */
export interface Announced {
  state: JobSummary['state']
  quarter: number
}

const quarterOf = (job: JobSummary) =>
  job.bytesTotal === null || job.bytesTotal === 0
    ? 0
    : Math.min(3, Math.floor((job.bytesDone / job.bytesTotal) * 4))

/**
 * The sentences a screen reader should hear about downloads since the last call: a job
 * started, reached 25, 50 or 75 %, finished, failed or was cancelled. Progress events arrive
 * several times a second; only these milestones are said, so the live region never floods.
 * Jobs seen for the first time in a final state (history from an earlier session) stay quiet.
 */
export function downloadMilestones(
  seen: ReadonlyMap<string, Announced>,
  jobs: readonly JobSummary[],
): { said: string[]; seen: Map<string, Announced> } {
  const said: string[] = []
  const next = new Map<string, Announced>()
  for (const job of jobs) {
    const before = seen.get(job.id)
    const quarter = quarterOf(job)
    next.set(job.id, { state: job.state, quarter })
    if (before === undefined) {
      if (job.state === 'queued' || job.state === 'planning' || job.state === 'running')
        said.push(`Download started: ${job.label}`)
      continue
    }
    if (before.state !== job.state) {
      if (job.state === 'done') said.push(`Download finished: ${job.label}`)
      else if (job.state === 'failed')
        said.push(`Download failed: ${job.label}${job.message ? ` — ${job.message}` : ''}`)
      else if (job.state === 'cancelled') said.push(`Download cancelled: ${job.label}`)
    }
    if (job.state === 'running' && quarter > before.quarter && quarter > 0)
      said.push(`${job.label}: ${quarter * 25} % downloaded`)
  }
  return { said, seen: next }
}
