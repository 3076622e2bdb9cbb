import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { streamHasher, WORKER_HASH_MIN_BYTES, type StreamHasher } from './ring-hasher'

const folder = mkdtempSync(join(tmpdir(), 'ring-hasher-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function feed(hasher: StreamHasher, chunks: Uint8Array[]): Promise<string> {
  for (const chunk of chunks) {
    const wait = hasher.update(chunk)
    if (wait) await wait
  }
  return hasher.digest()
}

/** A size that picks the worker (big) or the inline hasher (small); the bytes fed decide the rest. */
const sizes = { worker: WORKER_HASH_MIN_BYTES, inline: 1000 }

describe('streamHasher', () => {
  for (const [kind, size] of Object.entries(sizes)) {
    it(`(${kind}) hashes the prefix on disk and every chunk, in order, for any chunking`, async () => {
      const chunk = fc.uint8Array({ maxLength: 300_000 })
      await fc.assert(
        fc.asyncProperty(
          fc.uint8Array({ maxLength: 9000 }),
          fc.array(chunk, { maxLength: 30 }),
          async (prefix, chunks) => {
            const path = join(folder, `${kind}.part`)
            writeFileSync(path, Buffer.concat([prefix, Buffer.from('beyond the prefix')]))
            const digest = await feed(streamHasher(path, prefix.length, size), chunks)
            expect(digest).toBe(sha256(Buffer.concat([prefix, ...chunks])))
          },
        ),
        { numRuns: kind === 'worker' ? 15 : 40 },
      )
    })
  }

  it('(worker) wraps its ring many times and takes chunks bigger than the ring', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024 + 77)
    for (let i = 0; i < big.length; i += 997) big[i] = i & 0xff
    const chunks = [big.subarray(0, 5), big.subarray(5, 6_000_000), big.subarray(6_000_000)]
    for (let k = 0; k < 3; k++) chunks.push(...chunks.slice(0, 3))
    const digest = await feed(streamHasher(join(folder, 'none'), 0, sizes.worker), chunks)
    expect(digest).toBe(sha256(Buffer.concat(chunks)))
  })

  it('(worker) hashes lent shared memory in place and gives each chunk back once, after hashing it', async () => {
    // Chunks in shared blocks (as the transport reads them), some lent and some not, mixed with
    // ordinary ones. A chunk given back is overwritten at once, as the transport would reuse
    // it: were it hashed after that, the digest would differ.
    const kind = fc.constantFrom('lent', 'shared', 'plain')
    const piece = fc.record({ kind, bytes: fc.uint8Array({ minLength: 1, maxLength: 3_000_000 }) })
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 25 }), async (pieces) => {
        const given = new Map<Uint8Array, number>()
        const lent = (chunk: Uint8Array) => {
          given.set(chunk, (given.get(chunk) ?? 0) + 1)
          chunk.fill(0xee)
        }
        const hasher = streamHasher(join(folder, 'none'), 0, sizes.worker)
        const expected = createHash('sha256')
        const lentChunks: Uint8Array[] = []
        for (const { kind, bytes } of pieces) {
          expected.update(bytes)
          const memory = new Uint8Array(new SharedArrayBuffer(bytes.length + 16))
          const chunk =
            kind === 'plain' ? Uint8Array.from(bytes) : memory.subarray(7, 7 + bytes.length)
          chunk.set(bytes)
          if (kind === 'lent') lentChunks.push(chunk)
          const wait = hasher.update(chunk, kind === 'lent' ? lent : undefined)
          if (wait) await wait
        }
        expect(await hasher.digest()).toBe(expected.digest('hex'))
        expect(lentChunks.map((chunk) => given.get(chunk))).toEqual(lentChunks.map(() => 1))
      }),
      { numRuns: 12 },
    )
  })

  it('a prefix the file does not have fails the digest with where the file ends', async () => {
    const path = join(folder, 'short.part')
    writeFileSync(path, 'abc')
    for (const size of Object.values(sizes)) {
      const hasher = streamHasher(path, 10, size)
      await expect(feed(hasher, [Buffer.from('x')])).rejects.toThrow(/end|ends/)
    }
  })
})
