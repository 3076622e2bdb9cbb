import { access, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { constants } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { AppError } from '../../../shared/errors'
import { formatBytes, type FreeSpaceProbe } from '../downloads/destination'
import { MOVED_PARTS } from './location-pointer'

/** Room left over on the target's disk after the copy, for the database to keep growing. */
export const MOVE_MARGIN_BYTES = 64 * 1024 * 1024

const refuse = (message: string) => new AppError('invalid_input', message, { path: ['target'] })

const inside = (folder: string, path: string) => {
  const rel = relative(folder, path)
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
}

/** The nearest folder of `path` that exists (where free space is measured). */
async function nearestExisting(path: string): Promise<string> {
  let at = path
  while (
    !(await access(at).then(
      () => true,
      () => false,
    ))
  ) {
    const up = dirname(at)
    if (up === at) break
    at = up
  }
  return at
}

/**
 * Refuses a target the data cannot move to, with the reason: not an absolute path, the folder
 * the data is in, a folder inside it, a folder that is not empty (the app's own folder counts
 * as empty when it holds none of the moved parts: moving back), too little free space (saying
 * how much is needed and free), or not writable. Returns the target resolved; it exists after.
 */
export async function checkTarget(options: {
  target: string
  current: string
  appDir: string
  bytes: number
  freeSpace: FreeSpaceProbe
}): Promise<string> {
  const { current, appDir, bytes } = options
  if (!isAbsolute(options.target))
    throw refuse(`"${options.target}" is not a full path; give one such as /home/you/nomad-data.`)
  const target = resolve(options.target)
  if (target === resolve(current)) throw refuse(`The data is already in ${target}.`)
  if (inside(current, target))
    throw refuse(`${target} is inside the folder the data is in now (${current}); choose another.`)
  const names = await readdir(target).catch(() => undefined)
  const inTheWay =
    target === resolve(appDir)
      ? names?.filter((name) => (MOVED_PARTS as readonly string[]).includes(name))
      : names
  if (inTheWay !== undefined && inTheWay.length > 0)
    throw refuse(
      `${target} is not empty (it holds ${inTheWay.slice(0, 3).join(', ')}${inTheWay.length > 3 ? ', …' : ''}); choose an empty or new folder.`,
    )
  const free = await options.freeSpace(await nearestExisting(target))
  const needed = bytes + MOVE_MARGIN_BYTES
  if (free !== null && free < needed)
    throw refuse(
      `${target} is on a disk with ${formatBytes(free)} free; the move needs ${formatBytes(needed)} (${formatBytes(bytes)} of data and ${formatBytes(MOVE_MARGIN_BYTES)} to spare).`,
    )
  const probe = join(target, `.nomad-write-test-${process.pid}`)
  try {
    await mkdir(target, { recursive: true })
    await access(target, constants.W_OK)
    await writeFile(probe, '')
    await rm(probe, { force: true })
  } catch (error) {
    throw refuse(
      `${target} cannot be written (${(error as Error).message}); choose another folder.`,
    )
  }
  return target
}
