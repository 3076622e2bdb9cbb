/**
 * Builder models whose queries and server echoes are pinned in echo-cases.pinned.ts. The renderer test
 * checks toQuery and normalizeQuery against the file; electron/core/search/builder-echo.int.test.ts
 * posts the same queries to the sandbox and checks its echo against the same file, so together
 * they prove normalizeQuery(toQuery(model)) equals what the server echoes.
 */
import { newId } from './ids'
import { author, dates, elements, generic, groupOf, range, root, terms } from './test-builders'
import type { BuilderModel } from './types'

const PROGRAM = 'results.method.simulation.program_name'
const GAP = 'results.properties.electronic.band_gap.value'

export const ECHO_CASES: Record<string, () => BuilderModel> = {
  empty: () => root(),
  issueExample: () =>
    root(
      elements(['Ti', 'O']),
      terms(PROGRAM, ['VASP']),
      range(GAP, 'eV', { op: 'gt', value: 1 }),
      dates('upload_create_time', { op: 'gt', value: '2020-01-01' }),
    ),
  elementsExcluded: () => root(elements(['Ti'], ['Fe', 'Co'])),
  elementsOnly: () => root(elements(['Ti', 'O'], [], true)),
  terms: () =>
    root(
      terms(PROGRAM, ['VASP', 'exciting']),
      terms('results.material.symmetry.crystal_system', ['cubic'], 'none'),
      terms('results.material.functional_type', ['semiconductor'], 'all'),
    ),
  ranges: () =>
    root(
      range(GAP, 'meV', { op: 'gte', value: 500 }, { op: 'lt', value: 2500 }),
      range('results.material.n_elements', null, null, { op: 'lte', value: 3 }),
      dates(
        'upload_create_time',
        { op: 'gte', value: '2019-01-01' },
        { op: 'lt', value: '2024-01-01T00:00:00' },
      ),
    ),
  authors: () => root(author(['Ada Lovelace', 'Alan Turing'])),
  generic: () =>
    root(
      generic('entry_id', 'range', [], { op: 'gt', value: 'a' }),
      generic('results.material.symmetry.space_group_number', 'any', [225, 227]),
      generic('comment', 'equals', ['relaxed']),
    ),
  optimade: () =>
    root({ kind: 'optimade', id: newId(), filter: 'nelements >= 2 AND elements HAS "O"' }),
  groups: () =>
    root(
      groupOf(
        'or',
        elements(['Na', 'Cl']),
        groupOf('and', terms(PROGRAM, ['FHI-aims']), elements(['H'])),
      ),
      groupOf('not', terms('results.material.structural_type', ['molecule / cluster'])),
      groupOf('and', terms('results.method.method_name', ['DFT'])),
    ),
  raw: () =>
    root(terms(PROGRAM, ['VASP']), {
      kind: 'raw',
      id: newId(),
      query: { 'results.properties.electronic.band_gap': { type: 'direct', 'value:gte': 1e-19 } },
    }),
}
