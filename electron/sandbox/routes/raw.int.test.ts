import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../index'
import { get, getBytes, login, post, testSandbox } from '../testing/harness'
import { unzip } from '../testing/zip'

interface Entry {
  entry_id: string
  upload_id: string
  mainfile: string
}
interface RawDir {
  path: string
  access: string
  directory_metadata: {
    name: string
    size: number
    content: {
      name: string
      size: number
      is_file: boolean
      entry_id?: string
      parser_name?: string
    }[]
  }
  pagination: { page_size: number; page: number; total: number; next_page_after_value?: string }
}

let sandbox: Sandbox
let lena: string
let entry: Entry
let folder: string
const LARGE = 3 * 1024 * 1024 + 17
beforeAll(async () => {
  sandbox = await testSandbox({ entries: 200, largeFileBytes: LARGE })
  lena = await login(sandbox, 'lena')
  const page = await post<{ data: Entry[] }>(sandbox, '/entries/query', {
    pagination: { page_size: 1 },
    required: { include: ['upload_id', 'mainfile'] },
  })
  entry = page.body.data[0]!
  folder = entry.mainfile.slice(0, entry.mainfile.lastIndexOf('/'))
})
afterAll(async () => sandbox.close())

async function stagingEntry(): Promise<Entry> {
  const page = await post<{ data: Entry[] }>(
    sandbox,
    '/entries/query',
    {
      owner: 'staging',
      pagination: { page_size: 1 },
      required: { include: ['upload_id', 'mainfile'] },
    },
    lena,
  )
  return page.body.data[0]!
}

