/**
 * Moves the app's data (the database and the pins' raw files) to another folder while core
 * runs. Order, and what a crash at each point leaves (the pointer decides at the next start,
 * location-pointer.ts): pause every holder of the database and close it; pointer `copying`
 * (crash: the data is still at `from`, the partial copy is removed at start); copy with
 * progress, verify sizes and SHA-256 read back, open the database at the new place and move
 * download jobs writing into the data folder (crash: the same); pointer `verified` — the switch
 * (crash: the data is at `to`, the old copy is removed at start); resume every holder on the
 * new database; delete the old copy; pointer `done`.
 */
import { resolve } from 'node:path'
import { AppError } from '../../../shared/errors'
import type { MoveProgress } from '../../../shared/ipc/channels/data-move'
import type { DbHolder } from '../db-holder'
import { statfsFreeSpace, type FreeSpaceProbe } from '../downloads/destination'
import type { Logger } from '../logging'
import { openEmbeddedDb, type EmbeddedDb } from '../storage/embedded-db'
import { copyFiles, listFiles, verifyCopy } from './copy-tree'
import { checkTarget } from './move-checks'
import { MOVED_PARTS, removeParts, writePointer } from './location-pointer'
import { relocateJobs } from './relocate-jobs'

/** Points where tests stop a move as a crash would (nothing after it runs, nothing undone). */
export type CrashPoint = 'during-copy' | 'after-copy' | 'after-switch'

export interface DataMoverDeps {
  /** The app's own folder: the pointer file lives here. */
  appDir: string
  holder: DbHolder
  logger: Logger
  onProgress: (progress: MoveProgress) => void
  freeSpace?: FreeSpaceProbe
  /** Tests: stop at this point as if the process died there. */
  crashAt?: CrashPoint
}

/** What core's ports may set for the move (tests). */
export interface DataMoveOptions {
  /** The target disk's free space. */
  freeSpace?: FreeSpaceProbe
  /** Stop a move as a crash would. */
  crashAt?: CrashPoint
}

/** Thrown by a simulated crash; the move leaves everything as a killed process would. */
export class SimulatedCrash extends Error {}

export interface DataMover {
  /** The move under way, if any. */
  progress(): MoveProgress | undefined
  /** The data's files and their total size, as a move would copy them. */
  size(): Promise<{ bytes: number; files: number }>
  /** The data's files and what they take on disk (the measure the storage view shows). */
  usage(): Promise<{ bytes: number; files: number }>
  move(target: string): Promise<void>
  /** Cancels the move under way before its switch; false when there is none or it switched. */
  cancel(): boolean
  /** Cancels and waits for the move under way (core's shutdown). */
  dispose(): Promise<void>
}

export function createDataMover(deps: DataMoverDeps): DataMover {
  const { holder, appDir } = deps
  const log = deps.logger.child('data-move')
  let current: { progress: MoveProgress; controller: AbortController; done: Promise<void> } | null =
    null

  const size = async () => {
    const files = await listFiles(holder.dir(), MOVED_PARTS)
    return { bytes: files.reduce((sum, file) => sum + file.size, 0), files: files.length }
  }
  const usage = async () => {
    const files = await listFiles(holder.dir(), MOVED_PARTS)
    return { bytes: files.reduce((sum, file) => sum + file.onDisk, 0), files: files.length }
  }

  function report(patch: Partial<MoveProgress>) {
    if (current === null) return
    current.progress = { ...current.progress, ...patch }
    deps.onProgress(current.progress)
  }

  function crash(point: CrashPoint) {
    if (deps.crashAt === point) throw new SimulatedCrash(`simulated crash ${point}`)
  }

  /** Copies, verifies and opens the copy; everything here is undone on failure. */
  async function prepare(from: string, to: string, signal: AbortSignal): Promise<EmbeddedDb> {
    await writePointer(appDir, { from, to, state: 'copying' })
    const files = await listFiles(from, MOVED_PARTS)
    const hashes = await copyFiles(from, to, files, {
      signal,
      onProgress: (p) => {
        report({ phase: 'copying', ...p })
        if (p.files >= 1 && deps.crashAt === 'during-copy' && !signal.aborted) crash('during-copy')
      },
    })
    report({ phase: 'verifying' })
    await verifyCopy(to, files, hashes)
    crash('after-copy')
    const db = await openEmbeddedDb(to)
    try {
      const moved = await relocateJobs(db, from, to)
      if (moved > 0) log.info('download jobs follow the data', { jobs: moved })
      await db.flushed()
      if (signal.aborted)
        throw new AppError('cancelled', 'The move was cancelled; nothing changed.')
      return db
    } catch (error) {
      await db.close()
      throw error
    }
  }

  async function run(from: string, to: string, signal: AbortSignal): Promise<void> {
    await holder.suspend()
    let db: EmbeddedDb | undefined
    try {
      db = await prepare(from, to, signal)
      report({ phase: 'switching' })
      await writePointer(appDir, { from, to, state: 'verified' })
    } catch (error) {
      await db?.close()
      if (error instanceof SimulatedCrash) return simulateCrash(error)
      log.warn('the move stopped; the data stays where it was', { error })
      report({ phase: 'stopped' })
      await removeParts(to).catch(() => undefined)
      await writePointer(appDir, { from, to: from, state: 'done' }).catch(() => undefined)
      await reopen(from)
      throw error
    }
    try {
      crash('after-switch')
    } catch (error) {
      await db.close()
      return simulateCrash(error as SimulatedCrash)
    }
    await holder.resume(to, db)
    report({ phase: 'removing' })
    // The data is safe at `to` from here; a failure below leaves a stray old copy, removed at
    // the next start (the pointer still says `verified`).
    try {
      await removeParts(from)
      await writePointer(appDir, { from, to, state: 'done' })
    } catch (error) {
      log.warn('the old copy of the data could not be removed', { error })
    }
    report({ phase: 'done' })
  }

  async function reopen(dir: string) {
    try {
      await holder.resume(dir, await openEmbeddedDb(dir))
    } catch (error) {
      log.error('the database could not be opened again after a stopped move', { error })
      holder.fail(error)
    }
  }

  function simulateCrash(error: SimulatedCrash): never {
    holder.fail(error)
    throw error
  }

  return {
    progress: () => current?.progress,
    size,
    usage,
    async move(targetInput) {
      if (current !== null)
        throw new AppError('conflict', `The data is being moved to ${current.progress.to} now.`)
      const from = resolve(holder.dir())
      const { bytes, files } = await size()
      const to = await checkTarget({
        target: targetInput,
        current: from,
        appDir,
        bytes,
        freeSpace: deps.freeSpace ?? statfsFreeSpace,
      })
      const controller = new AbortController()
      const progress: MoveProgress = {
        phase: 'pausing',
        from,
        to,
        bytes: 0,
        totalBytes: bytes,
        files: 0,
        totalFiles: files,
      }
      const done = run(from, to, controller.signal)
      current = { progress, controller, done }
      deps.onProgress(progress)
      try {
        await done
      } finally {
        current = null
      }
    },
    cancel() {
      if (current === null) return false
      const { phase } = current.progress
      if (phase !== 'pausing' && phase !== 'copying' && phase !== 'verifying') return false
      current.controller.abort()
      return true
    },
    async dispose() {
      const under = current
      if (under === null) return
      under.controller.abort()
      await under.done.catch(() => undefined)
    },
  }
}
