import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nodeStorageFs, writeFileAtomic, type StorageFs, type WritableFile } from './atomic-write'

let dir: string
let target: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nomad-atomic-'))
  target = join(dir, 'doc.json')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const leftovers = () => readdirSync(dir).filter((name) => name !== 'doc.json')

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`injected ${code}`), { code })
}

/** The real file system with some calls replaced. */
const withFs = (overrides: Partial<StorageFs>): StorageFs => ({ ...nodeStorageFs, ...overrides })

/** Opens real files but lets a test replace what an open file does. */
function wrapOpen(change: (file: WritableFile, path: string) => Partial<WritableFile>): StorageFs {
  return withFs({
    open: async (path, flags, mode) => {
      const file = await nodeStorageFs.open(path, flags, mode)
      return { ...bind(file), ...change(file, path) }
    },
  })
}

const bind = (file: WritableFile): WritableFile => ({
  writeFile: (data) => file.writeFile(data),
  sync: () => file.sync(),
  close: () => file.close(),
})

describe('writeFileAtomic', () => {
  it('writes the content with mode 0600 and leaves no temp file', async () => {
    await writeFileAtomic(target, '{"a":1}')
    expect(readFileSync(target, 'utf8')).toBe('{"a":1}')
    if (process.platform !== 'win32') expect(statSync(target).mode & 0o777).toBe(0o600)
    expect(leftovers()).toEqual([])
  })

  it('honours another mode and replaces an existing file', async () => {
    writeFileSync(target, 'old')
    await writeFileAtomic(target, new TextEncoder().encode('new'), { mode: 0o644 })
    expect(readFileSync(target, 'utf8')).toBe('new')
    if (process.platform !== 'win32') expect(statSync(target).mode & 0o777).toBe(0o644)
  })

  it('keeps the old content when the rename fails after the write, and removes the temp file', async () => {
    writeFileSync(target, 'old')
    let written: string | undefined
    const fs = withFs({
      rename: async (from) => {
        written = await readFile(from, 'utf8')
        throw errno('EIO')
      },
    })
    await expect(writeFileAtomic(target, 'new', { fs })).rejects.toMatchObject({ code: 'EIO' })
    expect(written).toBe('new')
    expect(readFileSync(target, 'utf8')).toBe('old')
    expect(leftovers()).toEqual([])
  })

  it('keeps the old content when the write or the fsync fails', async () => {
    writeFileSync(target, 'old')
    const noSpace = wrapOpen((file) => ({
      writeFile: async (data) => {
        await file.writeFile(typeof data === 'string' ? data.slice(0, 2) : 'ne')
        throw errno('ENOSPC')
      },
    }))
    await expect(writeFileAtomic(target, 'new content', { fs: noSpace })).rejects.toMatchObject({
      code: 'ENOSPC',
    })
    const syncFails = wrapOpen((_file, path) =>
      path === target || path === dir ? {} : { sync: () => Promise.reject(errno('EIO')) },
    )
    await expect(writeFileAtomic(target, 'new content', { fs: syncFails })).rejects.toMatchObject({
      code: 'EIO',
    })
    expect(readFileSync(target, 'utf8')).toBe('old')
    expect(leftovers()).toEqual([])
  })

  it('streams content given in pieces, and keeps the old content when a piece fails', async () => {
    writeFileSync(target, 'old')
    function* pieces() {
      yield 'new '
      yield new TextEncoder().encode('content')
    }
    await writeFileAtomic(target, pieces())
    expect(readFileSync(target, 'utf8')).toBe('new content')
    async function* failing() {
      yield 'half'
      await Promise.resolve()
      throw new Error('the source failed')
    }
    await expect(writeFileAtomic(target, failing())).rejects.toThrow('the source failed')
    expect(readFileSync(target, 'utf8')).toBe('new content')
    expect(leftovers()).toEqual([])
  })

  it('leaves the new content when only the folder fsync fails after the rename', async () => {
    writeFileSync(target, 'old')
    const fs = wrapOpen((_file, path) =>
      path === dir ? { sync: () => Promise.reject(errno('EIO')) } : {},
    )
    await expect(writeFileAtomic(target, 'new', { fs })).rejects.toMatchObject({ code: 'EIO' })
    expect(readFileSync(target, 'utf8')).toBe('new')
    expect(leftovers()).toEqual([])
  })

  it('tolerates platforms that cannot open or fsync a folder (Windows: EISDIR, EPERM)', async () => {
    for (const code of ['EISDIR', 'EPERM']) {
      const fs = withFs({
        open: (path, flags, mode) =>
          path === dir ? Promise.reject(errno(code)) : nodeStorageFs.open(path, flags, mode),
      })
      await writeFileAtomic(target, code, { fs })
      expect(readFileSync(target, 'utf8')).toBe(code)
    }
    const fs = wrapOpen((_file, path) =>
      path === dir ? { sync: () => Promise.reject(errno('EINVAL')) } : {},
    )
    await writeFileAtomic(target, 'EINVAL', { fs })
    expect(readFileSync(target, 'utf8')).toBe('EINVAL')
    expect(leftovers()).toEqual([])
  })

  it('ends concurrent writes to one path with one whole document: the last one', async () => {
    const docs = Array.from({ length: 25 }, (_, i) =>
      JSON.stringify({ writer: i, body: String(i).repeat(40_000 + i) }),
    )
    let reading = true
    const seen: string[] = []
    const reader = (async () => {
      while (reading) {
        const text = await readFile(target, 'utf8').catch(() => undefined)
        if (text !== undefined) seen.push(text)
      }
    })()
    // The same file under two spellings still shares one queue.
    await Promise.all(
      docs.map((doc, i) => writeFileAtomic(i % 2 ? target : join(dir, '.', 'doc.json'), doc)),
    )
    reading = false
    await reader
    expect(readFileSync(target, 'utf8')).toBe(docs.at(-1))
    for (const text of seen) expect(docs).toContain(text)
    expect(leftovers()).toEqual([])
  })

  it('keeps serving the queue after a failed write', async () => {
    const fs = withFs({ rename: () => Promise.reject(errno('EIO')) })
    const failing = writeFileAtomic(target, 'lost', { fs })
    const next = writeFileAtomic(target, 'kept')
    await expect(failing).rejects.toMatchObject({ code: 'EIO' })
    await next
    expect(readFileSync(target, 'utf8')).toBe('kept')
  })

  it('fails without leaving anything when the folder does not exist', async () => {
    await expect(writeFileAtomic(join(dir, 'missing', 'doc.json'), 'x')).rejects.toMatchObject({
      code: 'ENOENT',
    })
    expect(readdirSync(dir)).toEqual([])
  })
})
