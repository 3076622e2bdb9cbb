import type { UnitRecord } from './job-record'

/** A file the job will fetch, before it is assigned to a unit. */
export interface UnitFile {
  i: number
  uploadId: string
  path: string
  size: number | null
  entryId?: string
}

export interface UnitLimits {
  /** Files from this size on (and files of unknown size) get a resumable request of their own. */
  largeFileBytes: number
  /** A zip is restarted whole after a failure, so it is kept small. */
  zipMaxBytes: number
  zipMaxFiles: number
  /** Entries per zip request: below the server's per-request limit (50 000 on NOMAD). */
  zipMaxEntries: number
}

export const DEFAULT_UNIT_LIMITS: UnitLimits = {
  largeFileBytes: 8 * 1024 * 1024,
  zipMaxBytes: 64 * 1024 * 1024,
  zipMaxFiles: 500,
  zipMaxEntries: 500,
}

export interface UnitPlan {
  units: UnitRecord[]
  /** unitOf[i]: the unit that fetches file i. */
  unitOf: Map<number, number>
}

interface Group {
  files: UnitFile[]
  bytes: number
  entryIds: Set<string>
}

/**
 * Splits a job into units, each one request: large files (and files of unknown size) alone,
 * resumable with offset/length; small files together in zips (restarted whole on failure),
 * grouped by entry for entry sources (POST /entries/raw/query) or by folder for uploads
 * (GET /uploads/{id}/raw/{folder}?compress=true). No unit exceeds the server's per-request
 * entry limit, so a job of any size is split and never truncated or refused.
 */
export function planUnits(
  files: readonly UnitFile[],
  byEntry: boolean,
  limits: UnitLimits = DEFAULT_UNIT_LIMITS,
): UnitPlan {
  const units: UnitRecord[] = []
  const unitOf = new Map<number, number>()
  const groups = new Map<string, Group[]>()
  const add = (unit: Omit<UnitRecord, 'n' | 'status' | 'attempts'>, members: UnitFile[]) => {
    const n = units.length
    units.push({ n, status: 'pending', attempts: 0, ...unit })
    for (const file of members) unitOf.set(file.i, n)
  }
  for (const file of files) {
    if (file.size === null || file.size >= limits.largeFileBytes) {
      add({ kind: 'file', uploadId: file.uploadId }, [file])
      continue
    }
    const groupKey =
      byEntry && file.entryId !== undefined ? '' : `${file.uploadId}/${folderOf(file.path)}`
    const list = groups.get(groupKey) ?? []
    groups.set(groupKey, list)
    let group = list.at(-1)
    const entryCount =
      group === undefined
        ? 0
        : group.entryIds.size +
          (file.entryId !== undefined && !group.entryIds.has(file.entryId) ? 1 : 0)
    if (
      group === undefined ||
      group.files.length >= limits.zipMaxFiles ||
      group.bytes + file.size > limits.zipMaxBytes ||
      entryCount > limits.zipMaxEntries
    ) {
      group = { files: [], bytes: 0, entryIds: new Set() }
      list.push(group)
    }
    group.files.push(file)
    group.bytes += file.size
    if (file.entryId !== undefined) group.entryIds.add(file.entryId)
  }
  for (const [groupKey, list] of groups)
    for (const group of list) {
      const first = group.files[0]
      if (first === undefined) continue
      if (group.files.length === 1) add({ kind: 'file', uploadId: first.uploadId }, group.files)
      else if (groupKey === '')
        add(
          { kind: 'entries-zip', entryIds: [...group.entryIds], names: names(group) },
          group.files,
        )
      else
        add(
          {
            kind: 'folder-zip',
            uploadId: first.uploadId,
            folder: folderOf(first.path),
            names: names(group),
          },
          group.files,
        )
    }
  return { units, unitOf }
}

function names(group: Group): string[] {
  return [...new Set(group.files.map((file) => file.path.slice(file.path.lastIndexOf('/') + 1)))]
}

/** The folder of an upload path ("" at the root). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? '' : path.slice(0, slash)
}
