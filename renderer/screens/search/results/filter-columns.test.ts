import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE } from '../../../../shared/query/quantities'
import { emptyModel, ELEMENTS, type BuilderModel } from '../model'
import { filteredQuantities, missingFilterColumns } from './filter-columns'

const GAP = 'results.properties.electronic.band_gap.value'
const PROGRAM = 'results.method.simulation.program_name'

function model(): BuilderModel {
  return {
    ...emptyModel(),
    children: [
      { kind: 'elements', id: 'e', include: ['Ti'], exclude: [], only: false },
      {
        kind: 'range',
        id: 'r',
        quantity: GAP,
        unit: 'eV',
        lower: { op: 'gt', value: 1 },
        upper: null,
      },
      {
        kind: 'group',
        id: 'g',
        op: 'or',
        children: [{ kind: 'terms', id: 't', quantity: PROGRAM, op: 'any', values: ['VASP'] }],
      },
      { kind: 'optimade', id: 'o', filter: 'nelements=2' },
    ],
  }
}

describe('filter columns', () => {
  it('names every quantity filtered on, nested groups included, each once', () => {
    expect(filteredQuantities(model())).toEqual([ELEMENTS, GAP, PROGRAM])
  })

  it('offers the filtered quantities the table does not show (band gap filtered → band gap)', () => {
    expect(DEFAULT_CATALOGUE.has(GAP)).toBe(true)
    expect(missingFilterColumns(model(), [PROGRAM, ELEMENTS], DEFAULT_CATALOGUE)).toEqual([GAP])
    expect(missingFilterColumns(model(), [PROGRAM, ELEMENTS, GAP], DEFAULT_CATALOGUE)).toEqual([])
  })

  it('offers nothing for a quantity the catalogue does not know', () => {
    const unknown: BuilderModel = {
      ...emptyModel(),
      children: [
        { kind: 'terms', id: 't', quantity: 'no.such.quantity', op: 'any', values: ['x'] },
      ],
    }
    expect(missingFilterColumns(unknown, [], DEFAULT_CATALOGUE)).toEqual([])
  })
})
