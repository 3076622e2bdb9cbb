import { mkdir, rm, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { renameAllDurable } from '../storage/durable-rename'
import { safeJoin } from '../storage/safe-join'
import { sha256OfFile } from './file-hash'
import type { ItemRecord } from './job-record'
import type { TransferContext } from './transfer-context'

/** The final path of an item and its .part beside it (both inside the job's folder). */
export function itemPaths(root: string, item: ItemRecord): { final: string; part: string } {
  const final = safeJoin(root, item.rel)
  return { final, part: `${final}.part` }
}

export async function ensureFolderOf(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
}

/** An item whose .part is complete, fsynced and checked (size, CRC where a zip had one). */
export interface VerifiedPart {
  item: ItemRecord
  sha256: string
  bytes: number
}

/**
 * Verified .part files get their final names. Order: the journal records "verified" with the
 * sha256 (the bytes are fsynced already), then the durable renames, then "done". A crash between
 * the steps is finished by `recoverVerified` on the next start. With skip-identical, an existing
 * file with the same bytes is kept and the .part dropped. Many at once share two journal writes
 * and one folder sync per folder.
 */
export async function finalizeItems(
  ctx: TransferContext,
  parts: readonly VerifiedPart[],
): Promise<void> {
  if (parts.length === 0) return
  const items = parts.map(({ item, sha256, bytes }) =>
    Object.assign(item, { status: 'verified', sha256, offset: bytes }),
  )
  await ctx.journal.writeFor(ctx.job.id, { items })
  const renames: [string, string][] = []
  for (const item of items) {
    const { final, part } = itemPaths(ctx.job.root, item)
    if (await identical(ctx.job.spec.existing, item, final)) {
      // Already there with these bytes: kept as it is. Skipped only if it predates the job
      // (otherwise an earlier run of this job placed it before the app stopped).
      await rm(part, { force: true })
      item.status = item.existed === true ? 'skipped' : 'done'
    } else {
      renames.push([part, final])
      item.status = 'done'
    }
  }
  await renameAllDurable(renames)
  await ctx.journal.writeFor(ctx.job.id, { items })
  for (const item of items) ctx.onItem(item)
}

export function finalizeItem(
  ctx: TransferContext,
  item: ItemRecord,
  sha256: string,
  bytes: number,
): Promise<void> {
  return finalizeItems(ctx, [{ item, sha256, bytes }])
}

/** skip-identical: the file at the final name already has these bytes. */
async function identical(policy: string, item: ItemRecord, final: string): Promise<boolean> {
  return (
    policy === 'skip-identical' &&
    (await sizeOf(final)) === item.offset &&
    (await sha256OfFile(final)) === item.sha256
  )
}

/** Finishes an item the journal saw verified when the app stopped (rename done or not). */
export async function recoverVerified(ctx: TransferContext, item: ItemRecord): Promise<void> {
  const { final, part } = itemPaths(ctx.job.root, item)
  if ((await sizeOf(part)) === item.offset) {
    if (await identical(ctx.job.spec.existing, item, final)) await rm(part, { force: true })
    else await renameAllDurable([[part, final]])
    item.status = 'done'
  } else if ((await sizeOf(final)) === item.offset) item.status = 'done'
  else Object.assign(item, { status: 'pending', offset: 0 })
  await ctx.journal.writeFor(ctx.job.id, { items: [item] })
  ctx.onItem(item)
}

export async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size
  } catch {
    return null
  }
}
