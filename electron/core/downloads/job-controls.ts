import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../../shared/errors'
import type { JobSummary } from '../../../shared/ipc/channels/downloads'
import type { DownloadEvents } from './download-events'
import { itemPaths } from './finalize'
import type { JobRecord } from './job-record'
import type { JobRuntime } from './job-runtime'
import type { JobScheduler } from './job-scheduler'
import type { DownloadJournal } from './journal'
import { STAGING_DIR } from './zip-transfer'

const ENDED = new Set(['done', 'failed', 'cancelled'])

/** Pause, resume, cancel, retry, priority and removal of a job. */
export class JobControls {
  constructor(
    private readonly journal: DownloadJournal,
    private readonly jobs: Map<string, JobRuntime>,
    private readonly scheduler: JobScheduler,
    private readonly events: DownloadEvents,
    private readonly now: () => number,
  ) {}

  async pause(runtime: JobRuntime): Promise<JobSummary> {
    const { job } = runtime
    if (ENDED.has(job.state)) throw ended(job, 'paused')
    if (job.state !== 'paused') {
      job.state = 'paused'
      delete job.message
      runtime.abort.abort(new AppError('cancelled', 'Paused.'))
      await this.save(runtime)
    }
    return this.events.summary(runtime)
  }

  async resume(runtime: JobRuntime): Promise<JobSummary> {
    const { job } = runtime
    if (ENDED.has(job.state)) throw ended(job, 'resumed (use retry for failed items)')
    if (job.state === 'paused' || job.state === 'low-disk') {
      runtime.restartSignal()
      job.state = 'running'
      delete job.message
      await this.save(runtime)
      this.scheduler.pump()
    }
    return this.events.summary(runtime)
  }

  async cancel(runtime: JobRuntime, removePartial: boolean): Promise<JobSummary> {
    const { job } = runtime
    if (job.state === 'done') throw ended(job, 'cancelled')
    Object.assign(job, { state: 'cancelled', finishedAt: this.now() })
    delete job.message
    runtime.abort.abort(new AppError('cancelled', 'Cancelled.'))
    await this.whenIdle(runtime)
    if (removePartial) {
      for (const item of runtime.items)
        if (item.status === 'pending' || item.status === 'verified') {
          await rm(itemPaths(job.root, item).part, { force: true }).catch(() => undefined)
          item.offset = 0
        }
      await rm(join(job.root, STAGING_DIR), { recursive: true, force: true })
    }
    await this.journal.write({ job, items: removePartial ? runtime.items : [] })
    runtime.announced = false
    this.events.finished(runtime)
    return this.events.summary(runtime)
  }

  /** Failed items (all, or those at `paths`) are queued again; a stopped job runs again. */
  async retry(runtime: JobRuntime, paths?: readonly string[]): Promise<JobSummary> {
    const { job } = runtime
    if (job.state === 'cancelled') throw ended(job, 'retried; start it again with "Run again"')
    const wanted = paths === undefined ? undefined : new Set(paths)
    const items = runtime.items.filter(
      (item) =>
        item.status === 'failed' &&
        item.failKind !== 'refused' &&
        (wanted === undefined || wanted.has(item.rel)),
    )
    for (const item of items) {
      Object.assign(item, { status: 'pending', attempts: 0 })
      delete item.reason
      delete item.failKind
    }
    const units = new Set(items.map((item) => item.unit))
    for (const unit of runtime.units)
      if (units.has(unit.n) || (unit.kind === 'archive' && job.cursor !== null))
        Object.assign(unit, { status: 'pending', attempts: 0 })
    if (runtime.units.some((unit) => unit.status === 'pending') && job.state !== 'paused') {
      runtime.restartSignal()
      runtime.announced = false
      job.state = 'running'
      delete job.message
      delete job.finishedAt
    }
    await this.journal.write({ job, items, units: runtime.units })
    this.events.changed(job.id)
    this.scheduler.pump()
    return this.events.summary(runtime)
  }

  async setPriority(runtime: JobRuntime, priority: JobRecord['priority']): Promise<JobSummary> {
    runtime.job.priority = priority
    await this.save(runtime)
    this.scheduler.pump()
    return this.events.summary(runtime)
  }

  async remove(runtime: JobRuntime): Promise<void> {
    if (!ENDED.has(runtime.job.state))
      throw new AppError(
        'conflict',
        `"${runtime.job.label}" is still ${runtime.job.state}; cancel it before removing it from the list.`,
      )
    await this.journal.remove(runtime.job.id)
    this.jobs.delete(runtime.job.id)
  }

  private async save(runtime: JobRuntime): Promise<void> {
    await this.journal.write({ job: runtime.job })
    this.events.changed(runtime.job.id)
  }

  private async whenIdle(runtime: JobRuntime): Promise<void> {
    while (runtime.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

function ended(job: JobRecord, what: string): AppError {
  return new AppError('conflict', `"${job.label}" is ${job.state} and cannot be ${what}.`)
}
