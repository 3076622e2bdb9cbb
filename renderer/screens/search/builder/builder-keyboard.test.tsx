import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE } from '../../../../shared/query/quantities'
import { AppProviders } from '../../../app/providers'
import { createIpcClient } from '../../../ipc/client'
import { createFakeTransport } from '../../../test-support/fake-transport'
import { toQuery, type BuilderModel } from '../model'
import { AdvancedSection } from './advanced-section'
import { ElementsSection } from './elements-section'
import { FacetScopeProvider } from './facet-scope'

const EMPTY: BuilderModel = { kind: 'group', id: 'root', op: 'and', children: [] }

/** The builder's sections on a live model; the query it makes is printed for the assertions. */
function Probe({ start, elements }: { start: BuilderModel; elements: boolean }) {
  const [model, setModel] = useState<BuilderModel>(start)
  return (
    <FacetScopeProvider value={{ serverId: 's1', owner: 'visible', query: {} }}>
      <button type="button">before</button>
      {elements && <ElementsSection model={model} onChange={setModel} counts={undefined} />}
      <AdvancedSection model={model} onChange={setModel} catalogue={DEFAULT_CATALOGUE} />
      <output data-testid="query">{JSON.stringify(toQuery(model))}</output>
    </FacetScopeProvider>
  )
}

function setup(start: BuilderModel = EMPTY, elements = false) {
  const fake = createFakeTransport({
    'search.aggregations': () => ({ ok: true, value: { total: 0, facets: {} } }),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <Probe start={start} elements={elements} />
    </AppProviders>,
  )
  screen.getByText('before').focus()
  return userEvent.setup({ delay: null })
}

/** A group holding one "comment equals" row, as "Empty row with operator" makes it. */
const WITH_ROW: BuilderModel = {
  ...EMPTY,
  children: [
    {
      kind: 'group',
      id: 'g1',
      op: 'and',
      children: [
        {
          kind: 'generic',
          id: 'c1',
          quantity: 'comment',
          op: 'equals',
          values: [],
          lower: null,
          upper: null,
        },
      ],
    },
  ],
}

const query = () => JSON.parse(screen.getByTestId('query').textContent ?? '{}') as unknown
const focused = () => document.activeElement as HTMLElement
const byTestId = (id: string) => (el: HTMLElement) => el.dataset.testid === id

/** Presses Tab until `match` holds for the focused element, as a keyboard user would. */
const tabber =
  (user: ReturnType<typeof userEvent.setup>) => async (match: (el: HTMLElement) => boolean) => {
    for (let i = 0; i < 40 && !match(focused()); i++) await user.tab()
    expect(match(focused())).toBe(true)
  }

describe('the query builder from the keyboard alone', () => {
  it('picks elements in the periodic table with the arrow keys, Enter and Space', async () => {
    const user = setup(EMPTY, true)
    await user.tab()
    expect(focused()).toHaveAttribute('data-symbol', 'H')
    // H ↓ Li ↓ Na ↓ K, then → Ca → Sc → Ti.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}')
    expect(focused()).toHaveAttribute('data-symbol', 'Ti')
    await user.keyboard('{Enter}')
    expect(query()).toEqual({ 'results.material.elements': { all: ['Ti'] } })
    await user.keyboard('{ArrowRight} ')
    expect(focused()).toHaveAttribute('data-symbol', 'V')
    await user.keyboard(' ')
    expect(query()).toEqual({
      and: [
        { 'results.material.elements': { all: ['Ti'] } },
        { 'results.material.elements': { none: ['V'] } },
      ],
    })
    // One Tab leaves the table for "only these elements".
    await user.tab()
    expect(focused()).toHaveAttribute('data-testid', 'elements-only')
    await user.keyboard(' ')
    expect(query()).toEqual({ 'results.material.elements_exclusive': 'Ti' })
  })

  it('adds a condition from the quantity picker and a group from its menu', async () => {
    const user = setup()
    const tabTo = tabber(user)
    // "Condition": Enter opens the quantity picker with the focus in its search field.
    await tabTo(byTestId('add-root-condition'))
    await user.keyboard('{Enter}')
    await waitFor(() => expect(focused()).toHaveAttribute('data-testid', 'add-root-quantity'))
    await user.paste('space group symbol')
    await user.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(screen.getAllByTestId('criterion-row')).toHaveLength(1))
    // The picker closed; the focus is back on the button that opened it.
    expect(focused()).toHaveAttribute('data-testid', 'add-root-condition')

    // "Group": a menu, arrows and Enter.
    await user.tab()
    expect(focused()).toHaveAttribute('data-testid', 'add-root-group')
    await user.keyboard('{Enter}')
    await screen.findByRole('menu', { hidden: true })
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(focused()).toHaveAttribute('data-testid', 'add-root-group-or'))
    await user.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(screen.getAllByTestId('group-editor')).toHaveLength(1))
    expect(screen.getByTestId('group-editor')).toHaveAttribute('data-op', 'and')
    expect(focused()).toHaveAttribute('data-testid', 'add-root-group')
  })

  it('picks a row’s operator from its list, switches a bound and removes rows and groups', async () => {
    const user = setup(WITH_ROW)
    const tabTo = tabber(user)
    await tabTo(byTestId('generic-op'))
    // equals → any of → all of → none of → in range
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}')
    await waitFor(() => expect(screen.getByTestId('generic-op')).toHaveValue('in range'))
    await tabTo((el) => el.getAttribute('aria-label') === 'Operator: at least')
    await user.keyboard('{Enter}')
    expect(focused()).toHaveAttribute('aria-label', 'Operator: greater than')
    await user.tab()
    await user.keyboard('abc')
    expect(query()).toEqual({ and: [{ and: [{ comment: { gt: 'abc' } }] }] })

    // Remove: the focus moves to the group's "Condition" instead of falling out of the page.
    await tabTo((el) => el.getAttribute('aria-label') === 'Remove condition')
    await user.keyboard('{Enter}')
    expect(screen.queryByTestId('criterion-row')).toBeNull()
    expect(focused()).toHaveAttribute('data-testid', 'add-in-1-condition')
    // The group's operator: its switch is one stop, the arrow keys choose.
    await user.tab({ shift: true })
    expect(focused()).toHaveAttribute('aria-label', 'Remove group')
    await user.tab({ shift: true })
    await user.keyboard('{ArrowRight}')
    expect(screen.getByTestId('group-editor')).toHaveAttribute('data-op', 'or')
    await user.tab()
    await user.keyboard('{Enter}')
    expect(screen.queryByTestId('group-editor')).toBeNull()
    expect(focused()).toHaveAttribute('data-testid', 'add-root-condition')
  })
})
