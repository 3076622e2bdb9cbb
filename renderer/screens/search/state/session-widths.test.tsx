import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { savedSearchStateSchema, type SearchState } from '../../../../shared/ipc/channels/search'
import { DEFAULT_CATALOGUE } from '../../../../shared/query/quantities'
import { AppProviders } from '../../../app/providers'
import { createIpcClient } from '../../../ipc/client'
import { createFakeTransport } from '../../../test-support/fake-transport'
import { sessionStore } from './session-store'
import { useSearchSession } from './use-search-session'

const FORMULA = 'results.material.chemical_formula_hill'

function Probe() {
  const { session, update } = useSearchSession('s1', DEFAULT_CATALOGUE)
  if (!session) return <span>loading</span>
  return (
    <>
      <span data-testid="widths">{JSON.stringify(session.widths)}</span>
      <button onClick={() => update((s) => ({ ...s, widths: { [FORMULA]: 212 } }))}>resize</button>
    </>
  )
}

/** A host that keeps the persisted state in memory, validated as the real channel does. */
function mount(store: { state: SearchState | null }) {
  const fake = createFakeTransport({
    'search.state.get': () => ({ ok: true, value: store.state }),
    'search.state.set': (input) => {
      store.state = savedSearchStateSchema.parse((input as { state: unknown }).state)
      return { ok: true, value: { saved: true } }
    },
  })
  return render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <Probe />
    </AppProviders>,
  )
}

afterEach(() => sessionStore.clear())

describe('column widths persistence', () => {
  it('survives a restart: set, saved with the search state, restored', async () => {
    const store: { state: SearchState | null } = { state: null }
    const first = mount(store)
    await waitFor(() => expect(screen.getByTestId('widths')).toHaveTextContent('{}'))
    act(() => screen.getByText('resize').click())
    first.unmount()
    expect(store.state?.widths).toEqual({ [FORMULA]: 212 })

    sessionStore.clear() // a restart: nothing in memory, only what was persisted
    mount(store)
    await waitFor(() =>
      expect(screen.getByTestId('widths')).toHaveTextContent(JSON.stringify({ [FORMULA]: 212 })),
    )
  })

  it('reads a state saved before widths existed as "all fitted to content"', async () => {
    const old = {
      owner: 'public',
      query: {},
      columns: [FORMULA],
      orderBy: null,
      order: 'asc',
      pageSize: 50,
      units: {},
    } as const
    mount({ state: savedSearchStateSchema.parse(old) })
    await waitFor(() => expect(screen.getByTestId('widths')).toHaveTextContent('{}'))
  })

  it('refuses widths that are not whole pixels in a sane range', () => {
    const base = { owner: 'public', query: {}, columns: [], orderBy: null, order: 'asc' }
    const state = { ...base, pageSize: 50, units: {} }
    expect(savedSearchStateSchema.safeParse({ ...state, widths: { a: 12.5 } }).success).toBe(false)
    expect(savedSearchStateSchema.safeParse({ ...state, widths: { a: -3 } }).success).toBe(false)
    expect(savedSearchStateSchema.safeParse({ ...state, widths: { a: 180 } }).success).toBe(true)
  })
})
