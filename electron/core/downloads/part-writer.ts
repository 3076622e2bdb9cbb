import type { FileHandle } from 'node:fs/promises'

/** Bytes waiting for a write before add() asks the reader to wait. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024
/**
 * Bytes in one write. Why so few: Linux copies into the page cache at ~0.4 s of CPU per GiB in
 * writes of 128–256 KiB, but at 1.1–1.8 s per GiB in writes of 8 MiB (also as one writev of
 * 256 KiB pieces), measured on the 2-core benchmark machine in interleaved runs; the extra
 * syscalls cost far less (docs/downloads.md).
 */
export const MAX_WRITE_BYTES = 256 * 1024
/** Buffers in one writev: well below any system's IOV_MAX. */
const MAX_BATCH_CHUNKS = 512
/**
 * Writes in flight at once, each at its own position. Why more than one: with one, every
 * 256 KiB waited for a round trip through libuv's thread pool and back to a busy main thread,
 * and that round trip, not the copy, bounded a big file's rate (docs/downloads.md). Libuv's
 * pool has 4 threads; one is left for checkpoints' fsync and other file work.
 */
export const MAX_WRITES_IN_FLIGHT = 3

/** One write on its way: where it ends, and the chunks whose last byte it carries. */
interface Flight {
  end: number
  finished: Uint8Array[]
  state: 'running' | 'done' | 'failed'
}

/**
 * Appends a download's chunks to its `.part` at increasing positions, with up to
 * MAX_WRITES_IN_FLIGHT positional writes in flight, each at most MAX_WRITE_BYTES (a bigger chunk
 * goes in pieces). Writes may end in any order; `written` and `onWritten` advance only over the
 * unbroken prefix, so neither ever claims a byte before an earlier one. Why not a write stream:
 * its per-chunk bookkeeping cost ~0.2 s of main-thread time per GiB, and it cannot say when a
 * given chunk is on its way to disk; `onWritten` hears each chunk once all of it (and all before
 * it) is written, so the transport may read into that memory again (network/read-arenas.ts).
 */
export class PartWriter {
  private pending: Uint8Array[] = []
  /** Bytes of the first pending chunk already sent to a write (a chunk bigger than one write). */
  private firstDone = 0
  private pendingBytes = 0
  private readonly flights: Flight[] = []
  private failure: Error | undefined
  private position: number
  /** Where the next write starts. */
  private dispatched: number
  private roomWaiters: (() => void)[] = []
  private idleWaiters: (() => void)[] = []

  constructor(
    private readonly handle: Pick<FileHandle, 'writev'>,
    start: number,
    private readonly onWritten: (chunks: readonly Uint8Array[]) => void = () => undefined,
  ) {
    this.position = start
    this.dispatched = start
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
    this.pump()
    if (this.pendingBytes < MAX_PENDING_BYTES) return undefined
    return new Promise((resolve) => this.roomWaiters.push(resolve))
  }

  /** Resolves once everything queued is written; rejects with the first write error. */
  async finish(): Promise<void> {
    if (this.flights.length > 0 || this.pending.length > 0)
      await new Promise<void>((resolve) => this.idleWaiters.push(resolve))
    if (this.failure !== undefined) throw this.failure
  }

  private pump(): void {
    while (
      this.failure === undefined &&
      this.pending.length > 0 &&
      this.flights.length < MAX_WRITES_IN_FLIGHT
    ) {
      const { pieces, bytes, finished, firstDone } = this.nextWrite()
      const flight: Flight = {
        end: this.dispatched + bytes,
        finished: this.pending.splice(0, finished),
        state: 'running',
      }
      this.firstDone = firstDone
      this.pendingBytes -= bytes
      this.flights.push(flight)
      this.writeAll(pieces, bytes, this.dispatched).then(
        () => {
          flight.state = 'done'
          this.settle()
        },
        (error: unknown) => {
          flight.state = 'failed'
          this.failure ??= error instanceof Error ? error : new Error(String(error))
          this.settle()
        },
      )
      this.dispatched = flight.end
    }
  }

  /** Moves `written` over the writes done in order, hands their chunks back, writes more. */
  private settle(): void {
    // A failed write stays at the front once reached: nothing after it counts as written.
    while (this.flights[0]?.state === 'done') {
      const flight = this.flights.shift() as Flight
      this.position = flight.end
      if (flight.finished.length > 0) this.onWritten(flight.finished)
    }
    if (this.failure !== undefined) {
      this.pending = []
      this.pendingBytes = 0
    } else this.pump()
    if (this.pendingBytes < MAX_PENDING_BYTES || this.failure !== undefined)
      for (const resolve of this.roomWaiters.splice(0)) resolve()
    const running = this.flights.some((flight) => flight.state === 'running')
    if (this.pending.length === 0 && !running)
      for (const resolve of this.idleWaiters.splice(0)) resolve()
  }

  /**
   * The next write from the front of the queue: whole chunks up to MAX_WRITE_BYTES, or the next
   * piece of a first chunk bigger than that; how many chunks it finishes, and how much of the
   * first chunk is written after it.
   */
  private nextWrite(): {
    pieces: Uint8Array[]
    bytes: number
    finished: number
    firstDone: number
  } {
    const pieces: Uint8Array[] = []
    let bytes = 0
    let from = this.firstDone
    for (const chunk of this.pending) {
      const left = chunk.length - from
      if (
        pieces.length > 0 &&
        (bytes + left > MAX_WRITE_BYTES || pieces.length >= MAX_BATCH_CHUNKS)
      )
        break
      if (left > MAX_WRITE_BYTES) {
        const piece = chunk.subarray(from, from + MAX_WRITE_BYTES)
        return {
          pieces: [piece],
          bytes: MAX_WRITE_BYTES,
          finished: 0,
          firstDone: from + MAX_WRITE_BYTES,
        }
      }
      pieces.push(from === 0 ? chunk : chunk.subarray(from))
      bytes += left
      from = 0
    }
    return { pieces, bytes, finished: pieces.length, firstDone: 0 }
  }

  /** writev may write less than asked (a full disk, a signal): the rest goes again. */
  private async writeAll(batch: Uint8Array[], bytes: number, at: number): Promise<void> {
    let left = batch
    for (let done = 0; done < bytes;) {
      const { bytesWritten } = await this.handle.writev(left, at + done)
      if (bytesWritten <= 0) throw new Error(`the disk took no bytes at ${at + done}`)
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
