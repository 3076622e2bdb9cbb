import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../../../../shared/api/json'
import { DEFAULT_CATALOGUE, normalizeQuery } from '../../../../shared/query'
import { unitHints, withoutIds } from './edit'
import { fromQuery } from './from-query'
import { newId } from './ids'
import { author, dates, elements, generic, groupOf, range, root, terms } from './test-builders'
import { toQuery } from './to-query'
import type { BuilderModel } from './types'

const PROGRAM = 'results.method.simulation.program_name'
const GAP = 'results.properties.electronic.band_gap.value'
const read = (q: JsonObject, hints?: Record<string, string>) =>
  withoutIds(fromQuery(q, DEFAULT_CATALOGUE, hints ? { unitHints: hints } : {}))
const same = (m: BuilderModel) => withoutIds(m)

/** A model using every input kind and every group operator. */
function everything(): BuilderModel {
  return root(
    elements(['Ti', 'O'], ['Fe']),
    terms(PROGRAM, ['VASP', 'exciting']),
    terms('results.material.symmetry.crystal_system', ['cubic'], 'none'),
    terms('results.method.method_name', ['DFT']),
    range(GAP, 'eV', { op: 'gt', value: 1 }, { op: 'lte', value: 3.5 }),
    range('results.material.n_elements', null, { op: 'gte', value: 2 }),
    dates('upload_create_time', { op: 'gt', value: '2020-01-01' }),
    author(['Ada Lovelace', 'Alan Turing']),
    generic('entry_id', 'range', [], { op: 'gte', value: 'a' }),
    generic('comment', 'equals', ['relaxed']),
    { kind: 'optimade', id: newId(), filter: 'nelements >= 2' },
    groupOf(
      'or',
      elements(['Na', 'Cl']),
      groupOf('and', terms(PROGRAM, ['FHI-aims']), elements(['H'])),
    ),
    groupOf('not', terms('results.material.structural_type', ['molecule / cluster'])),
    groupOf('and', generic('results.material.symmetry.space_group_number', 'any', [225, 227])),
    {
      kind: 'raw',
      id: newId(),
      query: { 'results.properties.electronic.band_gap': { type: 'direct', 'value:gte': 1e-19 } },
    },
  )
}

