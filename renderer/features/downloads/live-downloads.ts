import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { EventPayload } from '../../../shared/ipc/contract'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import { queryKeyFor, useEvent, useInvoke } from '../../ipc/hooks'

export type DownloadsOverall = EventPayload<'downloads.changed'>['overall']

const LIST_KEY = queryKeyFor('downloads.list', {})
/** Not a channel: where the latest event's `overall` is kept for the status bar. */
const OVERALL_KEY = ['downloads.overall'] as const

const FINAL_STATES: readonly JobSummary['state'][] = ['done', 'failed', 'cancelled']

export const isFinal = (job: JobSummary) => FINAL_STATES.includes(job.state)

/** Replaces changed jobs by id and adds new ones first (the list is newest first). */
export function mergeJobs(current: readonly JobSummary[], changed: readonly JobSummary[]) {
  const byId = new Map(changed.map((job) => [job.id, job]))
  const kept = current.map((job) => byId.get(job.id) ?? job)
  const known = new Set(current.map((job) => job.id))
  const added = changed.filter((job) => !known.has(job.id))
  return [...added, ...kept]
}

/** What the status bar shows before the first event: the same sums over the listed jobs. */
export function overallOf(jobs: readonly JobSummary[]): DownloadsOverall {
  const active = jobs.filter((job) => !isFinal(job))
  const totals = active.map((job) => job.bytesTotal)
  return {
    active: active.length,
    bytesDone: active.reduce((sum, job) => sum + job.bytesDone, 0),
    bytesTotal: totals.every((t) => t !== null)
      ? totals.reduce<number>((sum, t) => sum + (t ?? 0), 0)
      : null,
    rate: active.reduce((sum, job) => sum + job.rate, 0),
  }
}

/**
 * Keeps the cached job list in step with `downloads.changed` (mounted once, by the app), so the
 * Downloads screen and the status bar read one list without polling.
 */
export function useDownloadsLiveUpdates(): void {
  const queryClient = useQueryClient()
  useEvent('downloads.changed', ({ jobs, overall }) => {
    queryClient.setQueryData(LIST_KEY, (old: { jobs: JobSummary[] } | undefined) =>
      old ? { jobs: mergeJobs(old.jobs, jobs) } : old,
    )
    queryClient.setQueryData(OVERALL_KEY, overall)
    // A job not in the cache yet (started elsewhere) needs the full list once.
    if (!queryClient.getQueryData(LIST_KEY))
      void queryClient.invalidateQueries({ queryKey: LIST_KEY })
  })
}

/** The job list (kept live by useDownloadsLiveUpdates). */
export function useDownloadJobs() {
  return useInvoke('downloads.list', {})
}

/** Forgets a removed job in the cache at once (its row disappears without a refetch). */
export function useForgetJob() {
  const queryClient = useQueryClient()
  return (jobId: string) =>
    queryClient.setQueryData(LIST_KEY, (old: { jobs: JobSummary[] } | undefined) =>
      old ? { jobs: old.jobs.filter((job) => job.id !== jobId) } : old,
    )
}

/** Active jobs, bytes and rate: the latest event's figures, else the list's. */
export function useDownloadsOverall(): DownloadsOverall | undefined {
  const list = useDownloadJobs()
  // Never fetched: only the event fills it (setQueryData), and this observer re-renders then.
  const fromEvent = useQuery<DownloadsOverall | null>({
    queryKey: OVERALL_KEY,
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  })
  if (fromEvent.data) return fromEvent.data
  return list.data ? overallOf(list.data.jobs) : undefined
}
