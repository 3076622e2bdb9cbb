import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { DownloadSpecInput, JobSummary } from '../../../shared/ipc/channels/downloads'
import type { Logger } from '../logging'
import { keptFilesRoot } from '../raw-files/kept-files'
import type { PinRecord } from './library-records'
import type { OfflineLibrary } from './offline-library'

/**
 * "Also keep raw files" of a pin: once the pin is complete, one download job (through the app's
 * download manager, so it is paced, resumable and listed in Downloads) fetches the raw files of
 * exactly the entries the pin keeps into the library's folder for the server, where the file
 * browser finds them offline (raw-files/kept-files.ts).
 *
 * The pin record says that raw files were asked for (`rawFiles`) and keeps the job's id, so the
 * raw files survive a restart like the rest of the pin: a pin completed after a restart starts
 * its job then, and at start a complete pin re-attaches to its job (the download manager resumes
 * it from its journal) or, when the job is gone from Downloads, starts it again — with
 * `skip-identical`, files already there and verified are not fetched twice.
 */
export interface RawFilesDeps {
  library: OfflineLibrary
  dataDir: string
  startDownload: (spec: DownloadSpecInput) => Promise<{ jobId: string }>
  /** The download job, or undefined when it is no longer in the journal. */
  findJob: (jobId: string) => Promise<JobSummary | undefined>
  logger: Logger
}

export const rawFilesLabel = (pin: Pick<PinRecord, 'label'>) =>
  `Raw files of the pin “${pin.label}”`

export function createRawFilesKeeper(deps: RawFilesDeps) {
  // One check per pin at a time: the start-up pass and a pin completing may meet.
  const busy = new Map<string, Promise<string | undefined>>()

  async function ensure(pinId: string): Promise<string | undefined> {
    const pin = deps.library.getPin(pinId)
    if (pin?.state !== 'complete' || pin.rawFiles === undefined) return undefined
    const known = pin.rawFiles.jobId
    if (known !== undefined && (await deps.findJob(known)) !== undefined) return known
    const entryIds: string[] = []
    for (const entry of deps.library.entriesOf(pin.serverId))
      if (entry.pins.includes(pinId)) entryIds.push(entry.doc.entry_id)
    if (entryIds.length === 0) return undefined
    const destination = keptFilesRoot(deps.dataDir, pin.serverId)
    await mkdir(dirname(destination), { recursive: true })
    const { jobId } = await deps.startDownload({
      serverId: pin.serverId,
      source: { kind: 'entries', entryIds },
      destination,
      label: rawFilesLabel(pin),
      existing: 'skip-identical',
      priority: 'low',
    })
    // The latest record (a sync may have written it meanwhile) with the job's id.
    const latest = deps.library.getPin(pinId)
    if (latest) await deps.library.savePin({ ...latest, rawFiles: { jobId } })
    deps.logger.info(
      known === undefined ? 'raw files job started' : 'raw files job started again',
      {
        pinId,
        jobId,
      },
    )
    return jobId
  }

  return {
    /** Starts (or finds) the raw-files job of a complete pin that asked for one; its id. */
    ensure(pinId: string): Promise<string | undefined> {
      const running = busy.get(pinId)
      if (running) return running
      const job = ensure(pinId).finally(() => busy.delete(pinId))
      busy.set(pinId, job)
      return job
    },
    /** At start: every complete pin that asked for raw files gets its job back. */
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
