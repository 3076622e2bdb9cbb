import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createLogger, createMemorySink } from '../logging'
import { createPerServerStore } from './per-server-store'

let dir: string
let sink: ReturnType<typeof createMemorySink>
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'nomad-per-server-'))
  sink = createMemorySink()
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const path = () => join(dir, 'names.json')
const open = () =>
  createPerServerStore({
    path: path(),
    schema: z.array(z.string()),
    logger: createLogger({ sink }),
  })

describe('createPerServerStore', () => {
  it('keeps one value per server in one versioned document', async () => {
    const store = open()
    await store.update('a', (list = []) => [...list, 'one'])
    await store.update('b', () => ['two'])
    expect(await store.update('a', (list = []) => [...list, 'three'])).toEqual(['one', 'three'])
    expect(JSON.parse(readFileSync(path(), 'utf8'))).toEqual({
      version: 1,
      servers: { a: ['one', 'three'], b: ['two'] },
    })
    const again = open()
    expect(await again.get('a')).toEqual(['one', 'three'])
    expect(await again.get('c')).toBeUndefined()
    expect(await again.get('constructor')).toBeUndefined()
  })

  it('drops one damaged server slot, keeps the others, and writes only readable slots', async () => {
    writeFileSync(
      path(),
      JSON.stringify({ version: 1, servers: { good: ['x'], bad: [1, 2], other: [] } }),
    )
    const store = open()
    expect(await store.get('good')).toEqual(['x'])
    expect(await store.get('bad')).toBeUndefined()
    expect(sink.records).toContainEqual(
      expect.objectContaining({
        message: 'dropped an unreadable entry',
        fields: { file: 'names.json', serverId: 'bad' },
      }),
    )
    await store.update('other', () => ['y'])
    expect(JSON.parse(readFileSync(path(), 'utf8'))).toEqual({
      version: 1,
      servers: { good: ['x'], other: ['y'] },
    })
  })

  it('moves a document of another version aside and starts empty', async () => {
    writeFileSync(path(), JSON.stringify({ version: 2, servers: {} }))
    expect(await open().get('a')).toBeUndefined()
    expect(readdirSync(dir).some((name) => name.startsWith('names.json.damaged-'))).toBe(true)
  })
})
