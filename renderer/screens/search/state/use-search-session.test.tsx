import { useQueryClient } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { SearchState } from '../../../../shared/ipc/channels/search'
import type { IpcResult } from '../../../../shared/ipc/result'
import { DEFAULT_CATALOGUE } from '../../../../shared/query/quantities'
import { AppProviders } from '../../../app/providers'
import { createIpcClient } from '../../../ipc/client'
import { queryKeyFor } from '../../../ipc/hooks'
import { createFakeTransport } from '../../../test-support/fake-transport'
import { RestoreNotice } from '../restore-notice'
import { sessionStore } from './session-store'
import { useSearchSession } from './use-search-session'

const STORED: SearchState = {
  owner: 'public',
  query: { 'results.material.elements': { all: ['Fe'] } },
  columns: ['entry_id'],
  orderBy: null,
  order: 'asc',
  pageSize: 50,
  units: {},
}

function Probe() {
  const { session, update, unreadable, retryRestore, keepCurrent } = useSearchSession(
    's1',
    DEFAULT_CATALOGUE,
  )
  if (!session) return <span>loading</span>
  return (
    <>
      <span data-testid="page-size">{session.pageSize}</span>
      <span data-testid="owner">{session.owner}</span>
      <button onClick={() => update((s) => ({ ...s, pageSize: 25 }))}>edit</button>
      {unreadable !== undefined && (
        <RestoreNotice
          serverName="Lab"
          problem={unreadable}
          onRetry={retryRestore}
          onKeepCurrent={keepCurrent}
        />
      )}
    </>
  )
}

function setup(get: () => IpcResult<unknown>) {
  const fake = createFakeTransport({
    'search.state.get': get,
    'search.state.set': () => ({ ok: true, value: null }),
  })
  const view = render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <Probe />
    </AppProviders>,
  )
  const saved = () =>
    fake.calls
      .filter((c) => c.channel === 'search.state.set')
      .map((c) => (c.input as { state: SearchState }).state)
  return { fake, view, saved }
}

afterEach(() => sessionStore.clear())

/** What 'app.startup' does before the screen mounts: the persisted state is in the cache. */
function Seeded({ state, children }: { state: SearchState; children: ReactNode }) {
  const queryClient = useQueryClient()
  useState(() =>
    queryClient.setQueryData(queryKeyFor('search.state.get', { serverId: 's1' }), state),
  )
  return children
}

describe('useSearchSession', () => {
  it('restores a state already in the query cache in its first render, not one commit later', async () => {
    // Why: the Search screen rendered a loader first and the whole screen only after an
    // effect had stored the session, a second render in a later task on every start.
    const firstRenders: string[] = []
    function Recorder() {
      const { session } = useSearchSession('s1', DEFAULT_CATALOGUE)
      firstRenders.push(session ? `pageSize ${session.pageSize}` : 'loading')
      return null
    }
    const fake = createFakeTransport({
      'search.state.get': () => ({ ok: true, value: STORED }),
      'search.state.set': () => ({ ok: true, value: null }),
    })
    render(
      <AppProviders client={createIpcClient(fake.transport)}>
        <Seeded state={STORED}>
          <Recorder />
        </Seeded>
      </AppProviders>,
    )
    expect(firstRenders[0]).toBe('pageSize 50')
    expect(firstRenders).not.toContain('loading')
    // Stored once committed, so an edit and the other screens see the same session.
    await waitFor(() => expect(sessionStore.get('s1')?.pageSize).toBe(50))
    expect(fake.calls.filter((c) => c.channel === 'search.state.get')).toEqual([])
  })

  it('writes the last edit when the screen closes before the save delay is over', async () => {
    const { view, saved } = setup(() => ({ ok: true, value: STORED }))
    await waitFor(() => expect(screen.getByTestId('page-size')).toHaveTextContent('50'))
    act(() => screen.getByText('edit').click())
    expect(saved()).toEqual([])
    view.unmount()
    expect(saved().at(-1)).toMatchObject({ owner: 'public', pageSize: 25 })
  })

  it('writes the pending edit when the window is being closed (pagehide)', async () => {
    const { saved } = setup(() => ({ ok: true, value: STORED }))
    await waitFor(() => expect(screen.getByTestId('page-size')).toHaveTextContent('50'))
    act(() => screen.getByText('edit').click())
    act(() => void window.dispatchEvent(new Event('pagehide')))
    expect(saved().at(-1)).toMatchObject({ pageSize: 25 })
  })

  it('never saves over a stored state it could not read, says so, and can read it again', async () => {
    let fail = true
    const { view, saved } = setup(() =>
      fail
        ? { ok: false, error: { code: 'unavailable', message: 'The app host did not answer.' } }
        : { ok: true, value: STORED },
    )
    expect(await screen.findByTestId('restore-notice')).toHaveTextContent(
      'The app host did not answer.',
    )
    // A fresh search is shown and can be edited, but nothing is written, not even on leaving.
    expect(screen.getByTestId('page-size')).toHaveTextContent('100')
    act(() => screen.getByText('edit').click())
    await act(() => new Promise((done) => setTimeout(done, 500)))
    act(() => void window.dispatchEvent(new Event('pagehide')))
    expect(saved()).toEqual([])

    fail = false
    act(() => screen.getByTestId('restore-retry').click())
    await waitFor(() => expect(screen.getByTestId('owner')).toHaveTextContent('public'))
    expect(screen.queryByTestId('restore-notice')).toBeNull()
    view.unmount()
    expect(saved().at(-1)).toMatchObject({ owner: 'public', pageSize: 50 })
  })

  it('saves again once the researcher keeps the fresh search', async () => {
    const { view, saved } = setup(() => ({
      ok: false,
      error: { code: 'invalid_response', message: 'state.json is not a search state' },
    }))
    await screen.findByTestId('restore-notice')
    act(() => screen.getByText('edit').click())
    act(() => screen.getByTestId('restore-keep-current').click())
    expect(screen.queryByTestId('restore-notice')).toBeNull()
    view.unmount()
    expect(saved().at(-1)).toMatchObject({ owner: 'visible', pageSize: 25 })
  })
})
