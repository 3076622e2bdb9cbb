import { describe, expect, it } from 'vitest'
import type { EntriesPage } from '../../../../shared/ipc/channels/search'
import { PageStore, type Lane } from './page-store'

/** A fake server over N rows with cursors "after:<index>" and an optional page-size limit. */
function fakeServer(n: number, limit = Infinity) {
  const calls: { after: string | null; size: number; lane: Lane; signal: AbortSignal }[] = []
  const pending: (() => void)[] = []
  let manual = false
  const fetchPage = (after: string | null, size: number, lane: Lane, signal: AbortSignal) => {
    calls.push({ after, size, lane, signal })
    const used = Math.min(size, limit)
    const start = after === null ? 0 : Number(after.split(':')[1])
    const rows = Array.from({ length: Math.max(0, Math.min(used, n - start)) }, (_, i) => ({
      id: `e${start + i}`,
      cells: {},
    }))
    const page: EntriesPage = {
      total: n,
      rows,
      next: start + used < n ? `after:${start + used}` : null,
      pageSize: used,
      ...(used < size
        ? { notice: `The server allows at most ${used} results per page; using ${used}.` }
        : {}),
    }
    return new Promise<EntriesPage>((resolve, reject) => {
      const finish = () => (signal.aborted ? reject(new Error('cancelled')) : resolve(page))
      if (manual) pending.push(finish)
      else queueMicrotask(finish)
    })
  }
  return {
    calls,
    fetchPage,
    hold: () => (manual = true),
    flush: () => pending.splice(0).forEach((f) => f()),
  }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('PageStore', () => {
  it('loads the first page, then prefetches the next one on the background lane', async () => {
    const server = fakeServer(250)
    const store = new PageStore({ pageSize: 100, fetchPage: server.fetchPage })
    store.start()
    await settle()
    expect(store.getSnapshot()).toMatchObject({ total: 250, known: 200, hasMore: true })
    expect(server.calls.map((c) => [c.after, c.lane])).toEqual([
      [null, 'interactive'],
      ['after:100', 'background'],
    ])
    expect(store.rowAt(0)?.id).toBe('e0')
    expect(store.rowAt(199)?.id).toBe('e199')
    expect(store.rowAt(200)).toBeUndefined()
  })

  it('starts with a first page that has already arrived: its rows, its notice, the next page', async () => {
    const server = fakeServer(250, 80)
    const firstPage: EntriesPage = {
      total: 250,
      rows: [{ id: 'e0', cells: {} }],
      next: 'after:80',
      pageSize: 80,
      notice: 'The server allows at most 80 results per page; using 80.',
    }
    const notices: [string, number][] = []
    const store = new PageStore({
      pageSize: 100,
      fetchPage: server.fetchPage,
      firstPage,
      onNotice: (notice, size) => notices.push([notice, size]),
    })
    // Made while React renders: rows at once, nothing told and nothing asked yet.
    expect(store.getSnapshot()).toMatchObject({ total: 250, loading: false, hasMore: true })
    expect(store.rowAt(0)?.id).toBe('e0')
    expect(store.pageSizeInUse).toBe(80)
    expect(notices).toEqual([])
    expect(server.calls).toEqual([])
    store.start()
    expect(notices).toEqual([[firstPage.notice, 80]])
    await settle()
    // Not the first page again: only the next one, prefetched.
    expect(server.calls.map((c) => [c.after, c.size, c.lane])).toEqual([
      ['after:80', 80, 'background'],
    ])
  })

  it('is loading from the start, so starting it tells no one (no second render)', () => {
    const server = fakeServer(250)
    server.hold()
    const store = new PageStore({ pageSize: 100, fetchPage: server.fetchPage })
    const before = store.getSnapshot()
    expect(before).toMatchObject({ total: null, known: 0, loading: true })
    let told = 0
    store.subscribe(() => (told += 1))
    store.start()
    expect(told).toBe(0)
    expect(store.getSnapshot()).toBe(before)
  })

  it('fetches on as the visible range nears the end, until there is no cursor', async () => {
    const server = fakeServer(250)
    const store = new PageStore({ pageSize: 100, fetchPage: server.fetchPage })
    store.start()
    await settle()
    store.ensureRange(150, 199)
    await settle()
    expect(store.getSnapshot()).toMatchObject({ known: 250, hasMore: false })
    expect(store.rowAt(249)?.id).toBe('e249')
    expect(server.calls).toHaveLength(3)
  })

  it('keeps a window of pages in memory and refetches a dropped page with its cursor', async () => {
    const server = fakeServer(10_000)
    const store = new PageStore({ pageSize: 50, maxPages: 4, fetchPage: server.fetchPage })
    store.start()
    await settle()
    for (let row = 0; row < 2000; row += 25) {
      store.ensureRange(row, row + 20)
      await settle()
      expect(store.rowsInMemory()).toBeLessThanOrEqual(4 * 50)
    }
    expect(store.rowAt(0)).toBeUndefined()
    const before = server.calls.length
    store.ensureRange(0, 20)
    await settle()
    expect(store.rowAt(0)?.id).toBe('e0')
    expect(server.calls[before]).toMatchObject({ after: null, lane: 'interactive' })
  })

  it('adopts a smaller page size the server asks for and reports it once', async () => {
    const server = fakeServer(500, 40)
    const notices: [string, number][] = []
    const store = new PageStore({
      pageSize: 100,
      fetchPage: server.fetchPage,
      onNotice: (notice, size) => notices.push([notice, size]),
    })
    store.start()
    await settle()
    expect(notices).toEqual([['The server allows at most 40 results per page; using 40.', 40]])
    expect(server.calls[1]?.size).toBe(40)
    expect(store.rowAt(79)?.id).toBe('e79')
  })

  it('keeps an error until retry, and cancels in-flight pages on dispose', async () => {
    let fail = true
    const server = fakeServer(100)
    const store = new PageStore({
      pageSize: 10,
      fetchPage: (after, size, lane, signal) =>
        fail ? Promise.reject(new Error('boom')) : server.fetchPage(after, size, lane, signal),
    })
    store.start()
    await settle()
    expect(store.getSnapshot().error?.message).toBe('boom')
    fail = false
    store.retry()
    await settle()
    expect(store.getSnapshot()).toMatchObject({ error: null, known: 20 })

    server.hold()
    const other = new PageStore({ pageSize: 10, fetchPage: server.fetchPage })
    other.start()
    expect(other.getSnapshot().loading).toBe(true)
    other.dispose()
    server.flush()
    await settle()
    expect(other.rowAt(0)).toBeUndefined()
  })

  it('resumes after dispose then start, as React StrictMode runs effects in development', async () => {
    const server = fakeServer(100)
    server.hold()
    const store = new PageStore({ pageSize: 10, fetchPage: server.fetchPage })
    store.start()
    store.dispose()
    store.start()
    expect(store.getSnapshot().loading).toBe(true)
    server.flush()
    await settle()
    expect(store.rowAt(0)?.id).toBe('e0')
    expect(server.calls[0]?.signal.aborted).toBe(true)
    expect(server.calls.filter((c) => c.after === null && !c.signal.aborted)).toHaveLength(1)
  })

  it('promotes the prefetch the reader reaches: loading, asked again interactively', async () => {
    const server = fakeServer(100)
    server.hold()
    const store = new PageStore({ pageSize: 10, fetchPage: server.fetchPage })
    store.start()
    server.flush()
    await settle()
    expect(server.calls.map((c) => [c.after, c.lane])).toEqual([
      [null, 'interactive'],
      ['after:10', 'background'],
    ])
    // Reading the first page, a few rows from its end: the prefetch may take its time.
    store.ensureRange(0, 5)
    expect(server.calls).toHaveLength(2)
    expect(store.getSnapshot().loading).toBe(false)

    // The last row is on screen ("Loading more…" below it): the reader now waits for page 2.
    store.ensureRange(2, 9)
    expect(server.calls[1]?.signal.aborted).toBe(true)
    expect(server.calls[2]).toMatchObject({ after: 'after:10', lane: 'interactive' })
    expect(store.getSnapshot().loading).toBe(true)
    store.ensureRange(3, 9)
    expect(server.calls).toHaveLength(3)

    server.flush()
    await settle()
    expect(store.getSnapshot()).toMatchObject({ known: 20, loading: false })
    expect(store.rowAt(15)?.id).toBe('e15')
    expect(server.calls[3]).toMatchObject({ after: 'after:20', lane: 'background' })
  })

  it('promotes a dropped page that is being prefetched when it scrolls into view', async () => {
    const server = fakeServer(1000)
    const store = new PageStore({ pageSize: 10, maxPages: 2, fetchPage: server.fetchPage })
    store.start()
    await settle()
    for (let row = 0; row <= 60; row += 10) {
      store.ensureRange(row, row + 9)
      await settle()
    }
    expect(store.rowAt(15)).toBeUndefined()
    server.hold()
    // Back to the top: page 1 comes interactively and page 2 (rows 10-19, length known) is
    // prefetched in the background.
    store.ensureRange(0, 5)
    server.flush()
    await settle()
    const prefetch = server.calls[server.calls.length - 1]
    expect(prefetch).toMatchObject({ after: 'after:10', lane: 'background' })
    expect(store.getSnapshot().loading).toBe(false)

    store.ensureRange(11, 15)
    expect(prefetch?.signal.aborted).toBe(true)
    expect(server.calls[server.calls.length - 1]).toMatchObject({
      after: 'after:10',
      lane: 'interactive',
    })
    expect(store.getSnapshot().loading).toBe(true)
    expect(store.rowAt(12)).toBeUndefined()
    server.flush()
    await settle()
    expect(store.rowAt(12)?.id).toBe('e12')
    expect(store.getSnapshot().loading).toBe(false)
  })

  it('an empty result is known to be empty', async () => {
    const store = new PageStore({ pageSize: 10, fetchPage: fakeServer(0).fetchPage })
    store.start()
    await settle()
    expect(store.getSnapshot()).toMatchObject({
      total: 0,
      known: 0,
      hasMore: false,
      loading: false,
    })
  })
})
