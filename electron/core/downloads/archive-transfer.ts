import { createHash } from 'node:crypto'
import { mkdir, open } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { ArchiveQueryResponse } from '../../../shared/api'
import { writeFileAtomic } from '../storage/atomic-write'
import { safeJoin } from '../storage/safe-join'
import { afterFailure, classifyFailure } from './failures'
import { hashInto } from './file-hash'
import { finalizeItem, itemPaths } from './finalize'
import { recoverPart } from './part-recovery'
import type { ItemRecord } from './job-record'
import { ARCHIVE_PAGE } from './planner'
import type { TransferContext } from './transfer-context'

/** The one file of a JSON Lines archive job, below the destination. */
export const JSONL_FILE = 'archive.jsonl'

export interface ArchiveHooks {
  /** The job's items so far (json-per-entry: one per entry; jsonl: the one file). */
  items: ItemRecord[]
  /** New items were made (they are in the journal already). */
  added(items: ItemRecord[]): void
}

/**
 * Archive data, a page at a time with the after-value cursor kept in the job's journal record.
 * A page's files are written (fsynced, atomically renamed) before the cursor moves past it, so a
 * restart repeats at most the page it was in: no entry is missing, and a repeated file is
 * rewritten under the same name rather than duplicated. JSON Lines append to one .part file whose
 * journal offset moves with the cursor in the same transaction; on resume the file is cut back
 * to that offset, so a line is never written twice.
 */
export async function fetchArchive(ctx: TransferContext, hooks: ArchiveHooks): Promise<void> {
  const source = ctx.job.spec.source
  if (source.kind !== 'archive') return
  const jsonl = source.format === 'jsonl'
  for (let failures = 0; ctx.job.cursor !== null;) {
    let page: ArchiveQueryResponse
    try {
      page = await ctx.client.archive.query(
        {
          owner: source.owner,
          query: source.query,
          required: source.required,
          pagination: {
            page_size: ARCHIVE_PAGE,
            order_by: 'entry_id',
            ...(ctx.job.cursor === undefined ? {} : { page_after_value: ctx.job.cursor }),
          },
        },
        { lane: 'background', signal: ctx.signal },
      )
    } catch (error) {
      const after = await afterFailure(ctx, error, failures)
      if (after.next === 'give-up')
        throw new Error(
          `Archive data after entry ${ctx.job.cursor ?? '(start)'} could not be fetched: ${after.reason}`,
        )
      if (after.counted) failures += 1
      continue
    }
    const next = page.pagination.next_page_after_value ?? null
    const done = next === null || page.data.length === 0
    if (jsonl) await appendLines(ctx, hooks, page, done ? null : next)
    else await writeEntries(ctx, hooks, page, done ? null : next)
  }
  if (jsonl) {
    const item = hooks.items[0]
    if (item !== undefined && item.status === 'pending') {
      const hash = createHash('sha256')
      await hashInto(hash, itemPaths(ctx.job.root, item).part)
      await finalizeItem(ctx, item, hash.digest('hex'), item.offset)
    }
  }
}

async function writeEntries(
  ctx: TransferContext,
  hooks: ArchiveHooks,
  page: ArchiveQueryResponse,
  next: string | null,
) {
  const fresh: ItemRecord[] = []
  const known = new Map(hooks.items.map((item) => [item.rel, item]))
  for (const entry of page.data) {
    const rel = `${entry.upload_id}/${entry.entry_id}.archive.json`
    const text = `${JSON.stringify(entry, null, 2)}\n`
    const item: ItemRecord = known.get(rel) ?? {
      i: hooks.items.length + fresh.length,
      unit: 0,
      uploadId: entry.upload_id,
      path: `${entry.entry_id}.archive.json`,
      entryId: entry.entry_id,
      size: null,
      rel,
      status: 'pending',
      offset: 0,
      attempts: 0,
    }
    try {
      const target = safeJoin(ctx.job.root, rel)
      await mkdir(dirname(target), { recursive: true })
      await writeFileAtomic(target, text, { mode: 0o644 })
      const bytes = Buffer.byteLength(text)
      Object.assign(item, {
        status: 'done',
        offset: bytes,
        size: bytes,
        sha256: createHash('sha256').update(text).digest('hex'),
      })
      ctx.onBytes(bytes)
    } catch (error) {
      if (classifyFailure(error).kind === 'disk') throw error
      Object.assign(item, {
        status: 'failed',
        failKind: 'refused',
        reason: (error as Error).message,
      })
    }
    if (!known.has(rel)) fresh.push(item)
  }
  ctx.job.cursor = next
  ctx.job.entryIds.push(
    ...page.data.map((entry) => entry.entry_id).filter((id) => !ctx.job.entryIds.includes(id)),
  )
  await ctx.journal.write({ job: ctx.job, items: fresh })
  hooks.items.push(...fresh)
  hooks.added(fresh)
}

async function appendLines(
  ctx: TransferContext,
  hooks: ArchiveHooks,
  page: ArchiveQueryResponse,
  next: string | null,
) {
  let item = hooks.items[0]
  if (item === undefined) {
    item = {
      i: 0,
      unit: 0,
      uploadId: '',
      path: JSONL_FILE,
      size: null,
      rel: JSONL_FILE,
      status: 'pending',
      offset: 0,
      attempts: 0,
    }
    hooks.items.push(item)
    hooks.added([item])
  }
  const { part } = itemPaths(ctx.job.root, item)
  await mkdir(dirname(part), { recursive: true })
  // Trust the journal only up to what the disk has, and cut off anything written after it.
  const offset = await recoverPart(part, ctx.job.jsonlOffset ?? 0)
  const text =
    page.data.map((entry) => JSON.stringify(entry)).join('\n') + (page.data.length > 0 ? '\n' : '')
  const file = await open(part, offset > 0 ? 'r+' : 'w')
  try {
    await file.write(text, offset)
    await file.sync()
  } finally {
    await file.close()
  }
  const bytes = Buffer.byteLength(text)
  item.offset = offset + bytes
  ctx.onBytes(bytes)
  ctx.job.jsonlOffset = item.offset
  ctx.job.cursor = next
  ctx.job.entryIds.push(...page.data.map((entry) => entry.entry_id))
  await ctx.journal.write({ job: ctx.job, items: [item] })
}
