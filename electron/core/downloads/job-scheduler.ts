import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../../shared/errors'
import type { ApiRegistry } from '../api/client-registry'
import type { NomadClient } from '../api/nomad-client'
import type { Logger } from '../logging'
import type { ServerProfiles } from '../servers/server-profiles'
import { formatBytes, type FreeSpaceProbe } from './destination'
import type { DownloadEvents } from './download-events'
import { classifyFailure } from './failures'
import type { UnitRetry } from './tunables'
import { byPriority, type JobRuntime } from './job-runtime'
import type { DownloadJournal } from './journal'
import { buildManifest, writeManifest } from './manifest'
import type { TransferContext } from './transfer-context'
import { runUnit } from './unit-runner'
import { STAGING_DIR } from './zip-transfer'

export interface JobSchedulerDeps {
  api: Pick<ApiRegistry, 'clientFor' | 'meter'>
  profiles: Pick<ServerProfiles, 'get'>
  logger: Logger
  now: () => number
  journal: DownloadJournal
  jobs: Map<string, JobRuntime>
  events: DownloadEvents
  freeSpace: FreeSpaceProbe
  minFreeBytes: number
  concurrency: number
  diskCheckMs: number
  retry: UnitRetry
  ownConnectionBytes: number
}

/**
 * Decides which unit runs next: at most `concurrency` in flight over all jobs, taken from the
 * highest-priority job first, so a high job's requests reach the server's scheduler before a
 * normal one's. Also watches the disk (a job pauses as low-disk and resumes when space is back)
 * and ends jobs: manifest written, downloads.finished sent.
 */
export class JobScheduler {
  private inFlight = 0
  private disposed = false
  private readonly ticker: ReturnType<typeof setInterval>
  private lastDiskCheck = 0
  private readonly log: Logger

  constructor(private readonly deps: JobSchedulerDeps) {
    this.log = deps.logger.child('downloads')
    // Rate and ETA move even when no item changes; low-disk jobs look at the disk again.
    this.ticker = setInterval(() => void this.tick(), 1000)
    this.ticker.unref()
  }

  pump(): void {
    if (this.disposed) return
    const ready = [...this.deps.jobs.values()]
      .filter((r) => r.job.state === 'running')
      .sort(byPriority)
    for (const runtime of ready) {
      for (
        let unit = runtime.nextUnit();
        unit !== undefined && this.inFlight < this.deps.concurrency;
        unit = runtime.nextUnit()
      ) {
        runtime.running.add(unit.n)
        this.inFlight += 1
        const signal = runtime.abort.signal
        void this.run(runtime, unit.n, signal).finally(() => {
          runtime.running.delete(unit.n)
          runtime.live.delete(unit.n)
          this.inFlight -= 1
          this.settle(runtime)
          this.pump()
        })
      }
      this.settle(runtime)
    }
  }

