import { createHash, type Hash } from 'node:crypto'
import { open } from 'node:fs/promises'
import { AppError } from '../../../shared/errors'
import type { StreamHead } from '../api/api-requester'
import { hashInto } from './file-hash'
import { ensureFolderOf, finalizeItem, itemPaths } from './finalize'
import { recoverPart } from './part-recovery'
import type { ItemRecord } from './job-record'
import { afterFailure } from './failures'
import type { TransferContext } from './transfer-context'

/** The journal records the offset after this many fsynced bytes (and at the end). */
const CHECKPOINT_BYTES = 8 * 1024 * 1024
const CHECKPOINT_MS = 1000

/** The server's file changed under a resume: start over instead of splicing two versions. */
class ChangedOnServer extends Error {}

/**
 * One file into `<final>.part`, resumed with offset where the last attempt (or the last run of
 * the app) stopped: the journal's offset is trusted only up to the file's size, and the .part
 * is cut to it. Every checkpoint fsyncs the bytes before the journal records them. The request
 * gets maxAttempts 1: this loop resumes with an offset instead of starting the body over.
 */
export async function fetchFile(ctx: TransferContext, item: ItemRecord): Promise<void> {
  const { part } = itemPaths(ctx.job.root, item)
  await ensureFolderOf(part)
  for (let failures = 0; ;) {
    const offset = await recoverPart(part, item.offset)
    item.offset = offset
    const hash = createHash('sha256')
    await hashInto(hash, part, offset).catch(() => undefined)
    try {
      await ctx.client.files.uploadRawFile(
        item.uploadId,
        item.path,
        offset > 0 ? { offset } : {},
        (body, head) => appendBody(ctx, item, part, hash, body, head),
        {
          lane: 'background',
          maxAttempts: 1,
          signal: ctx.signal,
          label: `GET raw file ${item.rel}`,
        },
      )
      if (item.size !== null && item.offset !== item.size)
        throw new ChangedOnServer(`got ${item.offset} bytes, the listing said ${item.size}`)
      await finalizeItem(ctx, item, hash.digest('hex'), item.offset)
      return
    } catch (error) {
      if (error instanceof ChangedOnServer) {
        await restart(ctx, item)
        failures += 1
        if (failures >= 2)
          return fail(
            ctx,
            item,
            'permanent',
            `The file changed on the server while it downloaded (${error.message}).`,
          )
        continue
      }
      item.attempts += 1
      const after = await afterFailure(ctx, error, failures)
      if (after.next === 'give-up') return fail(ctx, item, after.kind, after.reason)
      if (after.counted) failures += 1
    }
  }
}

async function appendBody(
  ctx: TransferContext,
  item: ItemRecord,
  part: string,
  hash: Hash,
  body: AsyncIterable<Uint8Array>,
  head: StreamHead,
): Promise<void> {
  const validator = validatorOf(head, item.offset)
  if (
    item.offset > 0 &&
    item.validator !== undefined &&
    validator !== undefined &&
    validator !== item.validator
  )
    throw new ChangedOnServer(`its version changed (${item.validator} → ${validator})`)
  item.validator = validator ?? item.validator
  const file = await open(part, item.offset > 0 ? 'r+' : 'w')
  let position = item.offset
  let synced = position
  let lastSync = Date.now()
  try {
    for await (const chunk of body) {
      const { bytesWritten } = await file.write(chunk, 0, chunk.length, position)
      if (bytesWritten !== chunk.length)
        throw new AppError(
          'unavailable',
          `Could not write ${part}: the disk took ${bytesWritten} of ${chunk.length} bytes.`,
        )
      hash.update(chunk)
      position += chunk.length
      ctx.onBytes(chunk.length)
      if (position - synced >= CHECKPOINT_BYTES || Date.now() - lastSync >= CHECKPOINT_MS) {
        await checkpoint(ctx, item, file, position)
        synced = position
        lastSync = Date.now()
      }
    }
  } finally {
    // The bytes written so far are kept and vouched for, even when the body broke off.
    await checkpoint(ctx, item, file, position).finally(() => file.close())
  }
}

/** fsync first, then the journal: the record never claims bytes the disk does not have. */
async function checkpoint(
  ctx: TransferContext,
  item: ItemRecord,
  file: { sync(): Promise<void> },
  position: number,
): Promise<void> {
  await file.sync()
  item.offset = position
  await ctx.journal.writeFor(ctx.job.id, { items: [item] })
}

/**
 * What identifies the file's version in an answer: the total length (from content-length plus
 * the offset asked for), the modification date and the ETag, when the server sends them.
 */
function validatorOf(head: StreamHead, offset: number): string | undefined {
  const length = head.headers['content-length']
  const parts = [
    length === undefined ? undefined : `size ${Number(length) + offset}`,
    head.headers['last-modified'],
    head.headers['etag'],
  ].filter((part): part is string => part !== undefined)
  return parts.length === 0 ? undefined : parts.join(', ')
}

async function restart(ctx: TransferContext, item: ItemRecord): Promise<void> {
  ctx.onBytes(-item.offset)
  Object.assign(item, { offset: 0, validator: undefined })
  delete item.validator
  await ctx.journal.writeFor(ctx.job.id, { items: [item] })
}

export async function fail(
  ctx: TransferContext,
  item: ItemRecord,
  kind: 'retryable' | 'permanent',
  reason: string,
): Promise<void> {
  Object.assign(item, { status: 'failed', failKind: kind, reason })
  await ctx.journal.writeFor(ctx.job.id, { items: [item] })
  ctx.onItem(item)
}
