import { render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../../../../shared/api'
import { AppProviders } from '../../../app/providers'
import { createIpcClient } from '../../../ipc/client'
import { createFakeTransport } from '../../../test-support/fake-transport'
import { useLiveCount } from './use-live-count'

function Probe() {
  const [query, setQuery] = useState<JsonObject>({ 'results.material.elements': ['Ti'] })
  const count = useLiveCount('s1', 'visible', query, true)
  return (
    <>
      <span data-testid="total">{count.total ?? ''}</span>
      <span data-testid="optimade">{count.optimadeError ?? ''}</span>
      <button onClick={() => setQuery({ 'results.material.elements': ['O'] })}>O</button>
      <button onClick={() => setQuery({ optimade_filter: 'nelements >' })}>bad</button>
    </>
  )
}

describe('useLiveCount', () => {
  it('cancels the count of a query that newer input replaced, over IPC', async () => {
    const answers = new Map<string, (value: unknown) => void>()
    const fake = createFakeTransport({
      'search.count': (input) => {
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
        return { ok: true, value: { total: 42 } }
      },
    })
    render(
      <AppProviders client={createIpcClient(fake.transport)}>
        <Probe />
      </AppProviders>,
    )
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'search.count')).toHaveLength(1),
    )
    const first = fake.calls[0]?.callId
    screen.getByText('O').click()
    await waitFor(() => expect(screen.getByTestId('total')).toHaveTextContent('42'))
    expect(fake.cancels).toContain(first)

    screen.getByText('bad').click()
    await waitFor(() =>
      expect(screen.getByTestId('optimade')).toHaveTextContent(
        'Could not parse optimade filter: expected a value',
      ),
    )
  })
})
