import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE, normalizeQuery } from '../../../../shared/query'
import { newId } from './ids'
import { author, dates, elements, generic, groupOf, range, root, terms } from './test-builders'
import { toQuery } from './to-query'

const PROGRAM = 'results.method.simulation.program_name'
const GAP = 'results.properties.electronic.band_gap.value'
const EV = 1.602176634e-19

describe('toQuery, one input kind at a time', () => {
  it('gives {} for an empty model and leaves out criteria that are still empty', () => {
    expect(toQuery(root())).toEqual({})
    expect(
      toQuery(root(elements([]), terms(PROGRAM, []), range(GAP, 'eV', null), author([' ']))),
    ).toEqual({})
  })

  it('elements: required, excluded (a second mapping, as a quantity appears once per mapping) and only-these', () => {
    expect(toQuery(root(elements(['Ti', 'O'])))).toEqual({
      'results.material.elements': { all: ['Ti', 'O'] },
    })
    expect(toQuery(root(elements(['Ti'], ['Fe', 'Co'])))).toEqual({
      and: [
        { 'results.material.elements': { all: ['Ti'] } },
        { 'results.material.elements': { none: ['Fe', 'Co'] } },
      ],
    })
    expect(toQuery(root(elements([], ['Pb'])))).toEqual({
      'results.material.elements': { none: ['Pb'] },
    })
    // Sorted and space-separated, as the index stores elements_exclusive; exclusions are implied.
    expect(toQuery(root(elements(['Ti', 'O'], ['Fe'], true)))).toEqual({
      'results.material.elements_exclusive': 'O Ti',
    })
  })

  it('terms: one value as itself, several with any/all/none', () => {
    expect(toQuery(root(terms(PROGRAM, ['VASP'])))).toEqual({ [PROGRAM]: 'VASP' })
    expect(toQuery(root(terms(PROGRAM, ['VASP', 'exciting'])))).toEqual({
      [PROGRAM]: { any: ['VASP', 'exciting'] },
    })
    expect(
      toQuery(root(terms('results.material.functional_type', ['semiconductor'], 'all'))),
    ).toEqual({ 'results.material.functional_type': { all: ['semiconductor'] } })
    expect(
      toQuery(root(terms('results.material.symmetry.crystal_system', ['cubic'], 'none'))),
    ).toEqual({ 'results.material.symmetry.crystal_system': { none: ['cubic'] } })
  })

  it('ranges convert the display unit to the SI value the index stores', () => {
    expect(toQuery(root(range(GAP, 'eV', { op: 'gt', value: 1 })))).toEqual({
      [GAP]: { gt: EV },
    })
    const q = toQuery(
      root(range(GAP, 'meV', { op: 'gte', value: 500 }, { op: 'lte', value: 1500 })),
    )
    const bounds = q[GAP] as { gte: number; lte: number }
    expect(bounds.gte).toBeCloseTo(0.5 * EV, 30)
    expect(bounds.lte).toBeCloseTo(1.5 * EV, 30)
    expect(
      toQuery(root(range('results.material.n_elements', null, null, { op: 'lt', value: 3 }))),
    ).toEqual({ 'results.material.n_elements': { lt: 3 } })
  })

  it('dates keep the typed text', () => {
    expect(
      toQuery(
        root(
          dates(
            'upload_create_time',
            { op: 'gt', value: '2020-01-01' },
            { op: 'lte', value: '2023-06-30T12:00:00' },
          ),
        ),
      ),
    ).toEqual({ upload_create_time: { gt: '2020-01-01', lte: '2023-06-30T12:00:00' } })
  })

  it('authors: one name or any/all of several', () => {
    expect(toQuery(root(author(['Ada Lovelace'])))).toEqual({ 'authors.name': 'Ada Lovelace' })
    expect(toQuery(root(author(['A B', 'C D'], 'all')))).toEqual({
      'authors.name': { all: ['A B', 'C D'] },
    })
  })

  it('generic rows: equals, any, all, none and ranges on any quantity', () => {
    expect(toQuery(root(generic('entry_id', 'equals', ['abc'])))).toEqual({ entry_id: 'abc' })
    expect(toQuery(root(generic('upload_id', 'any', ['u1', 'u2'])))).toEqual({
      upload_id: { any: ['u1', 'u2'] },
    })
    expect(toQuery(root(generic('quantities', 'all', ['a', 'b'])))).toEqual({
      quantities: { all: ['a', 'b'] },
    })
    expect(toQuery(root(generic('upload_id', 'none', ['u3'])))).toEqual({
      upload_id: { none: ['u3'] },
    })
    expect(
      toQuery(
        root(generic('entry_id', 'range', [], { op: 'gte', value: 'a' }, { op: 'lt', value: 'b' })),
      ),
    ).toEqual({ entry_id: { gte: 'a', lt: 'b' } })
  })

  it('OPTIMADE filters and raw JSON rows go in as written', () => {
    expect(toQuery(root({ kind: 'optimade', id: newId(), filter: ' nelements >= 2 ' }))).toEqual({
      optimade_filter: 'nelements >= 2',
    })
    const raw = { 'results.properties.electronic.band_gap': { type: 'direct', 'value:gte': 1e-19 } }
    expect(toQuery(root({ kind: 'raw', id: newId(), query: raw }))).toEqual(raw)
    expect(
      toQuery(root(terms(PROGRAM, ['VASP']), { kind: 'raw', id: newId(), query: raw })),
    ).toEqual({
      and: [{ [PROGRAM]: 'VASP' }, raw],
    })
  })

  it('groups: OR of alternatives, NOT of the AND of its children, nested AND kept as a group', () => {
    const model = root(
      groupOf('or', elements(['Na', 'Cl']), elements(['H', 'O'])),
      groupOf('not', terms('results.material.symmetry.crystal_system', ['cubic'])),
      groupOf(
        'and',
        terms(PROGRAM, ['VASP']),
        range('results.material.n_elements', null, { op: 'gte', value: 2 }),
      ),
    )
    expect(toQuery(model)).toEqual({
      and: [
        {
          or: [
            { 'results.material.elements': { all: ['Na', 'Cl'] } },
            { 'results.material.elements': { all: ['H', 'O'] } },
          ],
        },
        { not: { 'results.material.symmetry.crystal_system': 'cubic' } },
        { and: [{ [PROGRAM]: 'VASP', 'results.material.n_elements': { gte: 2 } }] },
      ],
    })
    // Empty groups vanish instead of producing {or: []} (which would match everything).
    expect(toQuery(root(groupOf('or'), groupOf('not', elements([]))))).toEqual({})
  })

  it('the example from the issue is one flat mapping the server accepts', () => {
    const q = toQuery(
      root(
        elements(['Ti', 'O']),
        terms(PROGRAM, ['VASP']),
        range(GAP, 'eV', { op: 'gt', value: 1 }),
        dates('upload_create_time', { op: 'gt', value: '2020-01-01' }),
      ),
    )
    expect(q).toEqual({
      'results.material.elements': { all: ['Ti', 'O'] },
      [PROGRAM]: 'VASP',
      [GAP]: { gt: EV },
      upload_create_time: { gt: '2020-01-01' },
    })
    expect(() => normalizeQuery(q, DEFAULT_CATALOGUE)).not.toThrow()
  })
})
