import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { JsonObject } from '../../../../shared/api'
import type { IpcResult } from '../../../../shared/ipc/result'
import { DEFAULT_CATALOGUE } from '../../../../shared/query/quantities'
import { AppProviders } from '../../../app/providers'
import { createIpcClient } from '../../../ipc/client'
import { createFakeTransport } from '../../../test-support/fake-transport'
import type { GenericCriterion, GenericOp } from '../model'
import { FacetScopeProvider } from './facet-scope'
import { GenericCriterionEditor } from './generic-criterion'
import { forgetRefusedQuantities } from './use-value-suggestions'

const SPACE_GROUP = 'results.material.symmetry.space_group_symbol'
const QUERY: JsonObject = { 'results.material.elements': { all: ['Ti'] } }

function Probe({ quantity, op, query }: { quantity: string; op: GenericOp; query: JsonObject }) {
  const [criterion, setCriterion] = useState<GenericCriterion>({
    kind: 'generic',
    id: 'c1',
    quantity,
    op,
    values: [],
    lower: null,
    upper: null,
  })
  return (
    <FacetScopeProvider value={{ serverId: 's1', owner: 'visible', query }}>
      <GenericCriterionEditor
        criterion={criterion}
        catalogue={DEFAULT_CATALOGUE}
        onChange={setCriterion}
      />
      <output data-testid="values">{JSON.stringify(criterion.values)}</output>
    </FacetScopeProvider>
  )
}

function setup(
  answer: () => IpcResult<unknown>,
  props: { quantity: string; op: GenericOp; query?: JsonObject },
) {
  const fake = createFakeTransport({ 'search.aggregations': answer })
  const client = createIpcClient(fake.transport)
  const ui = (query: JsonObject) => (
    <AppProviders client={client}>
      <Probe quantity={props.quantity} op={props.op} query={query} />
    </AppProviders>
  )
  const view = render(ui(props.query ?? QUERY))
  const requests = () =>
    fake.calls
      .filter((c) => c.channel === 'search.aggregations')
      .map((c) => c.input as { query: JsonObject; facets: unknown[] })
  return { fake, requests, rerender: (query: JsonObject) => view.rerender(ui(query)) }
}

afterEach(() => forgetRefusedQuantities())

describe('GenericCriterionEditor on an enum or string quantity', () => {
  it('suggests the values with counts from a terms aggregation under the builder query', async () => {
    const { requests } = setup(
      () => ({
        ok: true,
        value: {
          total: 1290,
          facets: {
            [SPACE_GROUP]: [
              { value: 'Fm-3m', count: 1234 },
              { value: 'P4/mmm', count: 56 },
            ],
          },
        },
      }),
      { quantity: SPACE_GROUP, op: 'any' },
    )
    await waitFor(() => expect(requests()).toHaveLength(1))
    expect(requests()[0]).toEqual({
      serverId: 's1',
      owner: 'visible',
      query: QUERY,
      facets: [{ quantity: SPACE_GROUP, size: 50, excludeFromSearch: true }],
    })
    // jsdom never finishes Mantine's dropdown transition, so the options count as hidden.
    const user = userEvent.setup()
    await user.click(screen.getByTestId('generic-values'))
    const option = await screen.findByRole('option', { name: /Fm-3m/, hidden: true })
    expect(within(option).getByTestId('suggestion-count').textContent).toBe('1\u00a0234')
    await user.click(option)
    expect(screen.getByTestId('values')).toHaveTextContent('["Fm-3m"]')
  })

  it('falls back to free text, quietly, when the server refuses to aggregate the quantity', async () => {
    const { requests, rerender } = setup(
      () => ({
        ok: false,
        error: {
          code: 'invalid_input',
          message: 'The aggregation quantity cannot be used in a terms aggregation.',
        },
      }),
      { quantity: SPACE_GROUP, op: 'equals' },
    )
    await waitFor(() => expect(requests()).toHaveLength(1))
    const user = userEvent.setup()
    await user.type(screen.getByTestId('generic-value'), 'Fd-3m')
    expect(screen.getByTestId('values')).toHaveTextContent('["Fd-3m"]')
    expect(screen.queryByText(/cannot be used/)).toBeNull()
    // The refusal is remembered: a changed query does not ask again.
    rerender({ 'results.material.elements': { all: ['O'] } })
    await new Promise((done) => setTimeout(done, 300))
    expect(requests()).toHaveLength(1)
  })

  it('does not ask for quantities the catalogue says cannot be aggregated', async () => {
    const { requests } = setup(() => ({ ok: true, value: { total: 0, facets: {} } }), {
      quantity: 'comment',
      op: 'equals',
    })
    const user = userEvent.setup()
    await user.type(screen.getByTestId('generic-value'), 'relaxed')
    expect(screen.getByTestId('values')).toHaveTextContent('["relaxed"]')
    expect(requests()).toHaveLength(0)
  })
})
