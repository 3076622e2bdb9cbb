import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { constants } from 'node:os'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { EMBEDDED_DB_FILE, openEmbeddedDb, openFailure, type EmbeddedDb } from './embedded-db'
import { lmdbFileProblem } from './lmdb-header'

interface Job {
  url: string
  bytes: number
}

let dir: string
const opened: EmbeddedDb[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nomad-embedded-db-'))
})
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()))
  rmSync(dir, { recursive: true, force: true })
})

async function openIn(folder = dir): Promise<EmbeddedDb> {
  const db = await openEmbeddedDb(folder)
  opened.push(db)
  return db
}

async function refusal(folder = dir): Promise<AppError> {
  const error: unknown = await openEmbeddedDb(folder).then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

/** A database file with 200 records in one sub-database, closed again. */
async function writeSample(): Promise<Buffer> {
  const db = await openEmbeddedDb(dir)
  const jobs = db.openDB<Job, string>('downloads')
  await db.transaction(() => {
    for (let i = 0; i < 200; i++) jobs.putSync(`job-${i}`, { url: `https://x/${i}`, bytes: i })
  })
  await db.close()
  return readFileSync(join(dir, EMBEDDED_DB_FILE))
}

describe('openEmbeddedDb', () => {
  it('stores values in named sub-databases of one file in the data folder', async () => {
    const db = await openIn(join(dir, 'created', 'on', 'demand'))
    expect(db.path).toBe(join(dir, 'created', 'on', 'demand', EMBEDDED_DB_FILE))
    const jobs = db.openDB<Job, string>('downloads')
    const library = db.openDB<string, number[]>('offline')
    await jobs.put('a', { url: 'https://example.org/a', bytes: 3 })
    await library.put([1, 2], 'entry')
    expect(jobs.get('a')).toEqual({ url: 'https://example.org/a', bytes: 3 })
    expect(jobs.get('b')).toBeUndefined()
    expect(library.get([1, 2])).toBe('entry')
  })

  it('commits a transaction across sub-databases together, or not at all when it throws', async () => {
    const db = await openIn()
    const jobs = db.openDB<Job, string>('downloads')
    const counts = db.openDB<number, string>('counts')
    expect(
      await db.transaction(() => {
        jobs.putSync('a', { url: 'u', bytes: 1 })
        counts.putSync('jobs', 1)
        return 'done'
      }),
    ).toBe('done')
    await expect(
      db.transaction(() => {
        jobs.putSync('b', { url: 'u', bytes: 2 })
        counts.putSync('jobs', 2)
        throw new Error('disk said no')
      }),
    ).rejects.toThrow('disk said no')
    expect(jobs.get('b')).toBeUndefined()
    expect(counts.get('jobs')).toBe(1)
  })

  it('keeps the data across close and reopen, and one owner per folder meanwhile', async () => {
    const db = await openEmbeddedDb(dir)
    await db.openDB<Job, string>('downloads').put('a', { url: 'u', bytes: 1 })
    await db.flushed()
    expect((await refusal()).code).toBe('conflict')
    await db.close()
    await db.close()
    const again = await openIn()
    expect(again.openDB<Job, string>('downloads').get('a')).toEqual({ url: 'u', bytes: 1 })
  })

  it('says so when the data folder cannot be created or written', async () => {
    writeFileSync(join(dir, 'file'), 'not a folder')
    const error = await refusal(join(dir, 'file', 'data'))
    expect(error.code).toBe('unavailable')
    expect(error.message).toContain(join(dir, 'file', 'data'))
  })

  it.each([
    ['zeros', () => Buffer.alloc(16_384), 'not an LMDB database file'],
    ['text', () => Buffer.from('{"not": "lmdb"}'.repeat(500)), 'not an LMDB database file'],
    ['a few bytes', () => Buffer.from('lmdb'), 'too short'],
  ])('refuses a damaged file (%s) without touching it', async (_name, bytes, why) => {
    const path = join(dir, EMBEDDED_DB_FILE)
    writeFileSync(path, bytes())
    const error = await refusal()
    expect(error.code).toBe('internal')
    expect(error.message).toContain('is damaged')
    expect(error.message).toContain(why)
    expect(readFileSync(path)).toEqual(bytes())
  })

  it('refuses a truncated file, a file of another format and a broken second header', async () => {
    const path = join(dir, EMBEDDED_DB_FILE)
    const intact = await writeSample()
    expect(await lmdbFileProblem(path)).toBeUndefined()

    truncateSync(path, intact.length - 4096)
    expect((await refusal()).message).toContain('is truncated')

    const otherVersion = Buffer.from(intact)
    otherVersion.writeUInt32LE(3, 24 + 4)
    writeFileSync(path, otherVersion)
    expect((await refusal()).message).toContain('data format 3')

    const pageSize = intact.readUInt32LE(24 + 24)
    const brokenSecond = Buffer.from(intact)
    brokenSecond.fill(0xab, pageSize, pageSize * 2)
    writeFileSync(path, brokenSecond)
    expect((await refusal()).message).toContain('second header page')

    writeFileSync(path, intact)
    const db = await openIn()
    expect(db.openDB<Job, string>('downloads').get('job-199')).toEqual({
      url: 'https://x/199',
      bytes: 199,
    })
  })

  it('opens an empty file, which a crash during creation leaves', async () => {
    writeFileSync(join(dir, EMBEDDED_DB_FILE), '')
    const db = await openIn()
    await db.openDB<number, string>('n').put('x', 1)
    expect(db.openDB<number, string>('n').get('x')).toBe(1)
  })
})

describe('openFailure', () => {
  const path = '/data/app.lmdb'
  const lmdbError = (code: number | string, message: string) =>
    Object.assign(new Error(message), { code })

  it('names an unwritable folder', () => {
    for (const code of [constants.errno.EACCES, 'EROFS']) {
      const error = openFailure(path, lmdbError(code, 'Permission denied'), 'linux')
      expect(error.code).toBe('unavailable')
      expect(error.message).toContain('cannot be written (Permission denied)')
    }
    expect(openFailure(path, lmdbError(5, 'Access is denied.'), 'win32').message).toContain(
      'cannot be written',
    )
  })

  it('names a file that another program holds', () => {
    expect(openFailure(path, lmdbError(constants.errno.EAGAIN, 'busy'), 'linux').message).toContain(
      'is locked by another program',
    )
    expect(openFailure(path, lmdbError(32, 'sharing violation'), 'win32').message).toContain(
      'is locked by another program',
    )
    // 32 is EPIPE outside Windows: no claim about locks there.
    expect(openFailure(path, lmdbError(32, 'pipe'), 'linux').message).not.toContain('locked')
  })

  it('passes any other failure on with its own message', () => {
    const error = openFailure(path, lmdbError(-30790, 'MDB_READERS_FULL'), 'linux')
    expect(error).toMatchObject({ code: 'unavailable' })
    expect(error.message).toBe(
      'The app database /data/app.lmdb cannot be opened: MDB_READERS_FULL.',
    )
  })
})
