import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createLogger, createMemorySink } from '../logging'
import { createJsonStore } from './json-store'

const counterSchema = z.strictObject({ count: z.number().int() })

let dir: string
let path: string
let sink: ReturnType<typeof createMemorySink>
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nomad-json-store-'))
  path = join(dir, 'nested', 'counter.json')
  sink = createMemorySink()
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const open = () => createJsonStore({ path, schema: counterSchema, logger: createLogger({ sink }) })

describe('createJsonStore', () => {
  it('starts empty, creates the folder on the first write and reads back in a new store', async () => {
    const store = open()
    expect(await store.read()).toBeUndefined()
    expect(await store.update(() => ({ count: 1 }))).toEqual({ count: 1 })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ count: 1 })
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(await open().read()).toEqual({ count: 1 })
  })

  it('serialises updates: each change sees the one before it', async () => {
    const store = open()
    const runs = Array.from({ length: 40 }, () =>
      store.update((current) => ({ count: (current?.count ?? 0) + 1 })),
    )
    expect((await Promise.all(runs)).map((doc) => doc.count)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    )
    expect(await store.read()).toEqual({ count: 40 })
    expect(await open().read()).toEqual({ count: 40 })
    expect(readdirSync(join(dir, 'nested'))).toEqual(['counter.json'])
  })

  it.each([
    ['not JSON', '{"count": 1'],
    ['the wrong shape', '{"count": "one"}'],
  ])('moves a file that is %s aside and starts empty', async (_why, text) => {
    mkdirSync(join(dir, 'nested'))
    writeFileSync(path, text)
    const store = open()
    expect(await store.read()).toBeUndefined()
    const names = readdirSync(join(dir, 'nested'))
    const aside = names.find((name) => name.startsWith('counter.json.damaged-'))
    expect(aside).toBeDefined()
    expect(readFileSync(join(dir, 'nested', aside!), 'utf8')).toBe(text)
    expect(sink.records).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'moved an unreadable file aside',
        fields: expect.objectContaining({ file: 'counter.json' }) as unknown,
      }),
    )
    await store.update(() => ({ count: 7 }))
    expect(readFileSync(join(dir, 'nested', aside!), 'utf8')).toBe(text)
    expect(await open().read()).toEqual({ count: 7 })
  })

  it('reports a file it cannot read instead of moving it aside, and tries again later', async () => {
    mkdirSync(path, { recursive: true })
    const store = open()
    await expect(store.read()).rejects.toMatchObject({ code: 'EISDIR' })
    expect(readdirSync(join(dir, 'nested'))).toEqual(['counter.json'])
    rmSync(path, { recursive: true })
    expect(await store.read()).toBeUndefined()
  })

  it('changes nothing when a change throws, and keeps serving later updates', async () => {
    const store = open()
    await store.update(() => ({ count: 1 }))
    await expect(
      store.update(() => {
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(await store.read()).toEqual({ count: 1 })
    expect(await store.update((current) => ({ count: (current?.count ?? 0) + 1 }))).toEqual({
      count: 2,
    })
  })

  it('keeps the last written document when a write fails', async () => {
    const store = open()
    await store.update(() => ({ count: 1 }))
    // The folder is replaced by a file, so the write's temp file cannot be created.
    rmSync(join(dir, 'nested'), { recursive: true })
    writeFileSync(join(dir, 'nested'), 'not a folder')
    await expect(store.update(() => ({ count: 2 }))).rejects.toThrow()
    expect(await store.read()).toEqual({ count: 1 })
  })
})
