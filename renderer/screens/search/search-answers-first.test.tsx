import { RouterProvider } from '@tanstack/react-router'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { EntriesPage } from '../../../shared/ipc/channels/search'
import type { IpcResult } from '../../../shared/ipc/result'
import { DEFAULT_CATALOGUE } from '../../../shared/query'
import { AppProviders } from '../../app/providers'
import { createAppRouter } from '../../app/routing/router'
import { renderCount } from '../../components/render-count'
import { SignInPromptProvider } from '../../components/sign-in/prompt-context'
import { createSignInPromptStore } from '../../components/sign-in/prompt-store'
import { createIpcClient } from '../../ipc/client'
import { createFakeTransport, SHELL_HANDLERS } from '../../test-support/fake-transport'
import { stubLayoutSize } from '../../test-support/layout-size'
import { sessionStore } from './state/session-store'

stubLayoutSize(1200, 800)

const QUERY = { 'results.method.simulation.program_name': 'VASP' }

const page = (total: number, from: number): IpcResult<EntriesPage> => ({
  ok: true,
  value: {
    total,
    rows: Array.from({ length: 3 }, (_, i) => ({ id: `e${from + i}`, cells: {} })),
    next: String(from + 3),
    pageSize: 100,
  },
})

/**
 * The whole app at #/search over a fake host. Pages of the empty query are answered at once;
 * pages of QUERY wait until the test answers them, and each call notes how many commits React
 * had made when it was sent.
 */
function renderSearch() {
  window.location.hash = '#/search'
  let commits = 0
  // What the table showed when the history write was sent (it must wait for the rows).
  const historyAdds: (string | undefined)[] = []
  const waiting: { after: unknown; commitsWhenSent: number; answer: () => void }[] = []
  const fake = createFakeTransport({
    ...SHELL_HANDLERS,
    'search.info': () => ({
      ok: true,
      value: { serverId: 'nomad-public', source: 'server', quantities: DEFAULT_CATALOGUE.list() },
    }),
    'search.state.get': () => ({ ok: true, value: null }),
    // The draft's live count is the total of its facet counts (no search.count of its own).
    'search.aggregations': () => ({ ok: true, value: { total: 7, facets: {} } }),
    'search.history.add': () => {
      historyAdds.push(firstRowId())
      return { ok: true, value: null }
    },
    'search.page': (input) => {
      const { query, after } = input as { query: object; after: string | null }
      if (Object.keys(query).length === 0) return page(100, after === null ? 0 : Number(after))
      return new Promise((resolve) =>
        waiting.push({
          after,
          commitsWhenSent: commits,
          answer: () => resolve(page(7, after === null ? 0 : Number(after))),
        }),
      )
    },
  })
  render(
    <Profiler id="app" onRender={() => void commits++}>
      <AppProviders client={createIpcClient(fake.transport)}>
        <SignInPromptProvider store={createSignInPromptStore()}>
          <RouterProvider router={createAppRouter()} />
        </SignInPromptProvider>
      </AppProviders>
    </Profiler>,
  )
  return {
    waiting,
    historyAdds,
    commits: () => commits,
    channels: () => fake.calls.map((c) => c.channel),
  }
}

afterEach(() => {
  window.location.hash = ''
  sessionStore.clear()
})

const firstRowId = () =>
  screen.queryAllByTestId('result-row').find((row) => row.dataset.entryId)?.dataset.entryId

/** The Search screen with QUERY typed into the JSON view, its draft's counts settled. */
async function withQueryTyped() {
  const app = renderSearch()
  // The screen loads on demand; the first import takes a while in jsdom.
  await waitFor(
    () => expect(screen.getByTestId('results-count')).toHaveAttribute('data-total', '100'),
    {
      timeout: 15_000,
    },
  )
  // A closed section's content is rendered only once the section is opened.
  expect(screen.queryByTestId('json-editor')).toBeNull()
  fireEvent.click(within(screen.getByTestId('section-json')).getByRole('button', { name: 'JSON' }))
  await typeJson(QUERY)
  // The draft's own effects (its debounced count and facet counts) settle before the click.
  await waitFor(() => expect(screen.getByTestId('search-submit')).toHaveTextContent('7 results'))
  // One request per draft: the count came with the facet counts.
  expect(app.channels()).not.toContain('search.count')
  return app
}

async function typeJson(query: object) {
  fireEvent.change(await screen.findByTestId('json-editor'), {
    target: { value: JSON.stringify(query) },
  })
  await screen.findByTestId('json-valid')
}

