import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import {
  MAX_JOB_ENTRY_IDS,
  type DownloadSpecInput,
  type JobSummary,
} from '../../../shared/ipc/channels/downloads'
import type { Logger } from '../logging'
import { keptFilesRoot } from '../raw-files/kept-files'
import type { PinRecord } from './library-records'
import type { OfflineLibrary } from './offline-library'

/**
 * "Also keep raw files" of a pin: once the pin is complete, download jobs (through the app's
 * download manager, so they are paced, resumable and listed in Downloads) fetch the raw files of
 * exactly the entries the pin keeps into the library's folder for the server, where the file
 * browser finds them offline (raw-files/kept-files.ts). One job takes at most
 * MAX_JOB_ENTRY_IDS entries, so a larger pin gets several ("part 2 of 3").
 *
 * The pin record says that raw files were asked for (`rawFiles`) and keeps the jobs' ids, so the
 * raw files survive a restart like the rest of the pin. Before a job starts, the intent
 * (`starting`) is stored: a restart between the job's start and the saving of its id finds the
 * job in Downloads (its label, destination and start time) instead of starting it twice. Entries
 * pinned later ("Pin N new entries", `pending`) get a job of their own for their files only; a
 * pin whose jobs were all removed from Downloads starts them again, with `skip-identical`, so
 * files already there and verified are not fetched twice.
 */
export interface RawFilesDeps {
  library: OfflineLibrary
  dataDir: string
  startDownload: (spec: DownloadSpecInput) => Promise<{ jobId: string }>
  /** Every download job in the journal. */
  listJobs: () => Promise<JobSummary[]>
  logger: Logger
  now?: () => number
  /** Entries per job (tests lower it; the download manager takes at most MAX_JOB_ENTRY_IDS). */
  perJob?: number
  /** Tests: stops as a killed app would, after a job started and before its id is saved. */
  crashAfterStart?: () => boolean
}

/** What tests change of the keeper (CorePorts.offlineRawFiles). */
export type RawFilesTunables = Pick<RawFilesDeps, 'perJob' | 'crashAfterStart'>

type RawFiles = NonNullable<PinRecord['rawFiles']>
type Kind = NonNullable<RawFiles['starting']>['kind']

export const rawFilesLabel = (pin: Pick<PinRecord, 'label'>) =>
  `Raw files of the pin “${pin.label}”`

/** The label of one job: the pin's, which entries, and the part when there are several. */
function jobLabel(pin: PinRecord, kind: Kind, ids: number, part: number, parts: number) {
  const what = kind === 'new' ? `: ${ids} new ${ids === 1 ? 'entry' : 'entries'}` : ''
  return `${rawFilesLabel(pin)}${what}${parts > 1 ? ` (part ${part} of ${parts})` : ''}`
}

const jobIdsOf = (raw: RawFiles): string[] =>
  raw.jobIds ?? (raw.jobId !== undefined ? [raw.jobId] : [])

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

