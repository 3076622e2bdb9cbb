import { createHash } from 'node:crypto'
import { Worker } from 'node:worker_threads'
import { hashInto } from './file-hash'

/**
 * The sha256 of a download's bytes, computed as they arrive.
 *
 * Why two ways: hashing costs about as much CPU as receiving the bytes (≈0.6 s per GiB). For a
 * big file, on the main thread it halves the throughput while the second core idles, so a
 * worker thread hashes it from a ring buffer in shared memory that the main thread copies each
 * chunk into (a memcpy, ~0.03 s per GiB, and no message per chunk). A worker costs a few tens
 * of milliseconds to start, so small files hash inline.
 *
 * The worker's code is a constant string evaluated by Node (`eval: true`): it needs no build
 * entry, so the same module works in the web host, Electron's main process and the tests.
 */
export interface StreamHasher {
  /** Adds a chunk; a promise means "wait before the next" (the ring is full). */
  update(chunk: Uint8Array): Promise<void> | undefined
  /** The sha256 (hex) of the prefix and every chunk given. */
  digest(): Promise<string>
  /** Gives up without a digest (the attempt failed). */
  close(): void
}

/** Files at least this big are hashed on a worker. */
export const WORKER_HASH_MIN_BYTES = 32 * 1024 * 1024
const RING_BYTES = 4 * 1024 * 1024 // a power of two below 2^31 (positions wrap at 2^31)
const MASK = 0x7fffffff
/** A sleeping worker is woken once this much is waiting (or at the end): a wake is a syscall. */
const WAKE_BYTES = 1024 * 1024
// Control slots: the producer's position, the consumer's position, "no more data", a sequence
// bumped on every wake (the consumer sleeps on it, so no wake is missed), and "asleep".
const HEAD = 0
const TAIL = 1
const DONE = 2
const SEQ = 3
const ASLEEP = 4

/** Node 20 has Atomics.waitAsync; the ES2023 lib our TypeScript targets does not declare it. */
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> }
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync

const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads')
const { createHash } = require('node:crypto')
const { openSync, readSync, closeSync } = require('node:fs')
const { ring, control, prefixPath, prefixBytes } = workerData
const bytes = new Uint8Array(ring)
const c = new Int32Array(control)
const size = bytes.length
const hash = createHash('sha256')
if (prefixBytes > 0) {
  const fd = openSync(prefixPath, 'r')
  const scratch = Buffer.allocUnsafe(4 * 1024 * 1024)
  try {
    for (let at = 0; at < prefixBytes; ) {
      const n = readSync(fd, scratch, 0, Math.min(scratch.length, prefixBytes - at), at)
      if (n === 0) throw new Error('the file ends at byte ' + at + ', before byte ' + prefixBytes)
      hash.update(scratch.subarray(0, n))
      at += n
    }
  } finally {
    closeSync(fd)
  }
}
let tail = 0
for (;;) {
  const seq = Atomics.load(c, ${SEQ})
  // Say "asleep" before the last look at the head: a producer that stores after this look sees
  // the flag and wakes this thread; one that stored before it is seen here.
  Atomics.store(c, ${ASLEEP}, 1)
  const head = Atomics.load(c, ${HEAD})
  if (head === tail) {
    if (Atomics.load(c, ${DONE}) === 1) break
    Atomics.wait(c, ${SEQ}, seq)
    continue
  }
  Atomics.store(c, ${ASLEEP}, 0)
  const n = (head - tail) & ${MASK}
  const at = tail & (size - 1)
  const first = Math.min(n, size - at)
  hash.update(bytes.subarray(at, at + first))
  if (n > first) hash.update(bytes.subarray(0, n - first))
  tail = (tail + n) & ${MASK}
  Atomics.store(c, ${TAIL}, tail)
  Atomics.notify(c, ${TAIL})
}
parentPort.postMessage(hash.digest('hex'))
`

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

  update(chunk: Uint8Array): Promise<void> | undefined {
    // The prefix is read before the first chunk arrives in practice; waiting keeps the order.
    return this.prefixDone ? void this.hash.update(chunk) : this.after(chunk)
  }

  private async after(chunk: Uint8Array): Promise<void> {
    await this.prefix
    this.prefixDone = true
    this.hash.update(chunk)
  }

  async digest(): Promise<string> {
    await this.prefix
    return this.hash.digest('hex')
  }

  close(): void {}
}

class RingHasher implements StreamHasher {
  private readonly ring = new Uint8Array(new SharedArrayBuffer(RING_BYTES))
  private readonly control = new Int32Array(new SharedArrayBuffer(20))
  private readonly worker: Worker
  private readonly result: Promise<string>
  private head = 0
  /** Bytes stored since the worker was last woken. */
  private unannounced = 0

  constructor(path: string, prefixBytes: number) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        ring: this.ring.buffer,
        control: this.control.buffer,
        prefixPath: path,
        prefixBytes,
      },
    })
    this.result = new Promise<string>((resolve, reject) => {
      this.worker.once('message', (digest: string) => resolve(digest))
      this.worker.once('error', reject)
      this.worker.once('exit', (code) => reject(new Error(`the hashing thread stopped (${code})`)))
    })
    this.result.catch(() => undefined)
  }

  update(chunk: Uint8Array): Promise<void> | undefined {
    const free = RING_BYTES - ((this.head - Atomics.load(this.control, TAIL)) & MASK)
    if (chunk.length > free) return this.waitThenAdd(chunk)
    this.copyIn(chunk)
    return undefined
  }

  private async waitThenAdd(chunk: Uint8Array): Promise<void> {
    for (let from = 0; from < chunk.length;) {
      const tail = Atomics.load(this.control, TAIL)
      const free = RING_BYTES - ((this.head - tail) & MASK)
      if (free === 0) {
        this.wake()
        const wait = waitAsync(this.control, TAIL, tail)
        if (wait.async) await Promise.race([wait.value, this.result])
        continue
      }
      const piece = chunk.subarray(from, from + free)
      this.copyIn(piece)
      from += piece.length
    }
  }

  private copyIn(chunk: Uint8Array): void {
    const at = this.head & (RING_BYTES - 1)
    const first = Math.min(chunk.length, RING_BYTES - at)
    this.ring.set(chunk.subarray(0, first), at)
    if (chunk.length > first) this.ring.set(chunk.subarray(first), 0)
    this.head = (this.head + chunk.length) & MASK
    Atomics.store(this.control, HEAD, this.head)
    this.unannounced += chunk.length
    // Wake a sleeping worker only for a batch (or when the ring is filling up: see WAKE_BYTES).
    if (this.unannounced >= WAKE_BYTES && Atomics.load(this.control, ASLEEP) === 1) this.wake()
  }

  private wake(): void {
    this.unannounced = 0
    Atomics.store(this.control, ASLEEP, 0)
    Atomics.add(this.control, SEQ, 1)
    Atomics.notify(this.control, SEQ)
  }

  digest(): Promise<string> {
    Atomics.store(this.control, DONE, 1)
    this.wake()
    return this.result.finally(() => void this.worker.terminate())
  }

  close(): void {
    void this.worker.terminate()
  }
}
