import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openEmbeddedDb, type EmbeddedDb } from '../storage/embedded-db'
import { RecentCache } from './recent-cache'

let dir = ''
let db: EmbeddedDb | undefined

afterEach(async () => {
  await db?.close()
  rmSync(dir, { recursive: true, force: true })
})

async function open(maxBytes: () => number, now: () => number) {
  dir ||= mkdtempSync(join(tmpdir(), 'recent-cache-'))
  db = await openEmbeddedDb(dir)
  return new RecentCache(db, maxBytes, now)
}

const item = (n: number) => ({ text: 'x'.repeat(90), n })

describe('the recently viewed cache', () => {
  it('evicts the least recently used items beyond its limit, and keeps them across a reopen', async () => {
    let clock = 0
    const now = () => ++clock
    let limit = 10_000
    const cache = await open(() => limit, now)
    await cache.put('s', 'a', 'entry', item(1))
    await cache.put('s', 'b', 'entry', item(2))
    await cache.put('s', 'c', 'entry', item(3))
    const each = cache.stats().bytes / 3
    // Using `a` makes `b` the least recently used.
    expect(cache.get('s', 'a', 'entry')?.value).toEqual(item(1))
    limit = Math.ceil(each * 2)
    await cache.evict()
    expect(cache.stats().items).toBe(2)
    expect(cache.get('s', 'b', 'entry')).toBeUndefined()
    expect(cache.get('s', 'a', 'entry')?.value).toEqual(item(1))

    await db?.close()
    const reopened = await open(() => limit, now)
    expect(reopened.stats()).toMatchObject({ items: 2, bytes: Math.round(each * 2) })
    expect(reopened.get('s', 'c', 'entry')?.value).toEqual(item(3))
    await reopened.clear()
    expect(reopened.stats()).toMatchObject({ items: 0, bytes: 0 })
    expect(reopened.get('s', 'c', 'entry')).toBeUndefined()
  })

  it('keeps nothing larger than the whole limit, and replaces an item in place', async () => {
    const cache = await open(
      () => 150,
      () => 1,
    )
    await cache.put('s', 'a', 'entry', { text: 'x'.repeat(500) })
    expect(cache.stats().items).toBe(0)
    await cache.put('s', 'a', 'entry', { n: 1 })
    await cache.put('s', 'a', 'entry', { n: 2 })
    expect(cache.stats().items).toBe(1)
    expect(cache.get('s', 'a', 'entry')).toEqual({ value: { n: 2 }, at: 1 })
  })
})
