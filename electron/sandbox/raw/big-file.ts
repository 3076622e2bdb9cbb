import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'

/**
 * The bytes of the big-file fixture (`--big-file-mib`): any size, generated on the fly, never
 * held whole in memory or written to disk. Each 1 MiB block is one of 16 pre-generated random
 * blocks (chosen by a hash of the block number) with the block number written over its first
 * 8 bytes, so a byte spliced in at the wrong offset changes the file's sha256. Producing a
 * block costs no copy, which keeps the server far faster than any client (the download
 * benchmark measures the client, not this generator).
 */
export const BIG_BLOCK = 1024 * 1024
const POOL_BLOCKS = 16

let pool: Buffer | undefined

/** 16 MiB of xorshift32 noise, made on first use (only when the fixture is requested). */
function poolBytes(): Buffer {
  if (pool) return pool
  const words = new Uint32Array((POOL_BLOCKS * BIG_BLOCK) / 4)
  let x = 0x2545f491
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    words[i] = x >>> 0
  }
  pool = Buffer.from(words.buffer)
  return pool
}

function blockHeader(block: number): Buffer {
  const header = Buffer.alloc(8)
  header.writeBigUInt64LE(BigInt(block))
  return header
}

/** Block `block` of the file, as two buffers (its 8-byte number, then the pool's bytes). */
function blockParts(block: number): [Buffer, Buffer] {
  const slot = Math.imul(block + 1, 0x9e3779b1) >>> 28
  const start = slot * BIG_BLOCK
  return [blockHeader(block), poolBytes().subarray(start + 8, start + BIG_BLOCK)]
}

/** The bytes [offset, offset + length) of a big file of `size` bytes (length < 0: to the end). */
export function* bigFileChunks(size: number, offset = 0, length = -1): Generator<Buffer> {
  const start = Math.min(Math.max(0, offset), size)
  const end = length < 0 ? size : Math.min(size, start + length)
  for (let block = Math.floor(start / BIG_BLOCK); block * BIG_BLOCK < end; block++) {
    const base = block * BIG_BLOCK
    let position = base
    for (const part of blockParts(block)) {
      const from = Math.max(start, position)
      const to = Math.min(end, position + part.length)
      if (to > from) yield part.subarray(from - position, to - position)
      position += part.length
    }
  }
}

export function openBigFile(size: number, offset = 0, length = -1): Readable {
  return Readable.from(bigFileChunks(size, offset, length), { objectMode: false })
}

/** The sha256 (hex) of a big file of `size` bytes, computed the way a test would check it. */
export function bigFileSha256(size: number): string {
  const hash = createHash('sha256')
  for (const chunk of bigFileChunks(size)) hash.update(chunk)
  return hash.digest('hex')
}
