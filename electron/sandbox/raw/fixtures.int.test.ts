import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../index'
import {
  BIG_FILE_NAME,
  BIG_FILE_UPLOAD_ID,
  HOSTILE_NAMES,
  HOSTILE_UPLOAD_ID,
  bigFileChunks,
  bigFileSha256,
  hostileUploadFiles,
} from '../testing/fixtures'
import { get, getBytes, testSandbox } from '../testing/harness'
import { readZip } from '../testing/zip'

interface Listing {
  directory_metadata: { content: { name: string; size: number; is_file: boolean }[] }
}

async function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Map((await readZip(bytes)).map((entry) => [entry.name, entry.data]))
}

const BIG = 5 * 1024 * 1024 + 12_345
let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await testSandbox({ entries: 50, fixtures: { hostileNames: true, bigFileBytes: BIG } })
})
afterAll(async () => sandbox.close())

describe('fixtures are off by default', () => {
  it('a plain sandbox has neither fixture upload', async () => {
    const plain = await testSandbox({ entries: 50 })
    try {
      expect((await get(plain, `/uploads/${HOSTILE_UPLOAD_ID}/rawdir/`)).status).toBe(404)
      expect((await get(plain, `/uploads/${BIG_FILE_UPLOAD_ID}/rawdir/`)).status).toBe(404)
      expect(plain.size.uploads).toBe(sandbox.size.uploads - 2)
    } finally {
      await plain.close()
    }
  })
})

describe('hostile-names upload', () => {
  const expected = new Map(hostileUploadFiles().map((f) => [f.path, f.bytes]))

  it('lists every hostile name verbatim at the root', async () => {
    const listing = await get<Listing>(
      sandbox,
      `/uploads/${HOSTILE_UPLOAD_ID}/rawdir/?page_size=100`,
    )
    expect(listing.status).toBe(200)
    const names = listing.body.directory_metadata.content.map((item) => item.name)
    for (const name of HOSTILE_NAMES) expect(names).toContain(name)
    expect(names).toContain('README.md')
    expect(names).toContain('data')
  })

  it('serves each file by its verbatim name, with offset and length', async () => {
    for (const name of HOSTILE_NAMES) {
      const url = `/uploads/${HOSTILE_UPLOAD_ID}/raw/${encodeURIComponent(name)}`
      const whole = await getBytes(sandbox, url)
      expect(whole.status, name).toBe(200)
      expect(whole.bytes.equals(expected.get(name) ?? Buffer.alloc(0)), name).toBe(true)
      const part = await getBytes(sandbox, `${url}?offset=10&length=20`)
      expect(part.bytes.equals(whole.bytes.subarray(10, 30)), name).toBe(true)
    }
  })

  it('puts the names verbatim into the folder zip and the published upload zip', async () => {
    for (const path of [
      `/uploads/${HOSTILE_UPLOAD_ID}/raw/?compress=true`,
      `/uploads/${HOSTILE_UPLOAD_ID}/raw`,
    ]) {
      const zip = await getBytes(sandbox, path)
      expect(zip.status, path).toBe(200)
      const entries = await zipEntries(zip.bytes)
      expect([...entries.keys()].sort(), path).toEqual([...expected.keys()].sort())
      for (const [name, bytes] of expected)
        expect(entries.get(name)?.equals(bytes), name).toBe(true)
    }
  })

  it('zips a single hostile file under its verbatim name', async () => {
    const zip = await getBytes(
      sandbox,
      `/uploads/${HOSTILE_UPLOAD_ID}/raw/${encodeURIComponent('../x')}?compress=true`,
    )
    expect([...(await zipEntries(zip.bytes)).keys()]).toEqual(['../x'])
  })
})

describe('hostile-names upload with big files', () => {
  it('serves each hostile-named file with the size asked for', async () => {
    const size = 3 * 1024 * 1024 + 5
    const big = await testSandbox({
      entries: 20,
      fixtures: { hostileNames: true, hostileFileBytes: size },
    })
    try {
      const expected = new Map(hostileUploadFiles(size).map((f) => [f.path, f.bytes]))
      const name = HOSTILE_NAMES[0] ?? ''
      const served = await getBytes(
        big,
        `/uploads/${HOSTILE_UPLOAD_ID}/raw/${encodeURIComponent(name)}`,
      )
      expect(served.bytes.length).toBe(size)
      expect(served.bytes.equals(expected.get(name) ?? Buffer.alloc(0))).toBe(true)
      expect(expected.get('README.md')?.length).toBeLessThan(1000)
    } finally {
      await big.close()
    }
  })
})

describe('big-file upload', () => {
  const url = `/uploads/${BIG_FILE_UPLOAD_ID}/raw/${BIG_FILE_NAME}`

  it('lists the file with its size', async () => {
    const listing = await get<Listing>(sandbox, `/uploads/${BIG_FILE_UPLOAD_ID}/rawdir/`)
    expect(listing.body.directory_metadata.content).toEqual([
      { name: BIG_FILE_NAME, size: BIG, is_file: true },
    ])
  })

  it('serves bytes whose sha256 the generator predicts, and any range of them', async () => {
    const whole = await getBytes(sandbox, url)
    expect(whole.bytes.length).toBe(BIG)
    expect(createHash('sha256').update(whole.bytes).digest('hex')).toBe(bigFileSha256(BIG))
    const offset = 1024 * 1024 - 3
    const part = await getBytes(sandbox, `${url}?offset=${offset}&length=1000`)
    expect(part.bytes.equals(whole.bytes.subarray(offset, offset + 1000))).toBe(true)
    expect(Buffer.concat([...bigFileChunks(BIG, offset, 1000)]).equals(part.bytes)).toBe(true)
  })

  it('numbers its blocks, so equal blocks never repeat within the file', () => {
    const first = Buffer.concat([...bigFileChunks(BIG, 0, 16)])
    const second = Buffer.concat([...bigFileChunks(BIG, 1024 * 1024, 16)])
    expect(first.readBigUInt64LE(0)).toBe(0n)
    expect(second.readBigUInt64LE(0)).toBe(1n)
    expect(bigFileSha256(BIG)).not.toBe(bigFileSha256(BIG - 1))
  })
})