export function createRawFilesKeeper(deps: RawFilesDeps) {
  // One check per pin at a time: the start-up pass and a pin completing may meet.
  const busy = new Map<string, Promise<string[]>>()
  const perJob = Math.min(deps.perJob ?? MAX_JOB_ENTRY_IDS, MAX_JOB_ENTRY_IDS)
  const now = deps.now ?? Date.now

  /** Saves the latest pin record (a sync may have written it meanwhile) with new raw-files state. */
  async function update(pinId: string, change: (raw: RawFiles) => RawFiles) {
    const latest = deps.library.getPin(pinId)
    if (latest?.rawFiles === undefined) return undefined
    const next = { ...latest, rawFiles: change(latest.rawFiles) }
    await deps.library.savePin(next)
    return next
  }

  function pinnedIds(pin: PinRecord, only?: readonly string[]): string[] {
    const wanted = only ? new Set(only) : undefined
    const ids: string[] = []
    for (const entry of deps.library.entriesOf(pin.serverId))
      if (entry.pins.includes(pin.pinId) && (wanted?.has(entry.doc.entry_id) ?? true))
        ids.push(entry.doc.entry_id)
    return ids
  }

  /** Starts the jobs of `kind` (or finds those a restart interrupted); returns their ids. */
  async function launch(pin: PinRecord, kind: Kind, kept: string[]): Promise<string[]> {
    const raw = pin.rawFiles ?? {}
    const ids = pinnedIds(pin, kind === 'new' ? (raw.pending ?? []) : undefined)
    const done = (jobIds: string[]) =>
      update(pin.pinId, (r) => {
        const next: RawFiles = { ...r, jobIds }
        delete next.jobId
        delete next.starting
        delete next.pending
        delete next.problem
        return next
      })
    if (ids.length === 0) return (await done(kept), kept)
    const starting = raw.starting ?? { at: now(), kind }
    if (raw.starting === undefined) await update(pin.pinId, (r) => ({ ...r, starting }))
    const destination = keptFilesRoot(deps.dataDir, pin.serverId)
    await mkdir(dirname(destination), { recursive: true })
    // Jobs another pin holds are never taken for this one (two pins may share a label).
    const claimed = new Set(
      deps.library
        .listPins()
        .filter((other) => other.pinId !== pin.pinId && other.rawFiles)
        .flatMap((other) => jobIdsOf(other.rawFiles ?? {})),
    )
    const jobs = raw.starting ? await deps.listJobs() : []
    const parts = chunks(ids, perJob)
    const started: string[] = []
    try {
      for (const [index, entryIds] of parts.entries()) {
        const label = jobLabel(pin, kind, ids.length, index + 1, parts.length)
        const found = jobs.find(
          (job) =>
            job.label === label &&
            job.destination === destination &&
            job.createdAt >= starting.at &&
            !claimed.has(job.id),
        )
        const jobId =
          found?.id ??
          (
            await deps.startDownload({
              serverId: pin.serverId,
              source: { kind: 'entries', entryIds },
              destination,
              label,
              existing: 'skip-identical',
              priority: 'low',
            })
          ).jobId
        if (deps.crashAfterStart?.() === true)
          throw new Error('simulated crash after a job started')
        started.push(jobId)
      }
    } catch (error) {
      const message = (error as Error).message
      // Said on the pin's row; the jobs that did start are kept, the intent stays for the next
      // start to try again (finding those jobs rather than starting them twice).
      await update(pin.pinId, (r) => ({
        ...r,
        problem: `Its raw files could not be fetched: ${message}`,
      }))
      throw error
    }
    await done([...kept, ...started])
    deps.logger.info('raw files jobs started', { pinId: pin.pinId, kind, jobs: started.length })
    return [...kept, ...started]
  }

  async function ensure(pinId: string): Promise<string[]> {
    const pin = deps.library.getPin(pinId)
    if (pin?.state !== 'complete' || pin.rawFiles === undefined) return []
    const raw = pin.rawFiles
    const known = jobIdsOf(raw)
    const alive: string[] = []
    if (known.length > 0) {
      const listed = new Set((await deps.listJobs()).map((job) => job.id))
      for (const id of known) if (listed.has(id)) alive.push(id)
    }
    if (raw.starting !== undefined)
      return launch(pin, raw.starting.kind, raw.starting.kind === 'new' ? alive : [])
    // Every job gone from Downloads (or none yet): all the pin's files, again.
    if (alive.length === 0) return launch(pin, 'all', [])
    if ((raw.pending?.length ?? 0) > 0) return launch(pin, 'new', alive)
    return alive
  }

  return {
    /** Starts (or finds) the raw-files jobs of a complete pin that asked for them; their ids. */
    ensure(pinId: string): Promise<string[]> {
      const running = busy.get(pinId)
      if (running) return running
      const job = ensure(pinId).finally(() => busy.delete(pinId))
      busy.set(pinId, job)
      return job
    },
    /** At start: every complete pin that asked for raw files gets its jobs back. */
    async resumeAll(): Promise<void> {
      for (const pin of deps.library.listPins())
        if (pin.state === 'complete' && pin.rawFiles !== undefined)
          await this.ensure(pin.pinId).catch((error: unknown) =>
            deps.logger.warn('the raw files of a pin could not resume', {
              pinId: pin.pinId,
              error,
            }),
          )
    },
  }
}
export type RawFilesKeeper = ReturnType<typeof createRawFilesKeeper>
