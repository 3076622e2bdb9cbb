import { crc32 } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Sandbox } from '../index'
import { DEFAULT_FAULTS } from '../options'
import { getBytes, post, testSandbox } from '../testing/harness'
import { readZip } from '../testing/zip'

let sandbox: Sandbox
let entryZip: string
let uploadZip: string
beforeAll(async () => {
  sandbox = await testSandbox({ entries: 60 })
  const page = await post<{ data: { entry_id: string; upload_id: string }[] }>(
    sandbox,
    '/entries/query',
    { owner: 'public', pagination: { page_size: 1 }, required: { include: ['upload_id'] } },
  )
  const first = page.body.data[0]
  if (!first) throw new Error('no public entry')
  entryZip = `/entries/${first.entry_id}/raw`
  uploadZip = `/uploads/${first.upload_id}/raw`
})
afterAll(async () => sandbox.close())
beforeEach(() => {
  sandbox.setFaults({ ...DEFAULT_FAULTS })
  sandbox.resetStats()
})

describe('zip faults', () => {
  it('ends a zip cleanly where its central directory would begin', async () => {
    for (const path of [entryZip, `${entryZip}?compress=true`, uploadZip]) {
      sandbox.setFaults({ truncateZipRate: 0 })
      const whole = await getBytes(sandbox, path)
      expect((await readZip(whole.bytes)).length, path).toBeGreaterThan(0)
      sandbox.setFaults({ truncateZipRate: 1 })
      const cut = await getBytes(sandbox, path)
      expect(cut.status, path).toBe(200)
      expect(cut.headers.get('content-length'), path).toBeNull()
      expect(cut.bytes.length, path).toBeLessThan(whole.bytes.length)
      expect(whole.bytes.subarray(0, cut.bytes.length).equals(cut.bytes), path).toBe(true)
      await expect(readZip(cut.bytes), path).rejects.toThrow(/end of central directory/i)
    }
    expect(sandbox.stats().faults.truncateZip).toBe(3)
  })

  it('flips a byte of the first file so that its CRC no longer matches', async () => {
    for (const path of [entryZip, uploadZip]) {
      sandbox.setFaults({ corruptZipRate: 1 })
      const bad = await getBytes(sandbox, path)
      expect(bad.status, path).toBe(200)
      const [first, ...rest] = await readZip(bad.bytes)
      expect(first && crc32(first.data), path).not.toBe(first?.crc32)
      for (const entry of rest) expect(crc32(entry.data), entry.name).toBe(entry.crc32)
    }
    expect(sandbox.stats().faults.corruptZip).toBe(2)
  })

  it('leaves other responses and unmatched paths alone', async () => {
    sandbox.setFaults({ truncateZipRate: 1, corruptZipRate: 1 })
    const json = await post(sandbox, '/entries/query', { pagination: { page_size: 2 } })
    expect(json.status).toBe(200)
    sandbox.setFaults({ truncateZipRate: 1, pathPattern: '^/entries/[^/]+/raw$' })
    const upload = await getBytes(sandbox, uploadZip)
    expect((await readZip(upload.bytes)).length).toBeGreaterThan(0)
    await expect(readZip((await getBytes(sandbox, entryZip)).bytes)).rejects.toThrow()
    expect(sandbox.stats().faults.truncateZip).toBe(1)
  })
})
