import { Readable } from 'node:stream'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { zipStream, type ZipItem } from './zip-stream'

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function* files(count: number): Generator<ZipItem> {
  for (let i = 0; i < count; i++) {
    const content = Buffer.from(`file ${i}\n`.repeat(i + 1))
    yield { path: `dir/f${i}.txt`, size: content.length, open: () => Readable.from([content]) }
  }
  yield { path: 'manifest.json', buffer: Buffer.from('[]') }
}

describe('zipStream', () => {
  it('writes every item, fed lazily, readable by another zip implementation', async () => {
    const bytes = await collect(
      zipStream(files(200), { compress: false, mtime: new Date(0), window: 8 }),
    )
    const entries = unzipSync(bytes)
    expect(Object.keys(entries)).toHaveLength(201)
    expect(Buffer.from(entries['dir/f3.txt']!).toString()).toBe('file 3\n'.repeat(4))
    expect(Buffer.from(entries['manifest.json']!).toString()).toBe('[]')
  })

  it('reports the exact size of a stored zip before streaming when all items are known', async () => {
    let announced = -1
    const bytes = await collect(
      zipStream(files(5), {
        compress: false,
        mtime: new Date(0),
        window: Infinity,
        onSize: (n) => (announced = n),
      }),
    )
    expect(announced).toBe(bytes.length)
  })

  it('deflates when asked', async () => {
    const stored = await collect(zipStream(files(50), { compress: false, mtime: new Date(0) }))
    const deflated = await collect(zipStream(files(50), { compress: true, mtime: new Date(0) }))
    expect(deflated.length).toBeLessThan(stored.length / 2)
    expect(Object.keys(unzipSync(deflated))).toHaveLength(51)
  })
})
