import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_WRITE_BYTES, MAX_WRITES_IN_FLIGHT, PartWriter } from './part-writer'

const folder = mkdtempSync(join(tmpdir(), 'part-writer-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('PartWriter', () => {
  it('writes every chunk in order after the start, and hands each back once, after writing', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ minLength: 0, maxLength: 70_000 }), { maxLength: 60 }),
        fc.nat(5000),
        async (chunks, start) => {
          const path = join(folder, `p${run++}`)
          const handle = await open(path, 'w')
          await handle.write(Buffer.alloc(start, 7), 0, start, 0)
          const handedBack: Uint8Array[] = []
          let backBytes = 0
          const writer = new PartWriter(handle, start, (batch) => {
            // Handed back only once written: `written` covers exactly what came back so far.
            for (const chunk of batch) backBytes += chunk.length
            expect(writer.written).toBe(start + backBytes)
            handedBack.push(...batch)
          })
          let previous = start
          for (const chunk of chunks) {
            const wait = writer.add(chunk)
            if (wait) await wait
            expect(writer.written).toBeGreaterThanOrEqual(previous)
            previous = writer.written
          }
          await writer.finish()
          await handle.close()
          const expected = Buffer.concat([Buffer.alloc(start, 7), ...chunks])
          expect(readFileSync(path).equals(expected)).toBe(true)
          expect(writer.written).toBe(expected.length)
          expect(handedBack).toEqual(chunks.filter((chunk) => chunk.length > 0))
        },
      ),
      { numRuns: 40, seed: 11 },
    )
  })

  it('writes at most MAX_WRITE_BYTES at a time, a bigger chunk in pieces handed back once', async () => {
    const sizes: number[] = []
    const file: Uint8Array[] = []
    const handle = {
      writev: (buffers: Uint8Array[]) => {
        const all = Buffer.concat(buffers)
        sizes.push(all.length)
        file.push(all)
        return new Promise<{ bytesWritten: number; buffers: Uint8Array[] }>((resolve) =>
          setTimeout(() => resolve({ bytesWritten: all.length, buffers }), 1),
        )
      },
    }
    const handedBack: Uint8Array[] = []
    const writer = new PartWriter(handle as never, 0, (batch) => handedBack.push(...batch))
    const chunks = [3, MAX_WRITE_BYTES * 2 + 5, 100, MAX_WRITE_BYTES - 50, 60, 7].map((n, i) =>
      Buffer.alloc(n, i + 1),
    )
    for (const chunk of chunks) {
      const wait = writer.add(chunk)
      if (wait) await wait
    }
    await writer.finish()
    expect(Buffer.concat(file).equals(Buffer.concat(chunks))).toBe(true)
    expect(sizes).toEqual([3, MAX_WRITE_BYTES, MAX_WRITE_BYTES, 5 + 100, MAX_WRITE_BYTES - 50, 67])
    // The same chunks (not copies), each once, in order.
    expect(handedBack.length).toBe(chunks.length)
    expect(handedBack.every((chunk, i) => chunk === chunks[i])).toBe(true)
  })

  it('keeps several writes in flight, and counts only the unbroken prefix as written', async () => {
    const calls: { position: number; bytes: number; finish: () => void }[] = []
    const handle = {
      writev: (buffers: Uint8Array[], position: number) =>
        new Promise<{ bytesWritten: number; buffers: Uint8Array[] }>((resolve) => {
          const bytes = Buffer.concat(buffers).length
          calls.push({ position, bytes, finish: () => resolve({ bytesWritten: bytes, buffers }) })
        }),
    }
    const handedBack: Uint8Array[] = []
    const writer = new PartWriter(handle as never, 10, (batch) => handedBack.push(...batch))
    const chunks = Array.from({ length: MAX_WRITES_IN_FLIGHT + 1 }, (_, i) =>
      Buffer.alloc(MAX_WRITE_BYTES, i),
    )
    for (const chunk of chunks) expect(writer.add(chunk)).toBeUndefined()
    // As many writes as allowed left at once, each at its own position; the last chunk waits.
    expect(calls.map((call) => call.position)).toEqual(
      chunks.slice(0, MAX_WRITES_IN_FLIGHT).map((_, i) => 10 + i * MAX_WRITE_BYTES),
    )
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
    // The later writes end first: nothing is written until the first one ends.
    for (const call of calls.slice(1)) call.finish()
    await tick()
    expect(writer.written).toBe(10)
    expect(handedBack).toEqual([])
    calls[0]?.finish()
    await tick()
    expect(writer.written).toBe(10 + MAX_WRITES_IN_FLIGHT * MAX_WRITE_BYTES)
    expect(handedBack).toEqual(chunks.slice(0, MAX_WRITES_IN_FLIGHT))
    // The waiting chunk went out as soon as a write ended.
    expect(calls.length).toBe(MAX_WRITES_IN_FLIGHT + 1)
    calls.at(-1)?.finish()
    await writer.finish()
    expect(writer.written).toBe(10 + chunks.length * MAX_WRITE_BYTES)
  })

  it('goes on after a short write, from the first byte not taken', async () => {
    const disk = Buffer.alloc(10)
    const handle = {
      // Takes at most 3 bytes a call, like a disk interrupted mid-write.
      writev: (buffers: Uint8Array[], position: number) => {
        const all = Buffer.concat(buffers).subarray(0, 3)
        all.copy(disk, position)
        return Promise.resolve({ bytesWritten: all.length, buffers })
      },
    }
    const writer = new PartWriter(handle as never, 0)
    expect(writer.add(Buffer.from('abcdefgh'))).toBeUndefined()
    expect(writer.add(Buffer.from('ij'))).toBeUndefined()
    await writer.finish()
    expect(disk.toString()).toBe('abcdefghij')
    expect(writer.written).toBe(10)
  })

  it('a failed write surfaces at the next add and at finish, and written stops before it', async () => {
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
    let calls = 0
    const handle = {
      writev: (buffers: Uint8Array[]) => {
        calls += 1
        if (calls === 2) return Promise.reject(full)
        return Promise.resolve({ bytesWritten: Buffer.concat(buffers).length, buffers })
      },
    }
    const writer = new PartWriter(handle as never, 100)
    expect(writer.add(Buffer.alloc(10))).toBeUndefined()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(writer.add(Buffer.alloc(20))).toBeUndefined()
    await expect(writer.finish()).rejects.toBe(full)
    await expect(writer.add(Buffer.alloc(1))).rejects.toBe(full)
    expect(writer.written).toBe(110)
  })
})
