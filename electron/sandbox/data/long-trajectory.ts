import { entryNumbers } from './entry-numbers'
import { thermostat } from './archive-sections'
import type { EntryMeta, UploadRecord } from './model'
import { publicUpload } from './fixture-uploads'
import { entryIdFor } from './ids'

/**
 * The long-trajectory fixture (`--long-trajectory-steps N`, FixtureOptions.longTrajectorySteps):
 * one public upload of Lena's with one CP2K ab-initio molecular-dynamics run of silicon whose
 * `run[0].calculation` holds N small sections, the thermodynamic output CP2K writes every step
 * (step, time, temperature, pressure, total/potential/kinetic energy). The structure is kept
 * every SYSTEM_EVERY steps and at the last one, as an MD code writes its trajectory less often
 * than its energies, so `run[0].system` stays short and only those steps carry a `system_ref`.
 * For the archive viewer's proof that a list of 100,000 items stays bounded in the window.
 * Generated lazily like every archive: nothing is built before a request asks for it.
 */

export const LONG_TRAJECTORY_UPLOAD_ID = 'LongTrajectoryUpload01'
const DIR = 'long-trajectory/Si-aimd-1200K'
/** CP2K (PROGRAMS[4]); the entry id follows from the mainfile like every entry's. */
const CP2K = 4
export const LONG_TRAJECTORY_ENTRY_ID = entryIdFor(LONG_TRAJECTORY_UPLOAD_ID, `${DIR}/cp2k.out`)
/** A trajectory frame (a `system`) every this many steps. */
export const SYSTEM_EVERY = 1000

const KB = 1.380649e-23

/** The steps whose structure was kept: every SYSTEM_EVERY-th and the last. */
export function savedFrames(meta: EntryMeta): { count: number; stepOf(k: number): number } {
  const every = meta.longTrajectory?.systemEvery ?? 1
  const regular = Math.ceil(meta.steps / every)
  const lastIncluded = (meta.steps - 1) % every === 0
  return {
    count: regular + (lastIncluded ? 0 : 1),
    stepOf: (k) => Math.min(k * every, meta.steps - 1),
  }
}

/** The system a step's structure is at, or undefined when the step kept none. */
function frameOf(meta: EntryMeta, step: number): number | undefined {
  const every = meta.longTrajectory?.systemEvery ?? 1
  if (step % every === 0) return step / every
  return step === meta.steps - 1 ? savedFrames(meta).count - 1 : undefined
}

/** One MD step as CP2K's energy file reports it, in SI like every archive value. */
export function thermoCalculation(meta: EntryMeta, step: number): Record<string, unknown> {
  const numbers = entryNumbers(meta)
  const [temperature, pressure] = thermostat(meta, step)
  const kinetic = 1.5 * numbers.nAtoms * KB * temperature
  const potential = numbers.energy + 0.4 * kinetic * Math.sin(step * 0.05)
  const frame = frameOf(meta, step)
  return {
    ...(frame === undefined ? {} : { system_ref: `#/run/0/system/${frame}` }),
    method_ref: '#/run/0/method/0',
    step,
    time_physical: step * numbers.timeStep,
    time_calculation: Number((0.8 + 0.1 * Math.sin(step)).toFixed(3)),
    temperature,
    pressure,
    energy: {
      total: { value: potential + kinetic },
      potential: { value: potential },
      kinetic: { value: kinetic },
    },
  }
}

export function longTrajectoryData(
  steps: number,
  firstUpload: number,
  firstEntry: number,
): { uploads: UploadRecord[]; metas: EntryMeta[] } {
  const upload: UploadRecord = {
    ...publicUpload(firstUpload, LONG_TRAJECTORY_UPLOAD_ID, 'One long trajectory', firstEntry, 1),
    seed: 0x10a6,
    campaign: 'long-trajectory',
    programIndex: CP2K,
  }
  const meta: EntryMeta = {
    index: firstEntry,
    uploadIndex: firstUpload,
    seed: 0x10a6,
    materialIndex: 0,
    programIndex: CP2K,
    functionalIndex: 0,
    workflow: 'molecular_dynamics',
    dir: DIR,
    steps,
    supercell: 1,
    largeArchive: true,
    largeFile: false,
    images: false,
    legacyWorkflow: false,
    longTrajectory: { systemEvery: SYSTEM_EVERY },
  }
  return { uploads: [upload], metas: [meta] }
}
