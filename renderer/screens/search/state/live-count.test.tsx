import { render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../../../../shared/api'
import { AppProviders } from '../../../app/providers'
import { createIpcClient } from '../../../ipc/client'
import { createFakeTransport } from '../../../test-support/fake-transport'
import { useFacets } from '../builder/use-facets'
import { emptyModel } from '../model/edit'
import { liveCountOf } from './live-count'

function Probe() {
  const [query, setQuery] = useState<JsonObject>({ 'results.material.elements': ['Ti'] })
  const count = liveCountOf(useFacets('s1', 'visible', query, emptyModel(), true))
  return (
    <>
      <span data-testid="total">{count.current ? count.total : ''}</span>
      <span data-testid="optimade">{count.optimadeError ?? ''}</span>
      <button onClick={() => setQuery({ 'results.material.elements': ['O'] })}>O</button>
      <button onClick={() => setQuery({ optimade_filter: 'nelements >' })}>bad</button>
    </>
  )
}

describe('liveCountOf', () => {
  it('counts a draft from its facet counts: one request per query, the superseded one cancelled', async () => {
    const answers = new Map<string, (value: unknown) => void>()
    const fake = createFakeTransport({
      'search.aggregations': (input) => {
        const query = (input as { query: JsonObject }).query
        if ('optimade_filter' in query)
          return {
            ok: false,
            error: {
              code: 'invalid_input',
              message: 'The server did not accept POST /entries/query: …',
              details: {
                path: ['optimade_filter'],
                serverMessage: 'optimade_filter: Could not parse optimade filter: expected a value',
              },
            },
          }
        // Ti never answers (a slow server); O answers at once.
        if (JSON.stringify(query).includes('Ti'))
          return new Promise((resolve) => answers.set('Ti', resolve as (v: unknown) => void))
        return { ok: true, value: { total: 42, facets: {} } }
      },
    })
    render(
      <AppProviders client={createIpcClient(fake.transport)}>
        <Probe />
      </AppProviders>,
    )
    await waitFor(() => expect(fake.calls).toHaveLength(1))
    const first = fake.calls[0]?.callId
    screen.getByText('O').click()
    await waitFor(() => expect(screen.getByTestId('total')).toHaveTextContent('42'))
    expect(fake.cancels).toContain(first)
    // The count did not cost a request of its own.
    expect(fake.calls.map((c) => c.channel)).toEqual(['search.aggregations', 'search.aggregations'])

    screen.getByText('bad').click()
    await waitFor(() =>
      expect(screen.getByTestId('optimade')).toHaveTextContent(
        'Could not parse optimade filter: expected a value',
      ),
    )
  })
})
