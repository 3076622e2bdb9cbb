/**
 * The rows of one search (server, owner, query, columns, sort, page size), fetched page by page
 * with the server's after-value cursors. Only the pages near what is on screen are kept (a
 * window), so scrolling through 100 000 entries holds a bounded number of rows; a page that was
 * dropped is fetched again with its remembered cursor when it scrolls back into view. The next
 * page is prefetched on the background lane as soon as one arrives; if the reader gets to it
 * before it is in, it is promoted to the interactive lane.
 */
import type { EntriesPage, EntryRow, OfflineNote } from '../../../../shared/ipc/channels/search'

export type Lane = 'interactive' | 'background'

export interface PageStoreOptions {
  pageSize: number
  fetchPage(
    after: string | null,
    pageSize: number,
    lane: Lane,
    signal: AbortSignal,
  ): Promise<EntriesPage>
  /** Pages kept in memory at most (default 40). */
  maxPages?: number
  /** Called when the server made the page size smaller (its notice, the size now used). */
  onNotice?(notice: string, pageSize: number): void
  /**
   * The first page when it has already arrived (asked for at submit, first-page.ts): the store
   * holds its rows from the start, so the table's first render for the search shows them.
   */
  firstPage?: EntriesPage
}

interface PageSlot {
  /** The cursor that fetches this page (null for the first). */
  after: string | null
  /** Row count once known (a dropped page keeps its length, so positions stay put). */
  length: number | null
  rows: EntryRow[] | null
  next: string | null | undefined
  loading: { controller: AbortController; lane: Lane } | null
  error: Error | null
}

export interface PageStoreSnapshot {
  version: number
  total: number | null
  /** Rows with a known position: the scrollable length. */
  known: number
  /** More pages exist beyond `known`. */
  hasMore: boolean
  loading: boolean
  error: Error | null
  /** Set while the pages come from the offline library (the server cannot be reached). */
  offline: OfflineNote | null
}

export class PageStore {
  private readonly slots: PageSlot[] = []
  private readonly listeners = new Set<() => void>()
  private total: number | null = null
  private offline: OfflineNote | null = null
  private pageSize: number
  private version = 0
  private snapshot: PageStoreSnapshot
  private disposed = false
  private lastRange: [number, number] = [0, 0]
  private rangeShown = false
  /** A first page given at construction: its notice and its next page wait for start(). */
  private given: { notice: [string, number] | null } | null = null

