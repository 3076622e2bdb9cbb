import type { UploadProcess, UploadRecord } from '../data/model'
import { mongoTime } from '../data/time'

/**
 * The processing state of an upload as the real server reports it (UploadProcData): an upload
 * action starts a process (`publish_upload`, `process_upload`, `edit_upload_metadata`,
 * `delete_upload`) that is PENDING, then RUNNING, then SUCCESS. The sandbox applies an action's
 * change at once and only reports the process as running for the `processingMs` limit, so a
 * client sees the states a real server goes through without the sandbox needing timers.
 */

export interface ProcessFields {
  process_running: boolean
  current_process: string
  process_status: 'PENDING' | 'RUNNING' | 'SUCCESS'
  last_status_message: string
  complete_time: string
}

/** The first processing of a generated upload: finished long ago. */
function initialCompleteMs(upload: UploadRecord): number {
  return upload.createMs + 2_000 + upload.entryCount * 1_300
}

export function processFields(upload: UploadRecord, now: number): ProcessFields {
  const process = upload.process
  if (!process || now >= process.endMs) {
    const name = process?.name ?? 'process_upload'
    return {
      process_running: false,
      current_process: name,
      process_status: 'SUCCESS',
      last_status_message: `Process ${name} completed successfully`,
      complete_time: mongoTime(process?.endMs ?? initialCompleteMs(upload)),
    }
  }
  // The first half "Pending" (queued for a worker), then "Started", as the recordings show.
  const pending = now < process.startMs + (process.endMs - process.startMs) / 2
  return {
    process_running: true,
    current_process: process.name,
    process_status: pending ? 'PENDING' : 'RUNNING',
    last_status_message: pending ? `Pending: ${process.name}` : `Started: ${process.name}`,
    // The previous process's end, as a real server keeps it until the new one completes.
    complete_time: mongoTime(initialCompleteMs(upload)),
  }
}

export function isProcessing(upload: UploadRecord, now: number): boolean {
  return upload.process !== undefined && now < upload.process.endMs
}

/** A process started now that runs for `durationMs`. */
export function startProcess(name: string, now: number, durationMs: number): UploadProcess {
  return { name, startMs: now, endMs: now + Math.max(0, durationMs) }
}
