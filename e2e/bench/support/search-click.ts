/**
 * "Search click to first row", timed inside the page from the click, and the raw sandbox call
 * for the same page: the browse and start-up benchmarks' shared measurement.
 * The first row is seen by a MutationObserver (called right after the DOM changes, so the
 * figure is the commit, not the next turn of a polling loop); the frame after it is the paint.
 * A WebSocket wrapper installed before the app loads records when `search.page` left the page
 * and when its answer came back, which splits the figure into: click to request sent (our work
 * before asking), request to answer (host, core, scheduler, sandbox), answer to row (rendering).
 */
import type { BrowserContext, Page } from '@playwright/test'

/**
 * The app's default columns (DEFAULT_COLUMNS in renderer/screens/search/state/session.ts, which
 * the e2e project cannot import): the raw call asks for what the table shows.
 */
export const SEARCH_COLUMNS = [
  'results.material.chemical_formula_hill',
  'results.method.simulation.program_name',
  'results.method.method_name',
  'results.material.symmetry.crystal_system',
  'upload_create_time',
  'authors.name',
]

/** The queries submitted in turn (the app and the raw call ask for exactly the same page). */
export const SEARCH_QUERIES: Record<string, unknown>[] = [
  { 'results.material.elements': { all: ['O'] } },
  { 'results.method.simulation.program_name': 'VASP' },
  { 'results.material.elements': { all: ['Ti', 'O'] }, 'results.method.method_name': 'DFT' },
  { 'results.material.symmetry.crystal_system': { any: ['cubic', 'hexagonal'] } },
]

// In-page code as text (tsx would wrap functions in a helper the page lacks).
const WATCH_FIRST_PAGES = `(() => {
  const Native = window.WebSocket
  const marks = (window.__searchPage = { sentId: null, sent: 0, answered: 0 })
  const send = Native.prototype.send
  Native.prototype.send = function (data) {
    if (typeof data === 'string' && data.includes('"channel":"search.page"') &&
        data.includes('"after":null') && data.includes('"lane":"interactive"')) {
      const id = /"id":"([^"]+)"/.exec(data)
      marks.sentId = id ? id[1] : null
      marks.sent = performance.now()
    }
    return send.call(this, data)
  }
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args)
      // Added before the app sets onmessage, so it runs first: the arrival, before any work.
      this.addEventListener('message', (event) => {
        if (typeof event.data === 'string' && marks.sentId !== null &&
            event.data.slice(0, 64).includes('"id":"' + marks.sentId + '"'))
          marks.answered = performance.now()
      })
    }
  }
})()`

/** Installs the request/answer marks in every page of the context (before the app loads). */
export async function watchFirstPages(context: BrowserContext | Page): Promise<void> {
  // tsx (esbuild, keepNames) wraps functions in __name(); evaluate() ships them to the page.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn' })
  await context.addInitScript({ content: WATCH_FIRST_PAGES })
}

export interface SearchClickTiming {
  /** Click to the first row of the new search in the DOM. */
  firstRowMs: number
  /** Click to the frame after it (painted). */
  paintedMs: number
  /** Click to `search.page` sent (0 or less: sent in the click's own task). */
  sentMs: number
  /** `search.page` sent to its answer arriving in the page. */
  roundTripMs: number
  /** The answer's arrival to the first row in the DOM. */
  renderMs: number
}

/**
 * The same first page straight from the API. The app shares the address (and so the limiter),
 * so a 503 is waited out; the time is that of the answered attempt, as the app's figure is.
 */
export async function rawFirstPage(
  baseUrl: string,
  query: unknown,
): Promise<{ ms: number; total: number }> {
  for (let attempt = 0; ; attempt++) {
    const start = performance.now()
    const response = await fetch(`${baseUrl}/entries/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        owner: 'visible',
        query,
        pagination: { page_size: 100, order_by: 'upload_create_time', order: 'desc' },
        required: { include: ['entry_id', ...SEARCH_COLUMNS] },
      }),
    })
    if (response.status === 503 && attempt < 20) {
      await response.body?.cancel()
      await new Promise((done) => setTimeout(done, 250))
      continue
    }
    const body = (await response.json()) as { pagination: { total: number } }
    return { ms: performance.now() - start, total: body.pagination.total }
  }
}

/**
 * Types a query into the JSON view (its section must be open), clicks Search and times it until
 * the first row of the answer (`total` entries) is in the DOM.
 */
export async function timedSubmit(
  page: Page,
  query: unknown,
  total: number,
): Promise<SearchClickTiming> {
  await page.getByTestId('json-editor').fill(JSON.stringify(query))
  await page.getByTestId('json-valid').waitFor()
  // Clicked and watched inside the page: no round trip to the test process in the figure.
  return page.evaluate(
    (expected) =>
      new Promise<SearchClickTiming>((done, fail) => {
        const button = document.querySelector<HTMLButtonElement>('[data-testid="search-submit"]')
        const marks = (
          window as unknown as {
            __searchPage?: { sentId: string | null; sent: number; answered: number }
          }
        ).__searchPage
        if (!button || !marks) return fail(new Error('no search button or no request marks'))
        marks.sentId = null
        let start = 0
        // The previous search's rows stay on screen, dimmed (data-stale), until the answer.
        const shown = () =>
          document.querySelector<HTMLElement>('[data-testid="results-count"]')?.dataset.total ===
            String(expected) &&
          !document.querySelector('[data-stale]') &&
          document.querySelector('[data-testid="result-row"][data-entry-id]')
        const timeout = setTimeout(() => fail(new Error('no first page in 30 s')), 30_000)
        const observer = new MutationObserver(() => {
          if (!shown()) return
          const firstRow = performance.now()
          observer.disconnect()
          clearTimeout(timeout)
          requestAnimationFrame(() =>
            setTimeout(() =>
              done({
                firstRowMs: firstRow - start,
                paintedMs: performance.now() - start,
                sentMs: marks.sent - start,
                roundTripMs: marks.answered - marks.sent,
                renderMs: firstRow - marks.answered,
              }),
            ),
          )
        })
        observer.observe(document.body, { subtree: true, childList: true, attributes: true })
        start = performance.now()
        button.click()
      }),
    total,
  )
}