describe('Search answers first, renders second', { timeout: 30_000 }, () => {
  it('sends search.page before re-rendering; the answer re-renders neither builder nor toolbar', async () => {
    const app = await withQueryTyped()

    const before = app.commits()
    const builder = renderCount('search-builder')
    expect(builder).toBeGreaterThan(0)
    // Nor does it change what the menus above the table, the chips or the table's pickers show.
    const around = [
      'search-saved',
      'search-history',
      'search-copy-as',
      'search-chips',
      'search-table-settings',
    ]
    const aroundBefore = around.map(renderCount)
    expect(Math.min(...aroundBefore)).toBeGreaterThan(0)
    fireEvent.click(screen.getByTestId('search-submit'))
    // Sent in the click's own task, before React committed anything for the new search.
    const first = app.waiting[0]
    expect(first?.after).toBeNull()
    expect(first?.commitsWhenSent).toBe(before)
    // The previous rows stay on screen while the answer travels, as they were for
    // QUIET_SUBMIT_MS and then dimmed and inert: the grid is not swapped for a loader and
    // mounted again (most of the click's main-thread work).
    const grid = document.querySelector('[aria-label^="Search results"]')
    expect(grid).not.toBeNull()
    await screen.findByTestId('results-loading')
    expect(grid).toHaveAttribute('aria-busy', 'true')
    expect(firstRowId()).toBeUndefined()
    // The submit changed nothing the builder shows, so it did not render again.
    expect(renderCount('search-builder')).toBe(builder)
    expect(around.map(renderCount)).toEqual(aroundBefore)
    const toolbar = renderCount('search-toolbar')

    first?.answer()
    await waitFor(() => expect(screen.queryByTestId('results-loading')).toBeNull())
    expect(document.querySelector('[aria-label^="Search results"]')).toBe(grid)
    expect(firstRowId()).toBe('e0')
    expect(screen.getByTestId('results-count')).toHaveAttribute('data-total', '7')
    // The submitted search goes into the history after its rows are on screen, not before.
    await waitFor(() => expect(app.historyAdds).toEqual(['e0']))
    // The second page (prefetched, then asked for by the table) arrives too: another change.
    await waitFor(() => expect(app.waiting.length).toBeGreaterThan(1))
    for (const call of app.waiting.slice(1)) call.answer()
    await waitFor(() =>
      expect(screen.getByTestId('results-count')).toHaveAttribute('data-known', '6'),
    )
    expect(renderCount('search-builder')).toBe(builder)
    expect(renderCount('search-toolbar')).toBe(toolbar)
  })

  it('leaves the screen alone until a quick answer, then shows its rows in one go', async () => {
    const app = await withQueryTyped()
    const seen = new Set<string>()
    const watch = new MutationObserver(() => {
      if (screen.queryByTestId('results-loading')) seen.add('loading')
      if (document.querySelector('[aria-busy="true"]')) seen.add('busy')
    })
    watch.observe(document.body, { subtree: true, childList: true, attributes: true })
    const before = app.commits()
    fireEvent.click(screen.getByTestId('search-submit'))
    fireEvent.click(screen.getByTestId('search-submit'))
    // Two clicks, one request, and nothing rendered while it travels: the previous rows, their
    // count and the note that the query has changed stay as they were.
    expect(app.waiting).toHaveLength(1)
    expect(app.commits()).toBe(before)
    expect(screen.getByTestId('results-stale')).toBeInTheDocument()
    expect(screen.getByTestId('results-count')).toHaveAttribute('data-total', '100')

    app.waiting[0]?.answer()
    await waitFor(() => expect(firstRowId()).toBe('e0'))
    watch.disconnect()
    expect(screen.getByTestId('results-count')).toHaveAttribute('data-total', '7')
    expect(screen.queryByTestId('results-stale')).toBeNull()
    // The rows of the new search replaced the old ones without a "searching" look between.
    expect([...seen]).toEqual([])
    expect(app.waiting.filter((call) => call.after === null)).toHaveLength(1)
  })

  it('submits what the builder showed at the click; an edit made while waiting stays a draft', async () => {
    const app = await withQueryTyped()
    fireEvent.click(screen.getByTestId('search-submit'))
    await typeJson({ 'results.material.elements': { all: ['O'] } })
    app.waiting[0]?.answer()
    await waitFor(() => expect(firstRowId()).toBe('e0'))
    expect(screen.getByTestId('results-count')).toHaveAttribute('data-total', '7')
    // The edit is not submitted: the table says the query has changed since.
    expect(screen.getByTestId('results-stale')).toBeInTheDocument()
    expect(sessionStore.get('nomad-public')?.submitted.query).toEqual(QUERY)
  })
})