describe('fromQuery', () => {
  it('reads back every model toQuery writes (JSON round trip)', () => {
    const model = everything()
    const query = toQuery(model)
    expect(read(query, unitHints(model))).toEqual(same(model))
    // …and the query survives the trip unchanged, through text as the JSON view uses it.
    const text = JSON.stringify(query, null, 2)
    expect(toQuery(fromQuery(JSON.parse(text) as JsonObject, DEFAULT_CATALOGUE))).toEqual(query)
  })

  it('understands hand-written forms: suffixes, plain lists, scalars, inner objects', () => {
    expect(
      read({
        'results.material.elements': ['Ti', 'O'],
        [`${PROGRAM}:any`]: ['VASP'],
        'upload_create_time:gt': '2020-01-01',
        [`${GAP}:gte`]: 1.602176634e-19,
        'results.material.elements_exclusive': 'O Ti',
      }),
    ).toEqual(
      same(
        root(
          elements(['O', 'Ti'], [], true),
          terms(PROGRAM, ['VASP']),
          dates('upload_create_time', { op: 'gt', value: '2020-01-01' }),
          range(GAP, 'eV', { op: 'gte', value: 1 }),
        ),
      ),
    )
  })

  it('reads the server’s normalised echo ({name, value}, {prefix, query}) into the same model', () => {
    const model = root(
      elements(['Ti', 'O']),
      terms(PROGRAM, ['VASP']),
      range(GAP, 'eV', { op: 'gt', value: 1 }),
      dates('upload_create_time', { op: 'gt', value: '2020-01-01' }),
    )
    const echo = normalizeQuery(toQuery(model), DEFAULT_CATALOGUE) as unknown as JsonObject
    expect(echo).toHaveProperty('and')
    expect(toQuery(fromQuery(echo, DEFAULT_CATALOGUE))).toEqual({
      'results.material.elements': { all: ['Ti', 'O'] },
      // the echo writes a single value as {any: [...]}; toQuery writes it back as the value
      [PROGRAM]: 'VASP',
      [GAP]: { gt: 1.602176634e-19 },
      upload_create_time: { gt: '2020-01-01' },
    })
  })

  it('keeps the display unit the researcher chose, and falls back to the preferred one', () => {
    const q = toQuery(root(range(GAP, 'meV', { op: 'gt', value: 250 })))
    expect(read(q, { [GAP]: 'meV' })).toEqual(
      same(root(range(GAP, 'meV', { op: 'gt', value: 250 }))),
    )
    expect(read(q)).toEqual(same(root(range(GAP, 'eV', { op: 'gt', value: 0.25 }))))
    // A hint for another dimension is ignored.
    expect(read(q, { [GAP]: 'GPa' })).toEqual(
      same(root(range(GAP, 'eV', { op: 'gt', value: 0.25 }))),
    )
  })

  it('merges element criteria that mean one periodic table, and only those', () => {
    expect(
      read({
        and: [
          { 'results.material.elements': ['Ti'] },
          { 'results.material.elements:none': ['Fe'] },
          { 'results.material.elements': { all: ['O'] } },
        ],
      }),
    ).toEqual(same(root(elements(['Ti', 'O'], ['Fe']))))
    // "Exactly O Ti" implies "contains Ti": one criterion. It does not imply "contains Fe".
    expect(
      read({
        and: [
          { 'results.material.elements_exclusive': 'O Ti' },
          { 'results.material.elements': ['Ti'] },
        ],
      }),
    ).toEqual(same(root(elements(['O', 'Ti'], [], true))))
    expect(
      read({
        and: [
          { 'results.material.elements_exclusive': 'O Ti' },
          { 'results.material.elements': ['Fe'] },
        ],
      }),
    ).toEqual(same(root(elements(['O', 'Ti'], [], true), elements(['Fe']))))
  })

  it('keeps what it cannot show as raw rows, so nothing is lost', () => {
    const cases: JsonObject[] = [
      { 'results.properties.electronic.band_gap': { type: 'direct', 'value:gte': 1e-19 } },
      { and: [{ entry_id: 'a' }], upload_id: 'ignored by the server' },
      { 'results.method': { 'simulation.program_name': 'VASP' } },
      {
        prefix: 'results.properties.electronic.band_gap',
        query: {
          and: [
            { name: 'type', value: 'direct' },
            { name: 'value', value: { gt: 1 } },
          ],
        },
      },
      { 'no.such.quantity': 1 },
    ]
    for (const query of cases) {
      const model = fromQuery(query, DEFAULT_CATALOGUE)
      expect(model.children).toHaveLength(1)
      expect(model.children[0]).toMatchObject({ kind: 'raw', query })
      expect(toQuery(model)).toEqual(query)
    }
  })

  it('numbers without a range and text quantities become generic rows', () => {
    expect(read({ 'results.material.n_elements': 2, comment: 'relax' })).toEqual(
      same(
        root(
          generic('results.material.n_elements', 'equals', [2]),
          generic('comment', 'equals', ['relax']),
        ),
      ),
    )
    expect(read({ 'results.material.n_elements': { any: [2, 3] } })).toEqual(
      same(root(generic('results.material.n_elements', 'any', [2, 3]))),
    )
  })

  it('reads OR alternatives that are several conditions as AND groups', () => {
    expect(
      read({
        or: [{ [PROGRAM]: 'VASP', 'results.material.n_elements:lt': 3 }, { [PROGRAM]: 'exciting' }],
      }),
    ).toEqual(
      same(
        root(
          groupOf(
            'or',
            groupOf(
              'and',
              terms(PROGRAM, ['VASP']),
              range('results.material.n_elements', null, null, { op: 'lt', value: 3 }),
            ),
            terms(PROGRAM, ['exciting']),
          ),
        ),
      ),
    )
  })

  it('an empty or missing query is an empty builder', () => {
    expect(read({})).toEqual(same(root()))
    expect(withoutIds(fromQuery(undefined, DEFAULT_CATALOGUE))).toEqual(same(root()))
  })
})
