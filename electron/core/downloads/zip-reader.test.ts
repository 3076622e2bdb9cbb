import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ZipFile } from 'yazl'
import { unpackZip } from './zip-reader'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A deflated zip of `files`, with the first data byte of the first member flipped. */
async function corruptedZip(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile()
  for (const [name, data] of Object.entries(files)) zip.addBuffer(data, name, { compress: true })
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  const bytes = Buffer.concat(chunks)
  const at = 30 + bytes.readUInt16LE(26) + bytes.readUInt16LE(28)
  bytes[at] = (bytes[at] ?? 0) ^ 0xff
  return bytes
}

describe('unpackZip', () => {
  it('rejects a member whose deflate data is corrupt instead of throwing out of band', async () => {
    dir = mkdtempSync(join(tmpdir(), 'nomad-zip-reader-'))
    // Repetitive text compresses into back-references: a flipped byte breaks the inflater.
    const text = Buffer.from('the same line again and again\n'.repeat(20_000))
    const zipPath = join(dir, 'bad.zip')
    writeFileSync(zipPath, await corruptedZip({ 'a.txt': text, 'b.bin': randomBytes(1000) }))
    const written: string[] = []
    await expect(
      unpackZip(
        zipPath,
        (name) => join(dir, `${name}.part`),
        (name) => Promise.resolve(void written.push(name)),
      ),
    ).rejects.toThrow(/damaged/)
    expect(written).toEqual([])
    // Give a stray 'error' event emitted later a chance to surface as an unhandled error.
    await new Promise((resolve) => setTimeout(resolve, 50))
  })
})
