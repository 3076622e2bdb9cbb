import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { get } from '../../sandbox/testing/harness'
import { SHOWCASE_FRAMES } from '../../sandbox/raw/showcase-files'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'

// rawFiles.list / locate / preview on the sandbox's showcase files (first upload, public):
// paging and sorting a 5 000-file folder, a mainfile far down it, chunks of a 480 MiB file.

let env: SandboxCore
let uploadId: string
let mainfile: string
const LARGE = 80 * 1024 * 1024
const BIG = 'showcase/big/trajectory.log'

beforeAll(async () => {
  env = await startSandboxCore({ entries: 100, largeFileBytes: LARGE })
  const first = await get<{ data: { upload_id: string }[] }>(
    env.sandbox,
    '/entries?page_size=1&order_by=upload_create_time&required=upload_id',
  )
  uploadId = first.body.data[0]!.upload_id
  const entries = await get<{ data: { mainfile: string }[] }>(
    env.sandbox,
    `/entries?upload_id=${uploadId}&page_size=100&required=mainfile&order_by=mainfile`,
  )
  // The frames sit beside the mainfile of the upload's last entry.
  for (const { mainfile: candidate } of entries.body.data) {
    const folder = candidate.slice(0, candidate.lastIndexOf('/'))
    const listed = await env.call('rawFiles.list', {
      serverId: env.serverId,
      uploadId,
      path: folder,
      pageSize: 1,
    })
    if (listed.total > SHOWCASE_FRAMES) mainfile = candidate
  }
})
afterAll(async () => env.close())

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'))
const call = <I extends object>(input: I) => ({ serverId: env.serverId, uploadId, ...input })

describe('a folder of 5 000 files', () => {
  it('pages beyond the first page in name order without reading the rest', async () => {
    const page = await env.call('rawFiles.list', call({ path: folderOf(mainfile), page: 3 }))
    expect(page.indexed).toBe(false)
    expect(page.items.map((i) => i.name).slice(0, 2)).toEqual(['00201.xyz', '00202.xyz'])
    expect(page.hasMore).toBe(true)
  })

  it('finds the mainfile far beyond the first page, with its entry and parser', async () => {
    const where = await env.call('rawFiles.locate', call({ path: mainfile }))
    expect(where.index).toBeGreaterThanOrEqual(SHOWCASE_FRAMES)
    const page = Math.floor(where.index / 100) + 1
    const listed = await env.call('rawFiles.list', call({ path: where.folder, page }))
    const item = listed.items[where.index % 100]
    expect(item?.path).toBe(mainfile)
    expect(item?.entryId).toBeTruthy()
    expect(item?.parserName).toMatch(/^parsers\//)
  })

  it('sorts by size and filters by name over the whole folder', async () => {
    const bySize = await env.call(
      'rawFiles.list',
      call({ path: folderOf(mainfile), sort: 'size', order: 'desc', pageSize: 5 }),
    )
    expect(bySize.indexed).toBe(true)
    expect(bySize.items[0]?.isFile).toBe(true)
    const sizes = bySize.items.map((i) => i.size)
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
    const filtered = await env.call(
      'rawFiles.list',
      call({ path: folderOf(mainfile), filter: '0499', pageSize: 50 }),
    )
    expect(filtered.items.map((i) => i.name)).toEqual([
      '00499.xyz',
      ...Array.from({ length: 10 }, (_, k) => `0499${k}.xyz`),
    ])
    expect(filtered.total).toBe(11)
  })
})

describe('previews of the showcase files', () => {
  it('reads any chunk of a 480 MiB text file, line by line, with "load more" offsets', async () => {
    const first = await env.call('rawFiles.preview', call({ path: BIG, length: 4096 }))
    expect(first.size).toBeGreaterThan(400 * 1024 * 1024)
    expect(first.kind).toBe('text')
    expect(first.shown).toBe(4080) // 51 whole lines of 80 bytes
    expect(first.nextOffset).toBe(4080)
    const far = await env.call(
      'rawFiles.preview',
      call({ path: BIG, offset: first.size - 800, length: 4096 }),
    )
    expect(far.text?.split('\n').filter(Boolean)).toHaveLength(10)
    expect(far.nextOffset).toBeUndefined()
  })

  it('unpacks .gz and .xz through the server, and reads an image whole', async () => {
    const gz = await env.call(
      'rawFiles.preview',
      call({ path: 'showcase/previews/run.log.gz', decompress: true, length: 800 }),
    )
    const stored = await fetch(
      `${env.sandbox.baseUrl}/uploads/${uploadId}/raw/showcase/previews/run.log.gz`,
    )
    expect(gz.text).toBe(
      gunzipSync(Buffer.from(await stored.arrayBuffer()))
        .subarray(0, 800)
        .toString(),
    )
    expect(gz).toMatchObject({ decompressed: true, nextOffset: 800 })
    const xz = await env.call(
      'rawFiles.preview',
      call({ path: 'showcase/previews/notes.txt.xz', decompress: true }),
    )
    expect(xz.text).toMatch(/^NOMAD sandbox: a compressed log/)
    expect(xz.nextOffset).toBeUndefined()
    const png = await env.call(
      'rawFiles.preview',
      call({ path: 'showcase/previews/plot.png', asImage: true, length: 1024 * 1024 }),
    )
    expect(png.kind).toBe('image')
    expect(png.dataUrl).toMatch(/^data:image\/png;base64,iVBORw0KGgo/)
    const tooSmall = await env.failure(
      'rawFiles.preview',
      call({ path: 'showcase/previews/plot.png', asImage: true, length: 10 }),
    )
    expect(tooSmall.message).toMatch(/more than the 10 bytes/)
  })

  it('says binary for binary bytes and empty for an empty file', async () => {
    const bin = await env.call(
      'rawFiles.preview',
      call({ path: 'showcase/previews/wavefunction.bin' }),
    )
    expect(bin).toMatchObject({ kind: 'binary', size: 300_000 })
    const empty = await env.call('rawFiles.preview', call({ path: 'showcase/previews/empty.txt' }))
    expect(empty.kind).toBe('empty')
  })
})
