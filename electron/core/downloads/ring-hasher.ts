import { createHash } from 'node:crypto'
import { MessageChannel, Worker } from 'node:worker_threads'
import { hashInto } from './file-hash'
import {
  ASLEEP,
  CONTROL_SLOTS,
  DONE,
  HASH_WORKER_SOURCE,
  HEAD,
  MASK,
  SEQ,
  SLOT_WORDS,
  SWITCH,
  TAIL,
} from './hash-worker-source'

/**
 * The sha256 of a download's bytes, computed as they arrive.
 *
 * Why two ways: hashing costs about as much CPU as receiving the bytes (≈0.7 s per GiB with
 * SHA-NI). For a big file, on the main thread it halves the throughput while the second core
 * idles, so a worker thread hashes it (hash-worker-source.ts). A worker costs a few tens of
 * milliseconds to start, so small files hash inline.
 *
 * The worker hashes the very memory the socket read into (network/read-arenas.ts keeps its
 * blocks in shared memory): the main thread only tells it where each chunk is, in a ring of
 * slots, with no copy and no message per chunk. Copying each chunk into a shared ring instead
 * cost ~0.5–0.7 s per GiB (V8 copies into shared memory with relaxed atomic moves, not
 * memcpy), as much as the hash itself. Chunks in ordinary memory, or whose caller may reuse
 * them, are still copied into a small shared staging ring.
 */
export interface StreamHasher {
  /**
   * Adds a chunk; a promise means "wait before the next" (the worker is behind). With `lent`,
   * the caller keeps the chunk's bytes unchanged until the hasher calls `lent(chunk)` (it may
   * hash them in place); without it the hasher keeps nothing of the chunk once this returns or
   * its promise settles.
   */
  update(chunk: Uint8Array, lent?: (chunk: Uint8Array) => void): Promise<void> | undefined
  /** The sha256 (hex) of the prefix and every chunk given. */
  digest(): Promise<string>
  /** Gives up without a digest (the attempt failed). */
  close(): void
}

/** Files at least this big are hashed on a worker. */
export const WORKER_HASH_MIN_BYTES = 32 * 1024 * 1024
/** Slots in the ring (a power of two dividing 2^31, so positions wrap consistently). */
const SLOT_COUNT = 1024
/** Bytes the worker may be behind before update() asks the reader to wait. */
const MAX_BEHIND_BYTES = 8 * 1024 * 1024
/** Shared memory for chunks that cannot be hashed in place. */
const STAGING_BYTES = 4 * 1024 * 1024
/** A sleeping worker is woken once this much is waiting (or at the end): a wake is a syscall. */
const WAKE_BYTES = 1024 * 1024

/** Node 20 has Atomics.waitAsync; the ES2023 lib our TypeScript targets does not declare it. */
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> }
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync

/**
 * A hasher for one attempt at a file whose first `prefixBytes` are already in `path` (an
 * earlier attempt's), for a file of `size` bytes (null when the server did not say).
 */
export function streamHasher(path: string, prefixBytes: number, size: number | null): StreamHasher {
  return size !== null && size >= WORKER_HASH_MIN_BYTES
    ? new RingHasher(path, prefixBytes)
    : new InlineHasher(path, prefixBytes)
}

class InlineHasher implements StreamHasher {
  private readonly hash = createHash('sha256')
  private readonly prefix: Promise<void>
  private prefixDone = false

  constructor(path: string, prefixBytes: number) {
    this.prefix = hashInto(this.hash, path, prefixBytes).then((fed) => {
      if (fed < prefixBytes)
        throw new Error(`the file ends at byte ${fed}, before byte ${prefixBytes}`)
    })
    // A failure surfaces at digest(), not as an unhandled rejection.
    this.prefix.catch(() => undefined)
  }

  update(chunk: Uint8Array, lent?: (chunk: Uint8Array) => void): Promise<void> | undefined {
    // The prefix is read before the first chunk arrives in practice; waiting keeps the order.
    if (!this.prefixDone) return this.after(chunk, lent)
    this.hash.update(chunk)
    lent?.(chunk)
    return undefined
  }

  private async after(chunk: Uint8Array, lent?: (chunk: Uint8Array) => void): Promise<void> {
    await this.prefix
    this.prefixDone = true
    this.hash.update(chunk)
    lent?.(chunk)
  }

  async digest(): Promise<string> {
    await this.prefix
    return this.hash.digest('hex')
  }

  close(): void {}
}

/** What a published slot holds until the worker has hashed it. */
interface Held {
  bytes: number
  /** A chunk hashed in place, given back through `lent` once hashed. */
  chunk?: Uint8Array
  lent?: (chunk: Uint8Array) => void
  /** Bytes of the staging ring this slot uses. */
  staged: number
}

class RingHasher implements StreamHasher {
  private readonly control = new Int32Array(new SharedArrayBuffer(CONTROL_SLOTS * 4))
  private readonly slots = new Int32Array(new SharedArrayBuffer(SLOT_COUNT * SLOT_WORDS * 4))
  private readonly staging = new Uint8Array(new SharedArrayBuffer(STAGING_BYTES))
  private readonly blocks = new MessageChannel()
  private readonly worker: Worker
  private readonly result: Promise<string>
  /** Slots published, and slots whose hashing has been accounted for (given back). */
  private head = 0
  private released = 0
  private readonly held: Held[] = []
  private behind = 0
  private stagedAt = 0
  private stagedBytes = 0
  /** The memory the last published slot points into (the worker holds the same). */
  private memory: ArrayBufferLike | undefined
  /** Bytes published since the worker was last woken. */
  private unannounced = 0

