import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { downloadSourceSchema } from '../../../shared/ipc/channels/downloads'
import { writeFileAtomic } from '../storage/atomic-write'
import type { ItemRecord, JobRecord } from './job-record'

/** The file every job writes beside its data. */
export const MANIFEST_FILE = 'manifest.json'
export const MANIFEST_FORMAT = 'nomad-desktop-download'
export const MANIFEST_VERSION = 1

const manifestFile = z.object({
  path: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  uploadId: z.string().optional(),
  entryId: z.string().optional(),
})

/** manifest.json, format version 1 (docs/downloads.md, "Manifests"). */
export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  server: z.object({ id: z.string(), name: z.string(), baseUrl: z.string() }),
  apiVersion: z.string().nullable(),
  source: downloadSourceSchema,
  include: z.array(z.string()),
  exclude: z.array(z.string()),
  /** Archive jobs: what was asked of each archive (also inside `source`). */
  required: z.unknown().optional(),
  owner: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string(),
  entryIds: z.array(z.string()),
  files: z.array(manifestFile),
})
export type Manifest = z.infer<typeof manifestSchema>

export function buildManifest(
  job: JobRecord,
  items: readonly ItemRecord[],
  serverId: string,
): Manifest {
  const source = job.spec.source
  return {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    server: { id: serverId, name: job.serverName, baseUrl: job.baseUrl },
    apiVersion: job.apiVersion ?? null,
    source,
    include: job.spec.include,
    exclude: job.spec.exclude,
    ...(source.kind === 'archive' ? { required: source.required } : {}),
    owner: 'owner' in source ? source.owner : null,
    createdAt: new Date(job.createdAt).toISOString(),
    finishedAt: new Date(job.finishedAt ?? job.createdAt).toISOString(),
    entryIds: job.entryIds,
    files: items
      .filter(
        (item) =>
          (item.status === 'done' || item.status === 'skipped') && item.sha256 !== undefined,
      )
      .map((item) => ({
        path: item.rel,
        size: item.offset,
        sha256: item.sha256 ?? '',
        uploadId: item.uploadId,
        ...(item.entryId === undefined ? {} : { entryId: item.entryId }),
      })),
  }
}

export async function writeManifest(root: string, manifest: Manifest): Promise<string> {
  const path = join(root, MANIFEST_FILE)
  await writeFileAtomic(path, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o644 })
  return path
}

/**
 * Reads and checks a manifest. A file that is not one, or of a version this app does not know,
 * is refused with a message that says which.
 */
export async function readManifest(path: string): Promise<Manifest> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new AppError(
      'not_found',
      `The manifest ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    )
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new AppError('invalid_input', `${path} is not JSON, so it is not a download manifest.`)
  }
  const head = z.object({ format: z.string(), version: z.unknown() }).safeParse(value)
  if (!head.success || head.data.format !== MANIFEST_FORMAT)
    throw new AppError(
      'invalid_input',
      `${path} is not a NOMAD Desktop download manifest (its "format" is not "${MANIFEST_FORMAT}").`,
    )
  if (head.data.version !== MANIFEST_VERSION)
    throw new AppError(
      'invalid_input',
      `${path} has manifest version ${JSON.stringify(head.data.version)}, which this app does not know (it reads version ${MANIFEST_VERSION}). Update the app to use it.`,
    )
  const parsed = manifestSchema.safeParse(value)
  if (!parsed.success)
    throw new AppError(
      'invalid_input',
      `${path} is damaged: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}.`,
    )
  return parsed.data
}

/** Size and sha256 per path from the folder's manifest, or nothing when there is none or it is unreadable. */
export async function readManifestRecords(
  root: string,
): Promise<Record<string, { size: number; sha256: string }>> {
  try {
    const manifest = await readManifest(join(root, MANIFEST_FILE))
    return Object.fromEntries(
      manifest.files.map((f) => [f.path, { size: f.size, sha256: f.sha256 }]),
    )
  } catch {
    return {}
  }
}
