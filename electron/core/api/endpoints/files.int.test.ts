import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { decodeWire, rawDownloadManifest } from '../../../../shared/api'
import { unzip } from '../../../sandbox/testing/zip'
import type { StreamConsumer, StreamHead } from '../api-requester'
import { failure } from '../test-support/failure'
import { startSession } from '../test-support/sandbox-session'

// The file endpoints (client.files, client.archive.download) against the sandbox: raw zips over
// a query (with manifest.json), one entry's zip, byte ranges of entry and upload files, folder
// zips, the published-upload zip, the archive download, the download limit and cancellation.

let session: Awaited<ReturnType<typeof startSession>>
interface Entry {
  entry_id: string
  upload_id: string
  mainfile: string
}
let entries: Entry[]

beforeAll(async () => {
  session = await startSession({ largeFileBytes: 200 * 1024 })
  const page = await session.client.entries.query({
    pagination: { page_size: 100 },
    required: { include: ['entry_id', 'upload_id', 'mainfile'] },
  })
  entries = page.data.map((e) => ({
    entry_id: e.entry_id,
    upload_id: e.upload_id ?? '',
    mainfile: e.mainfile ?? '',
  }))
})
afterAll(() => session.close())
beforeEach(() => session.sandbox.resetStats())

/** Reads the whole body; what every test here needs. */
const collect: StreamConsumer<{ bytes: Buffer; head: StreamHead }> = async (body, head) => {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.from(chunk))
  return { bytes: Buffer.concat(chunks), head }
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'))
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** Two entries from different folders, so the zip has to lay out both. */
function twoEntries(): [Entry, Entry] {
  const first = entries[0]
  const second = entries.find(
    (e) =>
      first &&
      `${e.upload_id}/${folderOf(e.mainfile)}` !== `${first.upload_id}/${folderOf(first.mainfile)}`,
  )
  if (!first || !second) throw new Error('the sandbox has fewer than two entry folders')
  return [first, second]
}

async function expectedZipNames(picked: Entry[]): Promise<string[]> {
  const names = new Set<string>(['manifest.json'])
  for (const entry of picked) {
    const rawdir = await session.client.files.entryRawdir(entry.entry_id)
    for (const file of rawdir.data.files) names.add(`${entry.upload_id}/${file.path}`)
  }
  return [...names].sort()
}

describe('raw zips of entries', () => {
  it('POST /entries/raw/query: the folders of the matching entries and manifest.json', async () => {
    const picked = twoEntries()
    const { bytes, head } = await session.client.files.entriesRawQuery(
      { query: { entry_id: { any: picked.map((e) => e.entry_id) } } },
      collect,
    )
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toBe('application/zip')
    const files = unzip(bytes)
    expect(Object.keys(files).sort()).toEqual(await expectedZipNames(picked))
    const manifest = decodeWire(
      rawDownloadManifest,
      JSON.parse(files['manifest.json']?.toString('utf8') ?? 'null'),
      'manifest.json',
    )
    expect(manifest.map((m) => m.entry_id).sort()).toEqual(picked.map((e) => e.entry_id).sort())
    for (const entry of picked)
      expect(manifest).toContainEqual({
        entry_id: entry.entry_id,
        upload_id: entry.upload_id,
        mainfile: `${entry.upload_id}/${entry.mainfile}`,
      })
  })

  it('GET /entries/raw: query parameters and include_files', async () => {
    const [entry] = twoEntries()
    const { bytes } = await session.client.files.entriesRaw(
      { entry_id: entry.entry_id, include_files: [baseName(entry.mainfile)], compress: true },
      collect,
    )
    expect(Object.keys(unzip(bytes)).sort()).toEqual([
      `${entry.upload_id}/${entry.mainfile}`,
      'manifest.json',
    ])
  })

  it('GET /entries/{id}/raw: one entry folder, filtered by glob_pattern', async () => {
    const [entry] = twoEntries()
    const all = unzip((await session.client.files.entryRaw(entry.entry_id, {}, collect)).bytes)
    expect(Object.keys(all).sort()).toEqual(await expectedZipNames([entry]))
    const extension = baseName(entry.mainfile).slice(baseName(entry.mainfile).lastIndexOf('.'))
    const globbed = unzip(
      (
        await session.client.files.entryRaw(
          entry.entry_id,
          { glob_pattern: `*${extension}` },
          collect,
        )
      ).bytes,
    )
    const names = Object.keys(globbed).filter((n) => n !== 'manifest.json')
    expect(names).toContain(`${entry.upload_id}/${entry.mainfile}`)
    expect(names.every((n) => n.endsWith(extension))).toBe(true)
    expect(names.length).toBeLessThan(Object.keys(all).length - 1)
  })

  it('over the download limit: limit_exceeded with the server message, no body, no retry', async () => {
    const limits = session.sandbox.limits()
    session.sandbox.setLimits({ maxEntryDownload: 5 })
    try {
      let consumed = false
      const error = await failure(
        session.client.files.entriesRawQuery({ owner: 'visible' }, async () => {
          consumed = true
          return Promise.resolve()
        }),
      )
      expect(error.code).toBe('limit_exceeded')
      expect(error.details?.status).toBe(400)
      expect(error.details?.serverMessage).toMatch(
        /^The limit of maximum number of entries in a single download \(5\) has been exeeded \(\d+\)\.$/,
      )
      expect(error.message).toBe(`The server's limit was reached: ${error.details?.serverMessage}`)
      expect(consumed).toBe(false)
      expect(session.sandbox.stats().requests).toBe(1)
    } finally {
      session.sandbox.setLimits({ maxEntryDownload: limits.maxEntryDownload })
    }
  })

  it('cancelling mid-download rejects with cancelled and frees the slot at once', async () => {
    const controller = new AbortController()
    const error = await failure(
      session.client.files.entriesRawQuery(
        { owner: 'public' },
        async (body) => {
          for await (const _chunk of body) {
            controller.abort()
            await new Promise((resolve) => setTimeout(resolve, 50))
          }
        },
        { signal: controller.signal, lane: 'background' },
      ),
    )
    expect(error.code).toBe('cancelled')
    expect(session.scheduler.meter.snapshot().inFlight).toBe(0)
  })
})

