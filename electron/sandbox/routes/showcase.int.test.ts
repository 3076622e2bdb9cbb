import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../index'
import { SHOWCASE_FRAMES } from '../raw/showcase-files'
import { get, getBytes, login, testSandbox } from '../testing/harness'

interface Listing {
  directory_metadata: {
    content: { name: string; size: number; is_file: boolean; entry_id?: string }[]
  }
  pagination: { total: number; page: number }
}

let sandbox: Sandbox
let uploadId: string
const LARGE = 80 * 1024 * 1024 // the big text file is 6× this: 480 MiB, never generated whole

beforeAll(async () => {
  sandbox = await testSandbox({ entries: 100, largeFileBytes: LARGE })
  const entry = await get<{ data: { upload_id: string }[] }>(
    sandbox,
    '/entries?page_size=1&order_by=upload_create_time&required=upload_id',
  )
  uploadId = entry.body.data[0]!.upload_id
})
afterAll(async () => sandbox.close())

const rawdir = (path: string, query = '') =>
  get<Listing>(sandbox, `/uploads/${uploadId}/rawdir/${path}?include_entry_info=true${query}`)

describe('the showcase files of the first upload', () => {
  it('holds one file of every preview kind and a nested folder', async () => {
    const previews = await rawdir('showcase/previews', '&page_size=50')
    expect(previews.status).toBe(200)
    expect(previews.body.directory_metadata.content.map((c) => c.name)).toEqual([
      'analysis.py',
      'empty.txt',
      'notes.txt.xz',
      'plot.png',
      'run.log.gz',
      'structure.json',
      'thermo.csv',
      'wavefunction.bin',
      'workflow.yaml',
    ])
    const deep = await rawdir('showcase/nested/level-1/level-2/level-3/level-4')
    expect(deep.body.directory_metadata.content[0]?.name).toBe('deep-notes.md')
  })

  it('puts a mainfile after 5 000 frames, on a late page of its folder', async () => {
    const found = await get<{ data: { mainfile: string; entry_id: string }[] }>(
      sandbox,
      `/entries?upload_id=${uploadId}&page_size=100&required=mainfile`,
    )
    const withFrames = await Promise.all(
      found.body.data.map(async (e) => {
        const folder = e.mainfile.slice(0, e.mainfile.lastIndexOf('/'))
        return { ...e, folder, total: (await rawdir(folder, '&page_size=1')).body.pagination.total }
      }),
    )
    const target = withFrames.find((e) => e.total > SHOWCASE_FRAMES)!
    expect(target).toBeDefined()
    const lastPage = Math.ceil(target.total / 100)
    const page = await rawdir(target.folder, `&page_size=100&page=${lastPage}`)
    const main = page.body.directory_metadata.content.find((c) => c.entry_id !== undefined)
    expect(main?.entry_id).toBe(target.entry_id)
    const first = await rawdir(target.folder, '&page_size=100')
    expect(first.body.directory_metadata.content.every((c) => /^\d{5}\.xyz$/.test(c.name))).toBe(
      true,
    )
  })

  it('serves any range of the several-hundred-megabyte text file without building it', async () => {
    const info = await get<{ file_metadata: { size: number } }>(
      sandbox,
      `/uploads/${uploadId}/rawdir/showcase/big/trajectory.log`,
    )
    const size = info.body.file_metadata.size
    expect(size).toBeGreaterThan(400 * 1024 * 1024)
    const tail = await getBytes(
      sandbox,
      `/uploads/${uploadId}/raw/showcase/big/trajectory.log?offset=${size - 160}&length=160`,
    )
    const lines = tail.bytes.toString('latin1').split('\n')
    expect(tail.bytes.length).toBe(160)
    expect(lines[0]?.trim()).toMatch(new RegExp(`^${size / 80 - 1} +step`))
    const head = await getBytes(
      sandbox,
      `/uploads/${uploadId}/raw/showcase/big/trajectory.log?offset=0&length=100`,
    )
    expect(head.bytes.toString('latin1')).toMatch(/^ +1 +step +0 +E = /)
  })

  it('decompresses .gz and .xz files when asked, and serves them as stored otherwise', async () => {
    const base = `/uploads/${uploadId}/raw/showcase/previews`
    const gz = await getBytes(sandbox, `${base}/run.log.gz`)
    const plain = await getBytes(sandbox, `${base}/run.log.gz?decompress=true&offset=0&length=80`)
    expect(gunzipSync(gz.bytes).subarray(0, 80)).toEqual(plain.bytes)
    const xz = await getBytes(sandbox, `${base}/notes.txt.xz?decompress=true`)
    expect(xz.bytes.toString()).toMatch(/^NOMAD sandbox: a compressed log/)
    const stored = await getBytes(sandbox, `${base}/notes.txt.xz`)
    expect(stored.bytes.subarray(0, 6)).toEqual(Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0]))
  })

  it('answers command examples with an upload token, only to a signed-in user', async () => {
    expect((await get(sandbox, '/uploads/command-examples')).status).toBe(401)
    const token = await login(sandbox, 'lena')
    const examples = await get<Record<string, string>>(sandbox, '/uploads/command-examples', token)
    expect(examples.body.upload_command).toMatch(/^curl -X POST '.*\/uploads\?token=.+' -T/)
  })
})
