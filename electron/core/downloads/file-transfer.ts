import { open } from 'node:fs/promises'
import type { StreamHead } from '../api/api-requester'
import { streamHasher, type StreamHasher } from './ring-hasher'
import { ensureFolderOf, finalizeItem, itemPaths } from './finalize'
import { recoverPart } from './part-recovery'
import type { ItemRecord } from './job-record'
import { afterFailure } from './failures'
import { PartWriter } from './part-writer'
import type { TransferContext } from './transfer-context'

/**
 * The journal records the offset after this many fsynced bytes or this long (and at the end).
 * An fsync stalls the disk for a while, so it is rare (performance-anchors §4): a crash costs at
 * most this much re-downloading, never a false claim.
 */
const CHECKPOINT_BYTES = 256 * 1024 * 1024
const CHECKPOINT_MS = 5000

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
    const hasher = streamHasher(part, offset, item.size)
    // Every request counts, including one a throttle answers: failed items say how many ran.
    item.attempts += 1
    try {
      await ctx.client.files.uploadRawFile(
        item.uploadId,
        item.path,
        offset > 0 ? { offset } : {},
        (body, head) => appendBody(ctx, item, part, hasher, body, head),
        {
          lane: 'background',
          maxAttempts: 1,
          // A big file gets a connection of its own that reads into reused memory (no garbage
          // per read, docs/downloads.md).
          ownConnection: item.size !== null && item.size >= ctx.ownConnectionBytes,
          signal: ctx.signal,
          label: `GET raw file ${item.rel}`,
        },
      )
      if (item.size !== null && item.offset !== item.size)
        throw new ChangedOnServer(`got ${item.offset} bytes, the listing said ${item.size}`)
      await finalizeItem(ctx, item, await hasher.digest(), item.offset)
      return
    } catch (error) {
      hasher.close()
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
  hasher: StreamHasher,
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
  const start = item.offset
  // Creates (or keeps) the .part; the writer appends through this handle and checkpoints fsync
  // it.
  const handle = await open(part, start > 0 ? 'r+' : 'w')
  // A chunk goes back to the transport once both the writer and the hasher are done with it;
  // until then the hasher may read it in place (no copy).
  const giveBack = head.recycle && afterBoth(head.recycle)
  const writer = new PartWriter(handle, start, (chunks) => {
    if (giveBack !== undefined) for (const chunk of chunks) giveBack(chunk)
  })
  const checkpoints = new Checkpoints(ctx, item, handle, () => writer.written)
  let received = start
  try {
    for await (const chunk of body) {
      const full = hasher.update(chunk, giveBack)
      if (full) await full
      received += chunk.length
      ctx.onBytes(chunk.length)
      ctx.setLive(received - item.offset)
      checkpoints.due()
      const wait = writer.add(chunk)
      if (wait) await wait
    }
    await writer.finish()
  } finally {
    // The bytes on disk so far are kept and vouched for, even when the body broke off; what
    // arrived beyond them leaves the progress (the next attempt fetches it again).
    await writer.finish().catch(() => undefined)
    await checkpoints.final().finally(() => handle.close())
    ctx.setLive(0)
  }
}

/** A release that takes effect at its second call for a chunk (one per holder). */
function afterBoth(release: (chunk: Uint8Array) => void): (chunk: Uint8Array) => void {
  const once = new WeakSet<Uint8Array>()
  return (chunk) => {
    if (!once.delete(chunk)) once.add(chunk)
    else release(chunk)
  }
}

/**
 * fsync, then the journal, never the other way round: the record never claims bytes the disk
 * does not have. Only bytes the writer has finished writing count, not those queued in it.
 * A checkpoint runs beside the transfer (one at a time), so the pipe never waits for an fsync.
 */
class Checkpoints {
  private running: Promise<void> | undefined
  private lastAt = Date.now()
  private lastBytes: number

  constructor(
    private readonly ctx: TransferContext,
    private readonly item: ItemRecord,
    private readonly handle: { sync(): Promise<void> },
    private readonly written: () => number,
  ) {
    this.lastBytes = item.offset
  }

  due(): void {
    if (this.running !== undefined) return
    if (
      this.written() - this.lastBytes < CHECKPOINT_BYTES &&
      Date.now() - this.lastAt < CHECKPOINT_MS
    )
      return
    const running = this.record().finally(() => (this.running = undefined))
    // A failure surfaces again at final(); here it must not become an unhandled rejection.
    running.catch(() => undefined)
    this.running = running
  }

  async final(): Promise<void> {
    await this.running
    await this.record()
  }

  private async record(): Promise<void> {
    const position = this.written()
    this.lastAt = Date.now()
    this.lastBytes = position
    await this.handle.sync()
    if (position <= this.item.offset) return
    this.item.offset = position
    await this.ctx.journal.writeFor(this.ctx.job.id, { items: [this.item] })
  }
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
