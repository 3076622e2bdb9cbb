import { sha256OfFile } from './file-hash'
import { fetchFile } from './file-transfer'
import { fetchArchive } from './archive-transfer'
import { itemPaths, recoverVerified, sizeOf } from './finalize'
import type { ItemRecord, UnitRecord } from './job-record'
import type { JobRuntime } from './job-runtime'
import type { TransferContext } from './transfer-context'
import { fetchZip } from './zip-transfer'

/**
 * Runs one unit to its end: items the journal saw verified are finished first, files an earlier
 * manifest vouches for are skipped (skip-identical), then the unit's request. Throws only for
 * what stops the job (pause, cancel, a full disk); item failures are recorded on the items.
 */
export async function runUnit(
  ctx: TransferContext,
  runtime: JobRuntime,
  unit: UnitRecord,
): Promise<void> {
  const items = runtime.itemsOfUnit.get(unit.n) ?? []
  for (const item of items) if (item.status === 'verified') await recoverVerified(ctx, item)
  if (ctx.job.spec.existing === 'skip-identical')
    for (const item of items) if (item.status === 'pending') await skipIfKnown(ctx, item)
  if (unit.kind === 'archive') {
    await fetchArchive(ctx, {
      items: runtime.items,
      added: () => runtime.index(),
    })
  } else if (unit.kind === 'file') {
    const item = items[0]
    if (item?.status === 'pending') await fetchFile(ctx, item)
  } else if (items.some((item) => item.status === 'pending')) {
    await fetchZip(ctx, unit, items)
  }
  unit.status = (runtime.itemsOfUnit.get(unit.n) ?? []).some((item) => item.status === 'failed')
    ? 'failed'
    : 'done'
  await ctx.journal.writeFor(ctx.job.id, { units: [unit] })
}

/** The file is there with the size and sha256 an earlier job recorded: nothing to fetch. */
async function skipIfKnown(ctx: TransferContext, item: ItemRecord): Promise<void> {
  const known = ctx.job.known[item.rel]
  if (known === undefined || (item.size !== null && known.size !== item.size)) return
  const { final } = itemPaths(ctx.job.root, item)
  if ((await sizeOf(final)) !== known.size || (await sha256OfFile(final)) !== known.sha256) return
  Object.assign(item, { status: 'skipped', offset: known.size, sha256: known.sha256 })
  await ctx.journal.writeFor(ctx.job.id, { items: [item] })
  ctx.onItem(item)
}
