import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import type { ApiRegistry } from '../api/client-registry'
import type { EventSink } from '../ports'
import type { DownloadDesktop } from './tunables'
import type { JobRuntime } from './job-runtime'
import { summarize } from './progress'

/** At most this often a downloads.changed event (about 4 a second). */
const CHANGED_EVERY_MS = 250
const FINAL = new Set(['done', 'failed', 'cancelled'])

/**
 * The manager's announcements: downloads.changed with the jobs that changed and the overall
 * progress (throttled), downloads.finished once per job end, the desktop's taskbar progress and
 * notification, and promises for scripts that wait for a job.
 */
export class DownloadEvents {
  private readonly dirty = new Set<string>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private readonly waiters = new Map<string, ((summary: JobSummary) => void)[]>()

  constructor(
    private readonly sink: EventSink,
    private readonly jobs: ReadonlyMap<string, JobRuntime>,
    private readonly api: Pick<ApiRegistry, 'meter'>,
    private readonly now: () => number,
    private readonly desktop: DownloadDesktop | undefined,
  ) {}

  summary(runtime: JobRuntime): JobSummary {
    const meter = runtime.running.size > 0 ? this.meterOf(runtime.job.spec.serverId) : undefined
    const backoff = meter?.state === 'backing-off' ? meter.backoffUntil : undefined
    const retryAt = Math.max(runtime.retryAt ?? 0, backoff ?? 0)
    return summarize(
      runtime.job,
      runtime.items,
      {
        rate: runtime.meter.rate(),
        liveBytes: runtime.liveBytes(),
        // Work left but no unit of it in flight: it waits for a slot behind other jobs.
        queued:
          runtime.job.state === 'running' &&
          runtime.running.size === 0 &&
          runtime.nextUnit() !== undefined,
        ...(retryAt > this.now() ? { retryAt } : {}),
      },
      this.now(),
    )
  }

  /** The server's scheduler meter; none once its profile is gone. */
  private meterOf(serverId: string) {
    try {
      return this.api.meter(serverId)
    } catch {
      return undefined
    }
  }

  changed(jobId: string): void {
    this.dirty.add(jobId)
    this.timer ??= setTimeout(() => this.flush(), CHANGED_EVERY_MS)
  }

  /** A job reached done, failed or cancelled: announce it once. */
  finished(runtime: JobRuntime): void {
    this.changed(runtime.job.id)
    if (runtime.announced) return
    runtime.announced = true
    const summary = this.summary(runtime)
    this.sink.emit('downloads.finished', summary)
    this.desktop?.notify?.({
      title: `Download ${summary.state}: ${summary.label}`,
      body: endText(summary),
    })
    for (const resolve of this.waiters.get(runtime.job.id) ?? []) resolve(summary)
    this.waiters.delete(runtime.job.id)
  }

  whenFinished(runtime: JobRuntime): Promise<JobSummary> {
    if (FINAL.has(runtime.job.state) && runtime.running.size === 0)
      return Promise.resolve(this.summary(runtime))
    return new Promise((resolve) => {
      const list = this.waiters.get(runtime.job.id) ?? []
      list.push(resolve)
      this.waiters.set(runtime.job.id, list)
    })
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
  }

  private flush(): void {
    this.timer = undefined
    const jobs = [...this.dirty].flatMap((id) => {
      const runtime = this.jobs.get(id)
      return runtime === undefined ? [] : [this.summary(runtime)]
    })
    this.dirty.clear()
    const active = [...this.jobs.values()]
      .filter((r) => !FINAL.has(r.job.state))
      .map((r) => this.summary(r))
    const bytesDone = active.reduce((sum, job) => sum + job.bytesDone, 0)
    const bytesTotal = active.some((job) => job.bytesTotal === null)
      ? null
      : active.reduce((sum, job) => sum + (job.bytesTotal ?? 0), 0)
    const rate = active.reduce((sum, job) => sum + job.rate, 0)
    this.sink.emit('downloads.changed', {
      jobs,
      overall: { active: active.length, bytesDone, bytesTotal, rate },
    })
    this.desktop?.setProgress?.(
      active.length === 0 ? null : bytesTotal ? Math.min(1, bytesDone / bytesTotal) : 2,
    )
  }
}

function endText(summary: JobSummary): string {
  if (summary.state === 'done')
    return `${summary.filesDone + summary.filesSkipped} files in ${summary.destination}`
  if (summary.state === 'failed')
    return summary.message ?? `${summary.filesFailed} files could not be downloaded.`
  return 'The job was cancelled.'
}
