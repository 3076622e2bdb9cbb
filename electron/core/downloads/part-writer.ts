import type { FileHandle } from 'node:fs/promises'

/** Bytes gathered while a write runs before add() asks the reader to wait. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024
/** Buffers in one writev: well below any system's IOV_MAX. */
const MAX_BATCH_CHUNKS = 512

/**
 * Appends a download's chunks to its `.part` at increasing positions, with one write in flight:
 * the chunks that arrive while it runs go out together in the next `writev`. Why not a write
 * stream: its per-chunk bookkeeping cost ~0.2 s of main-thread time per GiB, and it cannot say
 * when a given chunk is on its way to disk; `onWritten` hears each batch once it is written, so
 * the transport may read into that memory again (network/read-arenas.ts).
 */
export class PartWriter {
  private pending: Uint8Array[] = []
  private pendingBytes = 0
  private running: Promise<void> | undefined
  private failure: Error | undefined
  private position: number

  constructor(
    private readonly handle: Pick<FileHandle, 'writev'>,
    start: number,
    private readonly onWritten: (chunks: readonly Uint8Array[]) => void = () => undefined,
  ) {
    this.position = start
  }

  /** The position up to which every byte has been written (handed to the system). */
  get written(): number {
    return this.position
  }

  /** Queues a chunk; a promise means "wait before the next" (too much is waiting). */
  add(chunk: Uint8Array): Promise<void> | undefined {
    if (this.failure !== undefined) return Promise.reject(this.failure)
    if (chunk.length === 0) return undefined
    this.pending.push(chunk)
    this.pendingBytes += chunk.length
    this.running ??= this.drain()
    return this.pendingBytes >= MAX_PENDING_BYTES ? this.running : undefined
  }

  /** Resolves once everything queued is written; rejects with the first write error. */
  async finish(): Promise<void> {
    while (this.running !== undefined) await this.running
    if (this.failure !== undefined) throw this.failure
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, MAX_BATCH_CHUNKS)
        const bytes = batch.reduce((sum, chunk) => sum + chunk.length, 0)
        this.pendingBytes -= bytes
        await this.writeAll(batch, bytes)
        this.onWritten(batch)
      }
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error))
      this.pending = []
      this.pendingBytes = 0
    } finally {
      this.running = undefined
    }
  }

  /** writev may write less than asked (a full disk, a signal): the rest goes again. */
  private async writeAll(batch: Uint8Array[], bytes: number): Promise<void> {
    let left = batch
    for (let done = 0; done < bytes;) {
      const { bytesWritten } = await this.handle.writev(left, this.position)
      if (bytesWritten <= 0) throw new Error(`the disk took no bytes at ${this.position}`)
      this.position += bytesWritten
      done += bytesWritten
      left = skipBytes(left, bytesWritten)
    }
  }
}

function skipBytes(chunks: Uint8Array[], count: number): Uint8Array[] {
  let skip = count
  const out: Uint8Array[] = []
  for (const chunk of chunks) {
    if (skip >= chunk.length) skip -= chunk.length
    else {
      out.push(skip > 0 ? chunk.subarray(skip) : chunk)
      skip = 0
    }
  }
  return out
}
