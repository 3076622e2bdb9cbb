import { act, render, screen, waitFor } from '@testing-library/react'
import { StrictMode, useCallback, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '../../../app/providers'
import { createIpcClient } from '../../../ipc/client'
import { createFakeTransport } from '../../../test-support/fake-transport'
import type { PageStore } from './page-store'
import { usePageStore, type PageQuery } from './use-page-store'

const LIMIT = 40

/** search.page over 500 rows on a server that allows at most 40 per page (and says so). */
function fakePages() {
  return createFakeTransport({
    'search.page': (input) => {
      const { after, pageSize } = input as { after: string | null; pageSize: number }
      const used = Math.min(pageSize, LIMIT)
      const start = after === null ? 0 : Number(after)
      return {
        ok: true,
        value: {
          total: 500,
          rows: Array.from({ length: used }, (_, i) => ({ id: `e${start + i}`, cells: {} })),
          next: String(start + used),
          pageSize: used,
          ...(used < pageSize
            ? { notice: `At most ${LIMIT} results per page; using ${LIMIT}.` }
            : {}),
        },
      }
    },
  })
}

const BASE: Omit<PageQuery, 'pageSize'> = {
  serverId: 's1',
  owner: 'visible',
  query: {},
  columns: ['entry_id'],
  orderBy: null,
  order: 'asc',
}

/** Like ResultsPanel: the notice writes the lowered size into the session it searches with. */
function Probe({ stores }: { stores: Set<PageStore> }) {
  const [pageSize, setPageSize] = useState(100)
  const onNotice = useCallback((_notice: string, size: number) => setPageSize(size), [])
  const store = usePageStore({ ...BASE, pageSize }, onNotice)
  stores.add(store)
  return (
    <>
      <span data-testid="size">{pageSize}</span>
      <button onClick={() => setPageSize(25)}>25</button>
    </>
  )
}

const pageCalls = (fake: ReturnType<typeof fakePages>) =>
  fake.calls
    .filter((c) => c.channel === 'search.page')
    .map((c) => {
      const input = c.input as { after: string | null; pageSize: number }
      return [input.after, input.pageSize]
    })

describe('usePageStore', () => {
  it('keeps the store when the server lowered the page size and the session follows', async () => {
    const fake = fakePages()
    const stores = new Set<PageStore>()
    render(
      <AppProviders client={createIpcClient(fake.transport)}>
        <Probe stores={stores} />
      </AppProviders>,
    )
    await waitFor(() => expect(screen.getByTestId('size')).toHaveTextContent(String(LIMIT)))
    await waitFor(() => expect([...stores][0]?.rowAt(79)?.id).toBe('e79'))
    // Let anything a re-render might start get going before counting.
    await act(() => new Promise((done) => setTimeout(done, 0)))
    // One first page (asked with 100, answered with 40) and the prefetch with the lowered size;
    // no second first page, and the same store (so selection and scroll position stay).
    expect(pageCalls(fake)).toEqual([
      [null, 100],
      ['40', LIMIT],
    ])
    expect(stores.size).toBe(1)

    // A page size the researcher picks is a new search.
    act(() => screen.getByText('25').click())
    await waitFor(() => expect(stores.size).toBe(2))
    await waitFor(() => expect(pageCalls(fake)).toContainEqual([null, 25]))
  })

  it('shows rows under StrictMode, whose development double effect disposes and restarts', async () => {
    const fake = fakePages()
    const stores = new Set<PageStore>()
    render(
      <StrictMode>
        <AppProviders client={createIpcClient(fake.transport)}>
          <Probe stores={stores} />
        </AppProviders>
      </StrictMode>,
    )
    await waitFor(() => expect([...stores].some((s) => s.rowAt(0)?.id === 'e0')).toBe(true))
  })
})
