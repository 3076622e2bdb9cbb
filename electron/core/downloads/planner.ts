import { stat } from 'node:fs/promises'
import { AppError } from '../../../shared/errors'
import type {
  DownloadPlan,
  DownloadSpec,
  PlanProblem,
} from '../../../shared/ipc/channels/downloads'
import type { NomadClient } from '../api/nomad-client'
import { safeJoin } from '../storage/safe-join'
import { checkDestination, formatBytes, type FreeSpaceProbe } from './destination'
import { compileGlobs } from './globs'
import type { ItemRecord, UnitRecord } from './job-record'
import { readManifestRecords } from './manifest'
import { listSource, type SourceListing } from './source-listing'
import { DEFAULT_UNIT_LIMITS, planUnits, type UnitLimits } from './units'

/** Archive entries per page: NOMAD's maximum for POST /entries/archive/query. */
export const ARCHIVE_PAGE = 100

export interface PlannedJob {
  plan: DownloadPlan
  items: ItemRecord[]
  units: UnitRecord[]
  listing: SourceListing
  /** Size and sha256 of files an earlier job's manifest in the folder recorded. */
  known: Record<string, { size: number; sha256: string }>
}

export interface PlannerDeps {
  client: NomadClient
  freeSpace: FreeSpaceProbe
  limits?: UnitLimits
  signal?: AbortSignal
}

/**
 * Everything known before anything is written: the destination's problems, the source's entries,
 * uploads and files (sizes where the server gives them), the globs' effect, files already present,
 * the units the job is split into, and whether the disk has room.
 */
export async function planJob(deps: PlannerDeps, spec: DownloadSpec): Promise<PlannedJob> {
  const destination = await checkDestination(spec.destination)
  const problems: PlanProblem[] = [...destination.problems]
  let listing: SourceListing = {
    entries: 0,
    entryIds: [],
    uploadIds: [],
    files: [],
    filesOfEntry: new Map(),
  }
  try {
    listing = await listSource(deps.client, spec.source, deps.signal)
  } catch (error) {
    if (error instanceof AppError && error.code === 'cancelled') throw error
    problems.push({ field: 'source', severity: 'error', message: sourceMessage(error) })
  }
  const root = destination.root
  const known = destination.existing === root ? await readManifestRecords(root) : {}
  const globs = compileGlobs(spec.include, spec.exclude)
  const archive = spec.source.kind === 'archive'
  if (!archive)
    problems.push(...globs.problems(listing.files.map((f) => `${f.uploadId}/${f.path}`)))
  const items: ItemRecord[] = []
  let present = 0
  let bytes = 0
  for (const file of listing.files) {
    const rel = `${file.uploadId}/${file.path}`
    if (!globs.accepts(rel)) continue
    const item: ItemRecord = {
      i: items.length,
      unit: -1,
      uploadId: file.uploadId,
      path: file.path,
      ...(file.entryId === undefined ? {} : { entryId: file.entryId }),
      size: file.size,
      rel,
      status: 'pending',
      offset: 0,
      attempts: 0,
    }
    items.push(item)
    let target: string
    try {
      target = safeJoin(root, rel)
    } catch (error) {
      Object.assign(item, {
        status: 'failed',
        failKind: 'refused',
        reason: (error as Error).message,
      })
      continue
    }
    bytes += file.size ?? 0
    if (destination.existing !== root || !(await exists(target))) continue
    present += 1
    if (spec.existing === 'keep-both') item.rel = await freeName(root, rel)
    else item.existed = true
  }
  const fetched = items.filter((item) => item.status === 'pending')
  const { units, unitOf } = archive
    ? { units: [archiveUnit()], unitOf: new Map<number, number>() }
    : planUnits(
        fetched,
        spec.source.kind === 'search' || spec.source.kind === 'entries',
        deps.limits ?? DEFAULT_UNIT_LIMITS,
      )
  for (const item of items) item.unit = unitOf.get(item.i) ?? -1
  const freeBytes =
    destination.existing === null ? null : await deps.freeSpace(destination.existing)
  const sizesKnown = !archive && listing.files.every((f) => f.size !== null)
  if (freeBytes !== null && sizesKnown && bytes > freeBytes)
    problems.push({
      field: 'space',
      severity: 'error',
      message: `The job needs ${formatBytes(bytes)} but only ${formatBytes(freeBytes)} is free on the destination's disk.`,
    })
  if (!archive && listing.files.length === 0 && !problems.some((p) => p.field === 'source'))
    problems.push({
      field: 'source',
      severity: 'warning',
      message: 'The source has no raw files to download.',
    })
  return {
    plan: {
      entries: listing.entries,
      uploads: listing.uploadIds.length,
      files:
        spec.source.kind === 'archive'
          ? spec.source.format === 'jsonl'
            ? 1
            : listing.entries
          : fetched.length,
      bytes: sizesKnown ? bytes : null,
      present,
      freeBytes,
      units: archive ? Math.ceil(listing.entries / ARCHIVE_PAGE) : units.length,
      destination: root,
      problems,
    },
    items,
    units,
    listing,
    known,
  }
}

function archiveUnit(): UnitRecord {
  return { n: 0, kind: 'archive', status: 'pending', attempts: 0 }
}

function sourceMessage(error: unknown): string {
  if (error instanceof AppError) return error.message
  return `The source could not be listed: ${(error as Error).message}`
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch {
    return false
  }
}

/** "data (1).txt", "data (2).txt"…: the first name not taken, for keep-both. */
async function freeName(root: string, rel: string): Promise<string> {
  const slash = rel.lastIndexOf('/')
  const name = rel.slice(slash + 1)
  const dot = name.lastIndexOf('.')
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  for (let n = 1; ; n += 1) {
    const candidate = `${rel.slice(0, slash + 1)}${stem} (${n})${ext}`
    try {
      if (!(await exists(safeJoin(root, candidate)))) return candidate
    } catch {
      return rel
    }
  }
}