  constructor(path: string, prefixBytes: number) {
    this.worker = new Worker(HASH_WORKER_SOURCE, {
      eval: true,
      workerData: {
        control: this.control.buffer,
        slots: this.slots.buffer,
        blocks: this.blocks.port2,
        prefixPath: path,
        prefixBytes,
      },
      transferList: [this.blocks.port2],
    })
    this.result = new Promise<string>((resolve, reject) => {
      this.worker.once('message', (digest: string) => resolve(digest))
      this.worker.once('error', reject)
      this.worker.once('exit', (code) => reject(new Error(`the hashing thread stopped (${code})`)))
    })
    this.result.catch(() => undefined)
  }

  update(chunk: Uint8Array, lent?: (chunk: Uint8Array) => void): Promise<void> | undefined {
    if (chunk.length === 0) {
      lent?.(chunk)
      return undefined
    }
    this.giveBack()
    const inPlace = lent !== undefined && chunk.buffer instanceof SharedArrayBuffer
    if (inPlace && this.behind + chunk.length > MAX_BEHIND_BYTES && this.behind > 0)
      return this.afterWait(chunk, lent)
    if (!inPlace) return this.stage(chunk, lent)
    if (!this.publish(chunk.buffer, chunk.byteOffset, chunk.length, { chunk, lent }))
      return this.afterWait(chunk, lent)
    return undefined
  }

  private async afterWait(chunk: Uint8Array, lent: (chunk: Uint8Array) => void): Promise<void> {
    await this.waitForWorker()
    const wait = this.update(chunk, lent)
    if (wait) await wait
  }

  /** Copies a chunk into the staging ring, piece by piece as room frees up. */
  private stage(chunk: Uint8Array, lent?: (chunk: Uint8Array) => void): Promise<void> | undefined {
    for (let from = 0; from < chunk.length;) {
      const at = this.stagedAt
      const room = Math.min(STAGING_BYTES - this.stagedBytes, STAGING_BYTES - at)
      const piece = Math.min(room, chunk.length - from)
      if (piece === 0 || !this.canPublish()) {
        const rest = chunk.subarray(from)
        return this.waitForWorker().then(() => this.stage(rest, lent && (() => lent(chunk))))
      }
      this.staging.set(chunk.subarray(from, from + piece), at)
      this.stagedAt = (at + piece) % STAGING_BYTES
      this.stagedBytes += piece
      this.publish(this.staging.buffer, at, piece, { staged: piece })
      from += piece
    }
    lent?.(chunk)
    return undefined
  }

  private canPublish(): boolean {
    return ((this.head - this.released) & MASK) < SLOT_COUNT
  }

  /** Puts a slot in the ring; false when the ring is full. */
  private publish(
    memory: ArrayBufferLike,
    offset: number,
    bytes: number,
    held: Omit<Held, 'bytes' | 'staged'> & { staged?: number },
  ): boolean {
    if (!this.canPublish()) return false
    const at = (this.head % SLOT_COUNT) * SLOT_WORDS
    let flags = 0
    if (memory !== this.memory) {
      // Posted before the slot is published, so the worker finds it when it reads the slot.
      this.blocks.port1.postMessage(memory)
      this.memory = memory
      flags = SWITCH
    }
    this.slots[at] = offset
    this.slots[at + 1] = bytes
    this.slots[at + 2] = flags
    this.held.push({ bytes, staged: 0, ...held })
    this.behind += bytes
    this.head = (this.head + 1) & MASK
    Atomics.store(this.control, HEAD, this.head)
    this.unannounced += bytes
    // Wake a sleeping worker only for a batch (see WAKE_BYTES).
    if (this.unannounced >= WAKE_BYTES && Atomics.load(this.control, ASLEEP) === 1) this.wake()
    return true
  }

  /** Gives back what the worker has hashed: chunks to their lender, room in the staging ring. */
  private giveBack(): void {
    const tail = Atomics.load(this.control, TAIL)
    while (this.released !== tail) {
      const done = this.held.shift()
      this.released = (this.released + 1) & MASK
      if (done === undefined) continue
      this.behind -= done.bytes
      this.stagedBytes -= done.staged
      if (done.chunk !== undefined) done.lent?.(done.chunk)
    }
  }

  /** Resolves once the worker has hashed at least one more slot (or failed). */
  private async waitForWorker(): Promise<void> {
    const tail = Atomics.load(this.control, TAIL)
    if (tail === this.released) {
      this.wake()
      const wait = waitAsync(this.control, TAIL, tail)
      if (wait.async) await Promise.race([wait.value, this.result])
    }
    this.giveBack()
  }

  private wake(): void {
    this.unannounced = 0
    Atomics.store(this.control, ASLEEP, 0)
    Atomics.add(this.control, SEQ, 1)
    Atomics.notify(this.control, SEQ)
  }

  async digest(): Promise<string> {
    Atomics.store(this.control, DONE, 1)
    this.wake()
    try {
      return await this.result
    } finally {
      this.giveBack()
      void this.worker.terminate()
    }
  }

  close(): void {
    void this.worker.terminate()
  }
}