describe('entry raw files', () => {
  it('lists the folder of an entry with sizes', async () => {
    const response = await get<{
      entry_id: string
      data: { files: { path: string; size: number }[]; mainfile: string }
    }>(sandbox, `/entries/${entry.entry_id}/rawdir`)
    expect(response.status).toBe(200)
    expect(response.body.data.mainfile).toBe(entry.mainfile)
    expect(response.body.data.files.map((f) => f.path)).toContain(entry.mainfile)
    for (const file of response.body.data.files)
      expect(file.path.startsWith(`${folder}/`)).toBe(true)
  })

  it('serves one file of the folder with offset and length, and 404s', async () => {
    const name = entry.mainfile.slice(folder.length + 1)
    const whole = await getBytes(sandbox, `/entries/${entry.entry_id}/raw/${name}`)
    expect(whole.status).toBe(200)
    const part = await getBytes(
      sandbox,
      `/entries/${entry.entry_id}/raw/${name}?offset=100&length=50`,
    )
    expect(part.bytes.equals(whole.bytes.subarray(100, 150))).toBe(true)
    expect(part.headers.get('content-type')).toBe('application/octet-stream')
    expect((await get(sandbox, `/entries/${entry.entry_id}/raw/nope.txt`)).body).toEqual({
      detail: 'The requested file does not exist.',
    })
    expect((await get(sandbox, `/entries/${entry.entry_id}/raw/images/dos.png`)).status).toBe(404)
  })

  it('zips one entry folder with a manifest', async () => {
    const response = await getBytes(sandbox, `/entries/${entry.entry_id}/raw`)
    expect(response.headers.get('content-type')).toBe('application/zip')
    const files = unzip(response.bytes)
    expect(Object.keys(files)).toContain(`${entry.upload_id}/${entry.mainfile}`)
    expect(JSON.parse(files['manifest.json']!.toString())).toEqual([
      {
        entry_id: entry.entry_id,
        upload_id: entry.upload_id,
        mainfile: `${entry.upload_id}/${entry.mainfile}`,
      },
    ])
  })

  it('zips all entries of a query, with glob, re and include_files filters', async () => {
    const query = `upload_id=${entry.upload_id}`
    const all = unzip((await getBytes(sandbox, `/entries/raw?${query}`)).bytes)
    const manifest = JSON.parse(all['manifest.json']!.toString()) as { entry_id: string }[]
    const count = await post<{ pagination: { total: number } }>(sandbox, '/entries/query', {
      query: { upload_id: entry.upload_id },
      pagination: { page_size: 0 },
    })
    expect(manifest).toHaveLength(count.body.pagination.total)
    for (const name of Object.keys(all))
      expect(name === 'manifest.json' || name.startsWith(`${entry.upload_id}/`)).toBe(true)
    const globbed = unzip(
      (await getBytes(sandbox, `/entries/raw?${query}&glob_pattern=*.in`)).bytes,
    )
    expect(
      Object.keys(globbed)
        .filter((n) => n !== 'manifest.json')
        .every((n) => n.endsWith('.in')),
    ).toBe(true)
    const posted = await fetch(`${sandbox.baseUrl}/entries/raw/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: { upload_id: entry.upload_id },
        files: { re_pattern: 'slurm-\\d+\\.out$', compress: true },
      }),
    })
    const regexed = unzip(Buffer.from(await posted.arrayBuffer()))
    expect(
      Object.keys(regexed)
        .filter((n) => n !== 'manifest.json')
        .every((n) => /slurm-\d+\.out$/.test(n)),
    ).toBe(true)
    const named = unzip(
      (
        await getBytes(
          sandbox,
          `/entries/raw?${query}&include_files=${entry.mainfile.slice(folder.length + 1)}`,
        )
      ).bytes,
    )
    expect(Object.keys(named)).toContain(`${entry.upload_id}/${entry.mainfile}`)
  })

  it('refuses owner=all and downloads above the entry limit', async () => {
    expect((await get(sandbox, '/entries/raw?owner=all')).status).toBe(401)
    expect((await post(sandbox, '/entries/rawdir/query', { owner: 'all' })).status).toBe(401)
    sandbox.setLimits({ maxEntryDownload: 5 })
    try {
      const response = await get(sandbox, '/entries/raw')
      expect(response.status).toBe(400)
      expect(response.body).toEqual({
        detail: expect.stringMatching(
          /^The limit of maximum number of entries in a single download \(5\) has been exeeded \(\d+\)\.$/,
        ) as string,
      })
    } finally {
      sandbox.setLimits({ maxEntryDownload: 50_000 })
    }
  })

  it('lists folders of matching entries with entry pagination', async () => {
    const response = await post<{
      pagination: { total: number; next_page_after_value?: string }
      data: { entry_id: string; files: unknown[] }[]
    }>(sandbox, '/entries/rawdir/query', { pagination: { page_size: 3 } })
    expect(response.body.data).toHaveLength(3)
    expect(response.body.pagination.next_page_after_value).toBe(response.body.data[2]!.entry_id)
    expect((await get(sandbox, '/entries/rawdir?page_size=2')).status).toBe(200)
  })
})

describe('upload raw files', () => {
  it('lists the root and folders with sizes, entry info and simple pagination', async () => {
    const root = await get<RawDir>(sandbox, `/uploads/${entry.upload_id}/rawdir/`)
    expect(root.status).toBe(200)
    expect(root.body.path).toBe('')
    expect(root.body.access).toBe('public')
    const children = root.body.directory_metadata.content
    expect(root.body.directory_metadata.size).toBe(children.reduce((sum, c) => sum + c.size, 0))
    const listing = await get<RawDir>(
      sandbox,
      `/uploads/${entry.upload_id}/rawdir/${folder}?include_entry_info=true`,
    )
    const main = listing.body.directory_metadata.content.find((c) =>
      entry.mainfile.endsWith(`/${c.name}`),
    )
    expect(main).toMatchObject({
      is_file: true,
      entry_id: entry.entry_id,
      parser_name: expect.stringMatching(/^parsers\//) as string,
    })
    const paged = await get<RawDir>(
      sandbox,
      `/uploads/${entry.upload_id}/rawdir/${folder}?page_size=1&page=2`,
    )
    expect(paged.body.directory_metadata.content).toEqual(
      [listing.body.directory_metadata.content[1]!].map(
        ({ entry_id: _e, parser_name: _p, ...rest }) => rest,
      ),
    )
    expect(paged.body.pagination).toMatchObject({
      page_size: 1,
      page: 2,
      next_page_after_value: '1',
    })
    expect(
      (await get(sandbox, `/uploads/${entry.upload_id}/rawdir/${folder}?page_size=10&page=9`)).body,
    ).toEqual({ detail: 'Page out of range requested.' })
    const file = await get<{ file_metadata: { name: string; size: number } }>(
      sandbox,
      `/uploads/${entry.upload_id}/rawdir/${entry.mainfile}`,
    )
    expect(file.body.file_metadata.name).toBe(entry.mainfile.slice(folder.length + 1))
    expect((await get(sandbox, `/uploads/${entry.upload_id}/rawdir/no/such/dir`)).body).toEqual({
      detail: 'Not found. Invalid path?',
    })
    const redirect = await get(sandbox, `/uploads/${entry.upload_id}/rawdir?page_size=2`)
    expect(redirect.status).toBe(307)
    expect(redirect.headers.get('location')).toContain(
      `/uploads/${entry.upload_id}/rawdir/?page_size=2`,
    )
  })

  it('serves file bytes with offset/length, folders as zip, and the real 400s', async () => {
    const base = `/uploads/${entry.upload_id}/raw/${entry.mainfile}`
    const whole = await getBytes(sandbox, base)
    expect(whole.headers.get('content-disposition')).toBe(
      `attachment; filename="${entry.mainfile.slice(folder.length + 1)}"`,
    )
    const slice = await getBytes(sandbox, `${base}?offset=10&length=1000`)
    expect(slice.bytes.equals(whole.bytes.subarray(10, 1010))).toBe(true)
    const zipped = unzip((await getBytes(sandbox, `${base}?compress=true`)).bytes)
    expect(Object.values(zipped)[0]!.equals(whole.bytes)).toBe(true)
    const folderZip = await getBytes(
      sandbox,
      `/uploads/${entry.upload_id}/raw/${folder}?compress=true&glob_pattern=*.out`,
    )
    expect(
      Object.keys(unzip(folderZip.bytes)).every((n) => !n.includes('/') && n.endsWith('.out')),
    ).toBe(true)
    const errors: [string, number, string][] = [
      [
        `/uploads/${entry.upload_id}/raw/${folder}`,
        400,
        'Path is a directory, `compress` must be set to true',
      ],
      [
        `${base}?compress=true&offset=3`,
        400,
        'Cannot specify `offset` or `length` when `compress` is true',
      ],
      [`${base}?offset=-1`, 400, 'Invalid offset provided.'],
      [`/uploads/${entry.upload_id}/raw/nope`, 404, 'Not found. Invalid path?'],
      ['/uploads/nope/raw/x', 404, 'The specified upload_id was not found.'],
    ]
    for (const [path, status, detail] of errors) {
      const response = await get(sandbox, path)
      expect(response.status, path).toBe(status)
      expect(response.body).toEqual({ detail })
    }
  })

  it('streams large binary files from any offset', async () => {
    const all = await post<{ data: { upload_id: string; files: string[] }[] }>(
      sandbox,
      '/entries/query',
      { pagination: { page_size: 200 }, required: { include: ['upload_id', 'files'] } },
    )
    let found: { upload: string; path: string } | undefined
    for (const doc of all.body.data) {
      for (const path of doc.files) {
        const listing = await get<{ file_metadata: { size: number } }>(
          sandbox,
          `/uploads/${doc.upload_id}/rawdir/${path}`,
        )
        if (listing.body.file_metadata.size === LARGE) found = { upload: doc.upload_id, path }
      }
      if (found) break
    }
    expect(found).toBeDefined()
    const tail = await getBytes(
      sandbox,
      `/uploads/${found!.upload}/raw/${found!.path}?offset=${LARGE - 100}`,
    )
    expect(tail.bytes).toHaveLength(100)
    const again = await getBytes(
      sandbox,
      `/uploads/${found!.upload}/raw/${found!.path}?offset=${LARGE - 200}&length=150`,
    )
    expect(again.bytes.subarray(100).equals(tail.bytes.subarray(0, 50))).toBe(true)
  })

  it('serves the zip of a published upload with its length, refuses it for staging uploads', async () => {
    const response = await getBytes(sandbox, `/uploads/${entry.upload_id}/raw`)
    expect(response.status).toBe(200)
    expect(Number(response.headers.get('content-length'))).toBe(response.bytes.length)
    expect(Object.keys(unzip(response.bytes))).toContain(entry.mainfile)
    const staging = await stagingEntry()
    const refused = await get(sandbox, `/uploads/${staging.upload_id}/raw`, lena)
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      detail: expect.stringContaining(
        'Cannot download raw files .zip from non published uploads.',
      ) as string,
    })
    expect((await get(sandbox, `/uploads/${staging.upload_id}/raw/`, lena)).status).toBe(400)
    expect(
      (await getBytes(sandbox, `/uploads/${staging.upload_id}/raw/?compress=true`, lena)).status,
    ).toBe(200)
  })
})
