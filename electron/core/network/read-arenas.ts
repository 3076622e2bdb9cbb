/**
 * Memory for a socket's reads (direct-transport.ts): each read takes the next free stretch of
 * an 8 MiB block, and the chunks handed on are views of it. A block whose chunks have all been
 * given back (`recycle`) is read into again, so a reader that gives chunks back makes no
 * garbage at all; one that never does only costs a fresh block per 8 MiB, which the garbage
 * collector reclaims as usual. Giving a chunk back is a promise never to touch it again.
 *
 * The blocks are shared memory (SharedArrayBuffer): a download's hashing thread reads the
 * chunks where the socket put them instead of getting a copy (downloads/ring-hasher.ts).
 */

const BLOCK_BYTES = 8 * 1024 * 1024
/** A read gets at least this much room; a shorter block tail is left unused. */
const MIN_READ_ROOM = 64 * 1024
/** Blocks kept for reuse beyond the one being read into (bounds the memory held). */
const SPARE_BLOCKS = 3

interface Block {
  bytes: Buffer
  used: number
  /** Chunks handed on and not yet given back. */
  lent: number
}

export class ReadArenas {
  private current: Block = newBlock()
  private readonly spare: Block[] = []
  /**
   * Each block by its memory. Weak: a block whose chunks a reader keeps (or drops without giving
   * back) is collected with its last chunk, like any Buffer.
   */
  private readonly owners = new WeakMap<ArrayBufferLike, Block>([
    [this.current.bytes.buffer, this.current],
  ])

  /** Where the next read goes. */
  room(): Buffer {
    if (this.current.bytes.length - this.current.used < MIN_READ_ROOM) {
      this.retire(this.current)
      this.current = this.spare.pop() ?? newBlock()
      this.current.used = 0
      this.owners.set(this.current.bytes.buffer, this.current)
    }
    return this.current.bytes.subarray(this.current.used)
  }

  /** The read put `length` bytes at the start of the last room. */
  take(length: number): Buffer {
    const taken = this.current.bytes.subarray(this.current.used, this.current.used + length)
    this.current.used += length
    return taken
  }

  /** `chunk` (a view of taken bytes) goes to a reader, who may give it back. */
  lend(chunk: Uint8Array): void {
    const block = this.owners.get(chunk.buffer)
    if (block !== undefined) block.lent += 1
  }

  /** The reader is done with `chunk`; unknown or repeated chunks are ignored. */
  recycle(chunk: Uint8Array): void {
    const block = this.owners.get(chunk.buffer)
    if (block === undefined || block.lent === 0) return
    block.lent -= 1
    if (block.lent === 0 && block !== this.current) this.retire(block)
  }

  private retire(block: Block): void {
    if (block.lent === 0 && this.spare.length < SPARE_BLOCKS) this.spare.push(block)
  }
}

function newBlock(): Block {
  return { bytes: Buffer.from(new SharedArrayBuffer(BLOCK_BYTES)), used: 0, lent: 0 }
}
