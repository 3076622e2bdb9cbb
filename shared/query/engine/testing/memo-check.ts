import { compileQuery } from '../../evaluate'
import { normalizeQuery } from '../../normalize'
import type { QuantityCatalogue } from '../../quantities'
import { memoize } from '../memo-predicate'
import type { DocumentSource } from '../source'

/**
 * Runs a query memoised and plain over every document of a source: how many match, and the
 * documents on which the two disagree (none, if the source's shared parts are what it interns).
 */
export function memoCheck(
  source: DocumentSource,
  raw: unknown,
  catalogue: QuantityCatalogue,
): { hits: number; mismatches: number[] } {
  const query = normalizeQuery(raw, catalogue)
  const compiled = compileQuery(query, catalogue)
  const memo = memoize(query, compiled, source, catalogue)
  const out = { hits: 0, mismatches: [] as number[] }
  for (let i = 0; i < source.size; i++) {
    const doc = source.doc(i)
    const expected = compiled(doc)
    if (memo(i, doc) !== expected) out.mismatches.push(i)
    if (expected) out.hits++
  }
  return out
}

/**
 * One query of every kind the memo handles differently: shared parts alone and combined,
 * nested, upload-level, boolean operators, OPTIMADE, and per-entry fields (no memo).
 */
export function memoQueries(facts: { author: string; viewerId: string; mainfile: unknown }) {
  return [
    { 'results.material.elements': ['O', 'Ti'] },
    { 'results.method.simulation.program_name': 'VASP', 'results.material.n_elements:gte': 2 },
    { 'results.properties.electronic.band_gap.value': { gte: 1e-19, lte: 4e-19 } },
    { 'results.properties.geometry_optimization.final_energy_difference:lt': 1e-22 },
    { 'authors.name': facts.author, 'upload_create_time:gt': '2021-01-01' },
    { or: [{ published: false }, { 'results.material.symmetry.crystal_system': 'cubic' }] },
    { not: { 'viewers.user_id': facts.viewerId } },
    { optimade_filter: 'nelements >= 3 AND elements HAS "O"' },
    { 'entry_name.prefix': 'TiO2' },
    { mainfile: facts.mainfile },
    { 'results.properties.n_calculations:gt': 10, 'results.material.structural_type': 'bulk' },
  ]
}
