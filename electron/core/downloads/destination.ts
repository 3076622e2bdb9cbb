import { constants } from 'node:fs'
import { access, stat, statfs } from 'node:fs/promises'
import { dirname, isAbsolute, resolve } from 'node:path'
import type { PlanProblem } from '../../../shared/ipc/channels/downloads'

/** Free bytes on the disk that holds `path` (an existing folder); injectable for tests. */
export type FreeSpaceProbe = (path: string) => Promise<number | null>

export const statfsFreeSpace: FreeSpaceProbe = async (path) => {
  try {
    const info = await statfs(path)
    return info.bavail * info.bsize
  } catch {
    return null
  }
}

export interface DestinationCheck {
  /** The folder resolved. */
  root: string
  /** The nearest existing folder (the root or its parent), where free space is measured. */
  existing: string | null
  problems: PlanProblem[]
}

const problem = (message: string): PlanProblem => ({
  field: 'destination',
  severity: 'error',
  message,
})

/**
 * Checks the destination before anything is written: absolute, not a file, its parent present
 * when it is missing (only the last folder is created), and writable.
 */
export async function checkDestination(destination: string): Promise<DestinationCheck> {
  if (!isAbsolute(destination))
    return {
      root: destination,
      existing: null,
      problems: [
        problem(
          `"${destination}" is not an absolute path; choose a folder such as /home/you/data.`,
        ),
      ],
    }
  const root = resolve(destination)
  const here = await kindOf(root)
  if (here === 'file')
    return { root, existing: null, problems: [problem(`${root} is a file, not a folder.`)] }
  const existing = here === 'dir' ? root : dirname(root)
  if (here === 'missing') {
    const parent = await kindOf(existing)
    if (parent !== 'dir')
      return {
        root,
        existing: null,
        problems: [
          problem(
            parent === 'file'
              ? `${existing} is a file, so ${root} cannot be created in it.`
              : `The folder ${existing} does not exist; only the last folder of the destination is created.`,
          ),
        ],
      }
  }
  try {
    await access(existing, constants.W_OK)
  } catch {
    return {
      root,
      existing,
      problems: [problem(`The folder ${existing} cannot be written to (no permission).`)],
    }
  }
  return { root, existing, problems: [] }
}

async function kindOf(path: string): Promise<'file' | 'dir' | 'missing'> {
  try {
    return (await stat(path)).isDirectory() ? 'dir' : 'file'
  } catch {
    return 'missing'
  }
}

/** "1.5 GiB": sizes in messages. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit] ?? ''}`
}
