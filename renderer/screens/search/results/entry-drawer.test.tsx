import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '../../../app/providers'
import { createIpcClient } from '../../../ipc/client'
import { createFakeTransport } from '../../../test-support/fake-transport'
import { EntryDrawer } from './entry-drawer'
import { formulaGroups } from './formula-conventions'

/** A perovskite as NOMAD stores it: the conventions disagree on the order of the elements. */
const MATERIAL = {
  chemical_formula_descriptive: 'CsPbI3',
  chemical_formula_reduced: 'CsI3Pb',
  chemical_formula_hill: 'CsI3Pb',
  chemical_formula_iupac: 'CsPbI3',
  chemical_formula_anonymous: 'A3BC',
}

function open(material: Record<string, string>) {
  const fake = createFakeTransport({
    'search.entry': () => ({
      ok: true,
      value: { entry: { entry_id: 'e1', results: { material } } },
    }),
  })
  render(
    <AppProviders client={createIpcClient(fake.transport)}>
      <EntryDrawer serverId="s1" entryId="e1" onClose={() => {}} />
    </AppProviders>,
  )
}

describe('entry drawer formulas', () => {
  it('names the convention of the title and of every formula it shows', async () => {
    open(MATERIAL)
    expect(await screen.findByTestId('drawer-title-convention')).toHaveTextContent(
      'descriptive formula',
    )
    expect(screen.getByTestId('drawer-title')).toHaveTextContent('CsPbI3')
    const field = screen.getByTestId('drawer-formula')
    const lines = within(field)
      .getAllByTestId('drawer-formula-value')
      .map((value) => `${value.textContent} ${value.nextElementSibling?.textContent ?? ''}`)
    expect(lines).toEqual(['CsPbI3 Descriptive, IUPAC', 'CsI3Pb Reduced, Hill', 'A3BC Anonymous'])
  })

  it('says which convention the title uses when the descriptive one is missing', async () => {
    open({ chemical_formula_hill: 'O2Ti', chemical_formula_reduced: 'O2Ti' })
    expect(await screen.findByTestId('drawer-title-convention')).toHaveTextContent(
      'reduced formula',
    )
    expect(screen.getByTestId('drawer-title')).toHaveTextContent('O2Ti')
  })

  it('groups by value and skips missing or empty fields', () => {
    expect(formulaGroups({ chemical_formula_hill: 'H2O', chemical_formula_iupac: '' })).toEqual([
      expect.objectContaining({ value: 'H2O' }),
    ])
    expect(formulaGroups(null)).toEqual([])
  })
})