  constructor(private readonly options: PageStoreOptions) {
    this.pageSize = options.pageSize
    const first = emptySlot(null)
    this.slots.push(first)
    if (options.firstPage) {
      // Made while React renders: the notice (which changes the session) waits for start().
      this.given = { notice: this.fill(0, first, options.firstPage) }
      this.snapshot = this.makeSnapshot()
      return
    }
    // Loading from the start: a store is made to be started at once (its first page may even
    // be on its way already, first-page.ts), and a snapshot that changed when it started would
    // render the table and its toolbar a second time before the first paint.
    this.snapshot = { ...this.makeSnapshot(), loading: true }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = (): PageStoreSnapshot => this.snapshot

  /** The page size requests use now: the one asked for, or the smaller one the server allows. */
  get pageSizeInUse(): number {
    return this.pageSize
  }

  /** The row at a position, or undefined while its page is not in memory. */
  rowAt(index: number): EntryRow | undefined {
    let start = 0
    for (const slot of this.slots) {
      if (slot.length === null) return undefined
      if (index < start + slot.length) return slot.rows?.[index - start]
      start += slot.length
    }
    return undefined
  }

  /** Rows currently held in memory (for tests and the benchmark's report). */
  rowsInMemory(): number {
    return this.slots.reduce((sum, s) => sum + (s.rows?.length ?? 0), 0)
  }

  /**
   * The table shows rows first..last: fetch their pages now (interactive), and the next page
   * when the end of what is known is close. Pages far away are dropped.
   */
  ensureRange(first: number, last: number): void {
    if (this.disposed) return
    this.lastRange = [first, last]
    this.rangeShown = true
    let start = 0
    let index = 0
    for (; index < this.slots.length; index++) {
      const slot = this.slots[index] as PageSlot
      const end = slot.length === null ? Infinity : start + slot.length
      if (end > first && start <= last) this.load(index, 'interactive')
      if (slot.length === null) break
      start = end
    }
    // Close to the end of what is known: the next page too. A prefetch already on its way is
    // left on the background lane while the reader is still a little way off; once the last
    // row is reached ("Loading more…" is on screen) they are waiting for it, so it is promoted.
    const lastSlot = this.slots[this.slots.length - 1]
    if (lastSlot && lastSlot.length === null && start - last < this.pageSize) {
      const waiting = last >= start - 1
      if (waiting || !lastSlot.loading) this.load(this.slots.length - 1, 'interactive')
    }
    this.evict()
  }

  /** Fetches the first page (the table calls ensureRange too; this starts before it mounts). */
  /**
   * Starts (or, after dispose, resumes) loading what is on screen. React's StrictMode runs an
   * effect, its cleanup and the effect again in development; the store must survive that.
   */
  start(): void {
    this.disposed = false
    const given = this.given
    this.given = null
    if (given?.notice) this.options.onNotice?.(...given.notice)
    if (given) this.prefetchAfter(0)
    this.load(0, 'interactive')
    if (this.rangeShown) this.ensureRange(...this.lastRange)
  }

  retry(): void {
    for (const slot of this.slots) slot.error = null
    this.changed()
    this.ensureRange(...this.lastRange)
  }

  dispose(): void {
    this.disposed = true
    for (const slot of this.slots) {
      slot.loading?.controller.abort()
      // Released at once, so a resumed store asks again instead of waiting on a dead request.
      slot.loading = null
    }
  }

  private load(index: number, lane: Lane): void {
    const slot = this.slots[index]
    if (!slot || slot.rows !== null || slot.error !== null) return
    if (slot.loading) {
      if (slot.loading.lane === 'interactive' || lane === 'background') return
      // Someone is looking at rows of a page that is only being prefetched. The background
      // lane yields to everything else (and to downloads' pacing), so waiting for it could take
      // long: cancel the prefetch and ask again on the interactive lane, which the snapshot
      // reports as loading.
      slot.loading.controller.abort()
      slot.loading = null
    }
    const controller = new AbortController()
    const request = { controller, lane }
    slot.loading = request
    this.changed()
    this.options.fetchPage(slot.after, this.pageSize, lane, controller.signal).then(
      (page) => {
        // A cancelled request (promoted, evicted, disposed) no longer owns the slot.
        if (controller.signal.aborted) return
        this.arrived(index, slot, page, lane)
      },
      (error: unknown) => {
        if (slot.loading === request) slot.loading = null
        if (this.disposed || controller.signal.aborted) return
        slot.error = error instanceof Error ? error : new Error(String(error))
        this.changed()
      },
    )
  }

  private arrived(index: number, slot: PageSlot, page: EntriesPage, lane: Lane): void {
    slot.loading = null
    if (this.disposed) return
    const notice = this.fill(index, slot, page)
    if (notice) this.options.onNotice?.(...notice)
    this.changed(true)
    // One page ahead only: a prefetched page does not prefetch another.
    if (lane === 'interactive') this.prefetchAfter(index)
    this.evict()
  }

  /** Puts a page's rows into its slot; returns the server's notice if it lowered the size. */
  private fill(index: number, slot: PageSlot, page: EntriesPage): [string, number] | null {
    slot.rows = page.rows
    slot.length = page.rows.length
    slot.next = page.next
    this.total = page.total
    this.offline = page.offline ?? null
    let notice: [string, number] | null = null
    if (page.pageSize !== this.pageSize) {
      this.pageSize = page.pageSize
      if (page.notice) notice = [page.notice, page.pageSize]
    }
    if (page.next !== null && page.rows.length > 0 && index === this.slots.length - 1)
      this.slots.push(emptySlot(page.next))
    return notice
  }

  /** The researcher will most likely read on: fetches the next page while they read this one. */
  private prefetchAfter(index: number): void {
    const following = this.slots[index + 1]
    if (following && following.rows === null) this.load(index + 1, 'background')
  }

  /** Keeps the pages nearest to the visible range; drops (and cancels) the rest. */
  private evict(): void {
    const max = this.options.maxPages ?? 40
    const loaded: { index: number; distance: number }[] = []
    let start = 0
    const [first, last] = this.lastRange
    this.slots.forEach((slot, index) => {
      const length = slot.length ?? this.pageSize
      const end = start + length
      if (slot.rows !== null || slot.loading) {
        const distance = end <= first ? first - end : start > last ? start - last : 0
        loaded.push({ index, distance })
      }
      start = end
    })
    if (loaded.length <= max) return
    loaded.sort((a, b) => b.distance - a.distance)
    for (const { index } of loaded.slice(0, loaded.length - max)) {
      const slot = this.slots[index] as PageSlot
      slot.loading?.controller.abort()
      slot.loading = null
      slot.rows = null
    }
    this.changed()
  }

  /**
   * Tells subscribers, but only when something they show changed: rows arrived (`rows`), or the
   * total, length, loading or error state moved. Dropping far-away pages changes nothing on
   * screen and must not re-render the table.
   */
  private changed(rows = false): void {
    const next = this.makeSnapshot()
    const prev = this.snapshot
    const same =
      prev.total === next.total &&
      prev.known === next.known &&
      prev.hasMore === next.hasMore &&
      prev.loading === next.loading &&
      prev.error === next.error &&
      prev.offline?.entries === next.offline?.entries &&
      prev.offline?.syncedAt === next.offline?.syncedAt
    if (same && !rows) return
    this.version++
    this.snapshot = { ...next, version: this.version }
    for (const listener of this.listeners) listener()
  }

  private makeSnapshot(): PageStoreSnapshot {
    let known = 0
    let loading = false
    let error: Error | null = null
    for (const slot of this.slots) {
      if (slot.length !== null) known += slot.length
      if (slot.loading?.lane === 'interactive') loading = true
      if (slot.error) error = slot.error
    }
    const lastSlot = this.slots[this.slots.length - 1]
    return {
      version: this.version,
      total: this.total,
      known,
      hasMore: lastSlot !== undefined && lastSlot.length === null,
      loading,
      error,
      offline: this.offline,
    }
  }
}

function emptySlot(after: string | null): PageSlot {
  return { after, length: null, rows: null, next: undefined, loading: null, error: null }
}
