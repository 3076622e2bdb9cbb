/**
 * The first page of a new search, asked for at the moment the researcher submits it, before
 * React renders anything for it. The submit then leaves the screen as it is until this page is
 * in (or QUIET_SUBMIT_MS has passed), and the PageStore made for that search takes the answer
 * instead of asking again. One request waits at a time; one that nobody takes is cancelled
 * after a while.
 */
import type { EntriesPage } from '../../../../shared/ipc/channels/search'
import type { IpcClient } from '../../../ipc/client'
import type { SearchSession } from '../state/session'
import type { PageQuery } from './use-page-store'

/** A store is made within a render of the submit; this only bounds a request nobody took. */
const UNCLAIMED_MS = 5_000

/**
 * How long a submit leaves the screen as it was while its first page travels. Most first pages
 * come back sooner: the screen then changes once, rows included. On a 2-core machine, the
 * render and the frame of a "searching" look at the click took the CPU that the host and the
 * server needed to answer (docs/performance.md, "A Search click leaves the screen alone").
 * A wait this short needs no sign of its own; a longer one shows the previous rows dimmed.
 */
export const QUIET_SUBMIT_MS = 150

interface Waiting {
  client: IpcClient
  key: string
  page: Promise<EntriesPage>
  /** The page once it has arrived. */
  answer?: EntriesPage
  controller: AbortController
  timer: ReturnType<typeof setTimeout>
}

let waiting: Waiting | null = null

const keyOf = (search: PageQuery) => JSON.stringify(search)

function drop(entry: Waiting, abort: boolean) {
  clearTimeout(entry.timer)
  if (abort) entry.controller.abort()
  if (waiting === entry) waiting = null
}

/**
 * Sends the first page of `search` now, on the interactive lane, unless that page is already
 * on its way (a second click): resolves when it has its answer, or its failure.
 */
export function requestFirstPage(client: IpcClient, search: PageQuery): Promise<void> {
  const settled = (page: Promise<EntriesPage>) =>
    page.then(
      () => undefined,
      () => undefined,
    )
  if (waiting && waiting.client === client && waiting.key === keyOf(search))
    return settled(waiting.page)
  if (waiting) drop(waiting, true)
  const controller = new AbortController()
  const page = client.invoke(
    'search.page',
    { ...search, after: null, lane: 'interactive' },
    { signal: controller.signal },
  )
  // Whoever takes it handles its failure; an untaken one must not be reported as unhandled.
  page.catch(() => undefined)
  const entry: Waiting = {
    client,
    key: keyOf(search),
    page,
    controller,
    timer: setTimeout(() => drop(entry, true), UNCLAIMED_MS),
  }
  // Before `settled` is told: whoever waits for it finds the page here.
  page.then(
    (answer) => {
      entry.answer = answer
    },
    () => undefined,
  )
  waiting = entry
  return settled(page)
}

/** Resolves when `answered` does or after QUIET_SUBMIT_MS, whichever comes first. */
export function answeredOrQuietOver(answered: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const quietOver = new Promise<void>((done) => {
    timer = setTimeout(done, QUIET_SUBMIT_MS)
  })
  return Promise.race([answered, quietOver]).finally(() => clearTimeout(timer))
}

/**
 * The first page of `search` if it was requested at submit (once); aborting `signal` cancels
 * it as it would cancel a request of the store's own.
 */
export function takeFirstPage(
  client: IpcClient,
  search: PageQuery,
  signal: AbortSignal,
): Promise<EntriesPage> | undefined {
  const entry = waiting
  if (!entry || entry.client !== client || entry.key !== keyOf(search)) return undefined
  drop(entry, false)
  if (signal.aborted) {
    entry.controller.abort()
    return undefined
  }
  signal.addEventListener('abort', () => entry.controller.abort(), { once: true })
  return entry.page
}

/**
 * The first page of `search` if it was requested at submit and has arrived (once): the store
 * made for the search starts with its rows, so no "searching" render comes before them.
 */
export function takeArrivedFirstPage(
  client: IpcClient,
  search: PageQuery,
): EntriesPage | undefined {
  const entry = waiting
  if (!entry?.answer || entry.client !== client || entry.key !== keyOf(search)) return undefined
  drop(entry, false)
  return entry.answer
}

/** The search the results table shows for a session (what its PageStore asks for). */
export function pageQueryOf(serverId: string, session: SearchSession): PageQuery {
  return {
    serverId,
    owner: session.submitted.owner,
    query: session.submitted.query,
    columns: session.columns,
    orderBy: session.orderBy,
    order: session.order,
    pageSize: session.pageSize,
  }
}

/**
 * Whether going from one session to the next shows a new search in the table (not merely a new
 * page size, which the store may already use because the server lowered it).
 */
export function isNewSearch(before: SearchSession, after: SearchSession): boolean {
  const key = (s: SearchSession) => JSON.stringify([s.submitted, s.columns, s.orderBy, s.order])
  return key(before) !== key(after)
}