  async dispose(): Promise<void> {
    this.disposed = true
    clearInterval(this.ticker)
    for (const runtime of this.deps.jobs.values())
      runtime.abort.abort(new AppError('cancelled', 'The app is closing.'))
    const deadline = Date.now() + 5000
    while (this.inFlight > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20))
    this.deps.events.dispose()
  }

  private async run(runtime: JobRuntime, n: number, signal: AbortSignal): Promise<void> {
    const unit = runtime.units[n]
    if (unit === undefined) return
    try {
      if (!(await this.enoughSpace(runtime))) return
      const ctx = this.context(runtime, n, await this.client(runtime), signal)
      await runUnit(ctx, runtime, unit)
    } catch (error) {
      if (signal.aborted) return
      const outcome = classifyFailure(error)
      if (outcome.kind === 'stop') return
      if (outcome.kind === 'disk') return void (await this.lowDisk(runtime, null))
      const message = (error as Error).message
      this.log.warn('a download job stopped', { jobId: runtime.job.id, message })
      await this.stop(runtime, message)
    }
  }

  private async client(runtime: JobRuntime): Promise<NomadClient> {
    try {
      this.deps.profiles.get(runtime.job.spec.serverId)
    } catch {
      throw new AppError(
        'not_found',
        `The server profile "${runtime.job.serverName}" was removed. Add ${runtime.job.baseUrl} again as a server and retry to finish this job.`,
      )
    }
    return await this.deps.api.clientFor(runtime.job.spec.serverId)
  }

  private context(
    runtime: JobRuntime,
    n: number,
    client: NomadClient,
    signal: AbortSignal,
  ): TransferContext {
    const events = this.deps.events
    return {
      client,
      job: runtime.job,
      journal: this.deps.journal,
      signal,
      retry: this.deps.retry,
      ownConnectionBytes: this.deps.ownConnectionBytes,
      onBytes: (bytes) => {
        runtime.meter.add(bytes)
        events.changed(runtime.job.id)
      },
      setLive: (bytes) => {
        if (bytes > 0) runtime.live.set(n, bytes)
        else runtime.live.delete(n)
      },
      onItem: () => events.changed(runtime.job.id),
      onThrottle: (until) => {
        runtime.retryAt = until
        events.changed(runtime.job.id)
      },
      sleep: (ms) =>
        new Promise((resolve, reject) => {
          if (signal.aborted) return reject(signal.reason as Error)
          const timer = setTimeout(
            () => (signal.removeEventListener('abort', onAbort), resolve()),
            ms,
          )
          const onAbort = () => (clearTimeout(timer), reject(signal.reason as Error))
          signal.addEventListener('abort', onAbort, { once: true })
        }),
    }
  }

  /** The job stops with a message; its unfinished items stay as they are (retry continues them). */
  private async stop(runtime: JobRuntime, message: string): Promise<void> {
    if (runtime.job.state !== 'running') return
    Object.assign(runtime.job, { state: 'failed', message, finishedAt: this.deps.now() })
    runtime.abort.abort(new AppError('cancelled', message))
    await this.deps.journal.write({ job: runtime.job })
    if (runtime.running.size === 0) this.deps.events.finished(runtime)
  }

  private settle(runtime: JobRuntime): void {
    if (runtime.job.state === 'failed' && runtime.running.size === 0)
      this.deps.events.finished(runtime)
    if (runtime.job.state !== 'running' || !runtime.settled()) return
    runtime.job.state = 'verifying'
    void this.finish(runtime).catch((error: unknown) =>
      this.stop(runtime, `The manifest could not be written: ${(error as Error).message}`),
    )
  }

  /** Every unit ended: the manifest goes beside the data, then the job is done (or failed). */
  private async finish(runtime: JobRuntime): Promise<void> {
    const job = runtime.job
    const failed = runtime.items.filter((item) => item.status === 'failed').length
    job.finishedAt = this.deps.now()
    // The state turns final only once the manifest is on disk: whoever sees "done" can read it.
    await writeManifest(job.root, buildManifest(job, runtime.items, job.spec.serverId))
    await rm(join(job.root, STAGING_DIR), { recursive: true, force: true })
    if (failed > 0)
      job.message = `${failed} ${failed === 1 ? 'file' : 'files'} could not be downloaded; see the failed items.`
    else if (job.interruptedAt === undefined) delete job.message
    job.state = failed > 0 ? 'failed' : 'done'
    await this.deps.journal.write({ job })
    this.deps.events.finished(runtime)
  }

  private async enoughSpace(runtime: JobRuntime): Promise<boolean> {
    const free = await this.deps.freeSpace(runtime.job.root)
    if (free === null || free >= this.deps.minFreeBytes) return true
    await this.lowDisk(runtime, free)
    return false
  }

  private async lowDisk(runtime: JobRuntime, free: number | null): Promise<void> {
    if (runtime.job.state !== 'running') return
    const left = free === null ? 'The disk is full' : `Only ${formatBytes(free)} is free`
    Object.assign(runtime.job, {
      state: 'low-disk',
      message: `${left} on the disk of ${runtime.job.root}. The download waits and continues by itself once at least ${formatBytes(this.deps.minFreeBytes)} is free.`,
    })
    runtime.abort.abort(new AppError('cancelled', 'Low disk space.'))
    await this.deps.journal.write({ job: runtime.job })
    this.deps.events.changed(runtime.job.id)
  }

  private async tick(): Promise<void> {
    const checkDisk = this.deps.now() - this.lastDiskCheck >= this.deps.diskCheckMs
    if (checkDisk) this.lastDiskCheck = this.deps.now()
    for (const runtime of this.deps.jobs.values()) {
      if (runtime.job.state === 'running') this.deps.events.changed(runtime.job.id)
      if (!checkDisk) continue
      if (runtime.job.state === 'running' && runtime.running.size > 0)
        await this.enoughSpace(runtime)
      if (runtime.job.state !== 'low-disk') continue
      const free = await this.deps.freeSpace(runtime.job.root)
      if (free !== null && free < this.deps.minFreeBytes) continue
      runtime.restartSignal()
      Object.assign(runtime.job, { state: 'running' })
      delete runtime.job.message
      await this.deps.journal.write({ job: runtime.job })
      this.deps.events.changed(runtime.job.id)
      this.pump()
    }
  }
}
