import { z } from 'zod'
import { fullPathSchema } from './fields'

/**
 * Moving the app's data (the database with the offline library, the downloads journal and the
 * recently viewed cache, and the pins' raw files) to another folder, from the Storage view
 * (docs/offline.md, "Moving the data folder"). Settings and the token vault stay put.
 */

const count = z.number().int().nonnegative()

export const movePhaseSchema = z.enum([
  /** Refusals are checked; running pins, syncs and downloads are paused. */
  'pausing',
  'copying',
  /** Sizes and SHA-256 read back from the new place, then the database opened there. */
  'verifying',
  /** From here on the move cannot be cancelled: the new place is the data. */
  'switching',
  /** The old copy is deleted. */
  'removing',
  'done',
  /** Cancelled or failed before the switch: the data stayed where it was. */
  'stopped',
])
export type MovePhase = z.infer<typeof movePhaseSchema>

export const moveProgressSchema = z.strictObject({
  phase: movePhaseSchema,
  from: z.string(),
  to: z.string(),
  bytes: count,
  totalBytes: count,
  files: count,
  totalFiles: count,
})
export type MoveProgress = z.infer<typeof moveProgressSchema>

export const dataLocationSchema = z.strictObject({
  /** The folder the data is in now. */
  folder: z.string(),
  /** The app's own folder (settings, vault), where the data is unless it was moved. */
  appFolder: z.string(),
  /** What the data's files take on disk (the measure the storage view shows for the database). */
  bytes: count,
  files: count,
  /** The move under way, if any. */
  moving: moveProgressSchema.nullable(),
})
export type DataLocation = z.infer<typeof dataLocationSchema>

const folderPath = z
  .string()
  .trim()
  .pipe(fullPathSchema('folder', 'Give the folder to move the data to.'))

export const dataMoveChannels = {
  /** Where the data is now, its size, and a move under way. */
  'offline.dataLocation': { input: z.strictObject({}), output: dataLocationSchema },
  /**
   * Moves the data to `target` (an empty or new folder) and answers when it is done, with the
   * new location; progress arrives as `offline.moveProgress`. A refusal changes nothing.
   */
  'offline.moveData': {
    input: z.strictObject({ target: folderPath }),
    output: dataLocationSchema,
  },
  /** Cancels the move under way if it has not switched yet (`cancelled: false` otherwise). */
  'offline.moveCancel': {
    input: z.strictObject({}),
    output: z.strictObject({ cancelled: z.boolean() }),
  },
}

export const dataMoveEvents = {
  'offline.moveProgress': { payload: moveProgressSchema },
}
