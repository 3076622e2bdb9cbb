import { describe, expect, it } from 'vitest'
import type { EntriesPage } from '../../../../shared/ipc/channels/search'
import { PageStore, type Lane } from './page-store'

/** A fake server over N rows with cursors "after:<index>" and an optional page-size limit. */
function fakeServer(n: number, limit = Infinity) {
  const calls: { after: string | null; size: number; lane: Lane }[] = []
  const pending: (() => void)[] = []
  let manual = false
  const fetchPage = (after: string | null, size: number, lane: Lane, signal: AbortSignal) => {
    calls.push({ after, size, lane })
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