describe('byte ranges of files', () => {
  it('GET /entries/{id}/raw/{name}: offset and length return exactly those bytes', async () => {
    const [entry] = twoEntries()
    const name = baseName(entry.mainfile)
    const whole = await session.client.files.entryRawFile(entry.entry_id, name, {}, collect)
    expect(whole.bytes.length).toBeGreaterThan(120)
    const part = await session.client.files.entryRawFile(
      entry.entry_id,
      name,
      { offset: 37, length: 80 },
      collect,
    )
    expect(part.bytes.equals(whole.bytes.subarray(37, 117))).toBe(true)
    expect(part.head.headers['content-type']).toBe('application/octet-stream')
    const tail = await session.client.files.entryRawFile(
      entry.entry_id,
      name,
      { offset: 100 },
      collect,
    )
    expect(tail.bytes.equals(whole.bytes.subarray(100))).toBe(true)
  })

  it('GET /uploads/{id}/raw/{path}: the same bytes by upload path', async () => {
    const [entry] = twoEntries()
    const viaEntry = await session.client.files.entryRawFile(
      entry.entry_id,
      baseName(entry.mainfile),
      {},
      collect,
    )
    const whole = await session.client.files.uploadRawFile(
      entry.upload_id,
      entry.mainfile,
      {},
      collect,
    )
    expect(whole.bytes.equals(viaEntry.bytes)).toBe(true)
    expect(whole.head.headers['content-disposition']).toBe(
      `attachment; filename="${baseName(entry.mainfile)}"`,
    )
    const part = await session.client.files.uploadRawFile(
      entry.upload_id,
      entry.mainfile,
      { offset: 5, length: 1 },
      collect,
    )
    expect([...part.bytes]).toEqual([whole.bytes[5]])
    const empty = await session.client.files.uploadRawFile(
      entry.upload_id,
      entry.mainfile,
      { offset: 5, length: 0 },
      collect,
    )
    expect(empty.bytes.length).toBe(0)
  })

  it('refuses a bad range before sending anything', async () => {
    const [entry] = twoEntries()
    const negative = await failure(
      session.client.files.entryRawFile(
        entry.entry_id,
        baseName(entry.mainfile),
        { offset: -1 },
        collect,
      ),
    )
    expect(negative.code).toBe('invalid_input')
    expect(negative.message).toContain('offset must be a whole number of bytes, 0 or more (got -1)')
    const fraction = await failure(
      session.client.files.uploadRawFile(entry.upload_id, entry.mainfile, { length: 1.5 }, collect),
    )
    expect(fraction.code).toBe('invalid_input')
    const nested = await failure(
      session.client.files.entryRawFile(entry.entry_id, 'sub/file.txt', {}, collect),
    )
    expect(nested.code).toBe('invalid_input')
    expect(session.sandbox.stats().requests).toBe(0)
  })

  it('a missing file is not_found with the server detail', async () => {
    const [entry] = twoEntries()
    const error = await failure(
      session.client.files.entryRawFile(entry.entry_id, 'no-such-file.txt', {}, collect),
    )
    expect(error.code).toBe('not_found')
    expect(error.details?.serverMessage).toBe('The requested file does not exist.')
  })
})

describe('zips of upload folders and archives', () => {
  it('GET /uploads/{id}/raw/{dir}?compress=true: the folder, paths relative to it', async () => {
    const [entry] = twoEntries()
    const folder = folderOf(entry.mainfile)
    const { bytes, head } = await session.client.files.uploadRawZip(
      entry.upload_id,
      folder,
      {},
      collect,
    )
    expect(head.headers['content-type']).toBe('application/zip')
    const files = unzip(bytes)
    const rawdir = await session.client.files.entryRawdir(entry.entry_id)
    for (const file of rawdir.data.files)
      expect(files[file.path.slice(folder.length + 1)]?.length).toBe(file.size)
    expect(Object.keys(files)).not.toContain('manifest.json')
  })

  it('a folder without compress is refused by the server: invalid_input', async () => {
    const [entry] = twoEntries()
    const error = await failure(
      session.client.files.uploadRawFile(entry.upload_id, folderOf(entry.mainfile), {}, collect),
    )
    expect(error.code).toBe('invalid_input')
    expect(error.details?.serverMessage).toBe('Path is a directory, `compress` must be set to true')
  })

  it('GET /uploads/{id}/raw: the zip of a published upload, its length announced', async () => {
    const [entry] = twoEntries()
    const { bytes, head } = await session.client.files.uploadRaw(entry.upload_id, collect)
    expect(Number(head.headers['content-length'])).toBe(bytes.length)
    expect(Object.keys(unzip(bytes))).toContain(entry.mainfile)
  })

  it('GET /entries/{id}/archive/download: the archive as a JSON file', async () => {
    const [entry] = twoEntries()
    const { bytes, head } = await session.client.archive.download(entry.entry_id, collect)
    expect(head.headers['content-disposition']).toBe(
      `attachment; filename="${entry.entry_id}.json"`,
    )
    const archive = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>
    const viaQuery = await session.client.archive.get(entry.entry_id)
    expect(Object.keys(archive).sort()).toEqual(Object.keys(viaQuery.data.archive).sort())
  })
})
