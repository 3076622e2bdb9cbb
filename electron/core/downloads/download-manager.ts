import { randomUUID } from 'node:crypto'
import { mkdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { AppError } from '../../../shared/errors'
import type {
  DownloadPlan,
  DownloadSpec,
  FailedItem,
  JobSummary,
  VerifyReport,
} from '../../../shared/ipc/channels/downloads'
import type { ApiRegistry } from '../api/client-registry'
import type { Logger } from '../logging'
import type { EventSink } from '../ports'
import type { ServerProfiles } from '../servers/server-profiles'
import type { EmbeddedDb } from '../storage/embedded-db'
import { statfsFreeSpace } from './destination'
import { DownloadEvents } from './download-events'
import { DEFAULT_UNIT_RETRY, OWN_CONNECTION_BYTES } from './tunables'
import { JobControls } from './job-controls'
import type { JobRecord } from './job-record'
import { JobRuntime } from './job-runtime'
import { DownloadJournal } from './journal'
import { MANIFEST_FILE, readManifest } from './manifest'
import { planJob, type PlannedJob } from './planner'
import { JobScheduler } from './job-scheduler'
import { labelOf } from './labels'
import type { DownloadDesktop, DownloadTunables } from './tunables'
import { verifyFolder } from './verify'

export interface DownloadManagerDeps extends DownloadTunables {
  api: Pick<ApiRegistry, 'clientFor' | 'meter'>
  profiles: Pick<ServerProfiles, 'get' | 'list'>
  db: EmbeddedDb
  events: EventSink
  logger: Logger
  now?: () => number
  desktop?: DownloadDesktop
}

export type { DownloadDesktop, DownloadTunables }

export type DownloadManager = ReturnType<typeof wrap>

/**
 * The download manager (docs/downloads.md): plans and starts jobs, keeps them in the journal,
 * resumes the unfinished ones on open (saying they were interrupted), and runs their units
 * through each server's scheduler on the background lane. Electron-free: the desktop app, the
 * web host and a plain Node script drive it alike.
 */
export async function createDownloadManager(deps: DownloadManagerDeps) {
  const now = deps.now ?? Date.now
  const journal = new DownloadJournal(deps.db)
  const jobs = new Map<string, JobRuntime>()
  const events = new DownloadEvents(deps.events, jobs, deps.api, now, deps.desktop)
  const scheduler = new JobScheduler({
    ...deps,
    now,
    journal,
    jobs,
    events,
    freeSpace: deps.freeSpace ?? statfsFreeSpace,
    minFreeBytes: deps.minFreeBytes ?? 256 * 1024 * 1024,
    concurrency: deps.concurrency ?? 6,
    diskCheckMs: deps.diskCheckMs ?? 5000,
    retry: deps.retry ?? DEFAULT_UNIT_RETRY,
    ownConnectionBytes: deps.ownConnectionBytes ?? OWN_CONNECTION_BYTES,
  })
  const damaged = (error: Error) =>
    deps.logger.error('a download job was skipped at start', { message: error.message })
  for (const job of journal.jobs(damaged)) {
    const runtime = new JobRuntime(job, journal.items(job.id), journal.units(job.id), now)
    jobs.set(job.id, runtime)
    if (job.state === 'running' || job.state === 'verifying' || job.state === 'queued') {
      Object.assign(job, {
        state: 'running',
        interruptedAt: now(),
        message: 'Interrupted while the app was closed — resumed',
      })
      await journal.write({ job })
    }
  }
  const controls = new JobControls(journal, jobs, scheduler, events, now)
  scheduler.pump()
  return wrap({ deps, journal, jobs, events, scheduler, controls, now })
}

interface Parts {
  deps: DownloadManagerDeps
  journal: DownloadJournal
  jobs: Map<string, JobRuntime>
  events: DownloadEvents
  scheduler: JobScheduler
  controls: JobControls
  now: () => number
}

function wrap({ deps, journal, jobs, events, scheduler, controls, now }: Parts) {
  const plans = new Map<string, { at: number; planned: PlannedJob }>()
  const freeSpace = deps.freeSpace ?? statfsFreeSpace

  async function planned(spec: DownloadSpec): Promise<PlannedJob> {
    const key = JSON.stringify(spec)
    const cached = plans.get(key)
    if (cached !== undefined && now() - cached.at < 30_000) return cached.planned
    const client = await clientOrProblem(deps, spec.serverId)
    const result = await planJob(
      { client, freeSpace, ...(deps.unitLimits ? { limits: deps.unitLimits } : {}) },
      spec,
    )
    plans.clear()
    plans.set(key, { at: now(), planned: result })
    return result
  }

  async function start(spec: DownloadSpec): Promise<{ jobId: string }> {
    const result = await planned(spec)
    plans.clear()
    const error = result.plan.problems.find((problem) => problem.severity === 'error')
    if (error !== undefined)
      throw new AppError('invalid_input', error.message, { path: [error.field] })
    const profile = deps.profiles.get(spec.serverId)
    const client = await deps.api.clientFor(spec.serverId)
    const apiVersion = await client
      .info({ lane: 'background' })
      .then((info) => info.version)
      .catch(() => undefined)
    const job: JobRecord = {
      id: randomUUID(),
      spec,
      serverName: profile.name,
      baseUrl: profile.baseUrl,
      ...(typeof apiVersion === 'string' ? { apiVersion } : {}),
      label: spec.label?.trim() || labelOf(spec.source, result.plan),
      state: 'running',
      priority: spec.priority,
      createdAt: now(),
      startedAt: now(),
      root: result.plan.destination,
      entries: result.plan.entries,
      uploads: result.plan.uploads,
      entryIds: result.listing.entryIds,
      known: result.known,
    }
    await mkdir(job.root, { recursive: true })
    await journal.write({ job, items: result.items, units: result.units })
    jobs.set(job.id, new JobRuntime(job, result.items, result.units, now))
    events.changed(job.id)
    scheduler.pump()
    return { jobId: job.id }
  }

  function runtime(jobId: string): JobRuntime {
    const found = jobs.get(jobId)
    if (found === undefined)
      throw new AppError(
        'not_found',
        `There is no download job ${jobId}; it may have been removed.`,
      )
    return found
  }

  return {
    plan: async (spec: DownloadSpec): Promise<DownloadPlan> => (await planned(spec)).plan,
    start,
    list: (): JobSummary[] =>
      [...jobs.values()]
        .sort((a, b) => b.job.createdAt - a.job.createdAt)
        .map((r) => events.summary(r)),
    summary: (jobId: string): JobSummary => events.summary(runtime(jobId)),
    failures(jobId: string, offset: number, limit: number): { total: number; items: FailedItem[] } {
      const failed = runtime(jobId).items.filter((item) => item.status === 'failed')
      return {
        total: failed.length,
        items: failed.slice(offset, offset + limit).map((item) => ({
          path: item.rel,
          ...(item.entryId === undefined ? {} : { entryId: item.entryId }),
          ...(item.uploadId === '' ? {} : { uploadId: item.uploadId }),
          reason: item.reason ?? 'Unknown reason.',
          kind: item.failKind ?? 'retryable',
          attempts: item.attempts,
        })),
      }
    },
    pause: (jobId: string) => controls.pause(runtime(jobId)),
    resume: (jobId: string) => controls.resume(runtime(jobId)),
    cancel: (jobId: string, removePartial: boolean) =>
      controls.cancel(runtime(jobId), removePartial),
    retry: (jobId: string, paths?: readonly string[]) => controls.retry(runtime(jobId), paths),
    setPriority: (jobId: string, priority: JobRecord['priority']) =>
      controls.setPriority(runtime(jobId), priority),
    remove: (jobId: string) => controls.remove(runtime(jobId)),
    async verify(jobId: string): Promise<VerifyReport> {
      const job = runtime(jobId).job
      const manifest = await readManifest(join(job.root, MANIFEST_FILE))
      return await verifyFolder(jobId, job.root, manifest, now())
    },
    async manifest(jobId: string): Promise<{ path: string; text: string }> {
      const path = join(runtime(jobId).job.root, MANIFEST_FILE)
      try {
        return { path, text: await readFile(path, 'utf8') }
      } catch {
        throw new AppError(
          'not_found',
          `The job has no manifest yet: ${path} is written when the job ends.`,
        )
      }
    },
    async runAgain(
      input: { jobId: string } | { manifestPath: string },
    ): Promise<{ jobId: string }> {
      if ('jobId' in input)
        return start({ ...runtime(input.jobId).job.spec, existing: 'skip-identical' })
      const manifest = await readManifest(input.manifestPath)
      const profile = deps.profiles
        .list()
        .servers.find((server) => sameUrl(server.baseUrl, manifest.server.baseUrl))
      if (profile === undefined)
        throw new AppError(
          'invalid_input',
          `This manifest is from the server "${manifest.server.name}" (${manifest.server.baseUrl}), which is not one of your servers. Add that server first, then run the job again.`,
          { path: ['manifestPath'] },
        )
      return start({
        serverId: profile.id,
        source: manifest.source,
        destination: dirname(input.manifestPath),
        include: manifest.include,
        exclude: manifest.exclude,
        existing: 'skip-identical',
        priority: 'normal',
      })
    },
    /** Resolves with the job's summary once it is done, failed or cancelled (scripts, tests). */
    finished: (jobId: string): Promise<JobSummary> => events.whenFinished(runtime(jobId)),
    dispose: () => scheduler.dispose(),
  }
}

async function clientOrProblem(deps: DownloadManagerDeps, serverId: string) {
  try {
    deps.profiles.get(serverId)
  } catch {
    throw new AppError(
      'not_found',
      `There is no server profile ${serverId}; it may have been removed. Choose a server and plan again.`,
      { path: ['serverId'] },
    )
  }
  return await deps.api.clientFor(serverId)
}

function sameUrl(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '')
}
