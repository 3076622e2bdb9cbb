import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE } from '../quantities'
import { memoCheck } from './testing/memo-check'
import { sampleSource } from './testing/sample-source'

const source = sampleSource(1500, 9)

/** The memoised predicate must agree with the plain one on every entry, for every kind of query. */
const QUERIES: unknown[] = [
  { 'results.material.elements': ['O', 'Ti'] },
  { 'results.method.simulation.program_name': 'VASP', 'results.material.n_elements:gte': 2 },
  { 'results.properties.electronic.band_gap.value': { gte: 1e-19, lte: 4e-19 } },
  { 'results.properties.geometry_optimization.final_energy_difference:lt': 1e-22 },
  { 'authors.name': 'Lena Hoffmann', 'upload_create_time:gt': '2021-01-01' },
  { or: [{ published: false }, { 'results.material.symmetry.crystal_system': 'cubic' }] },
  { not: { 'viewers.user_id': 'u-omar' } },
  { optimade_filter: 'nelements >= 3 AND elements HAS "O"' },
  { 'entry_name.prefix': 'TiO2' },
  { mainfile: source.docs[10]!.mainfile },
  { 'results.properties.n_calculations:gt': 10, 'results.material.structural_type': 'bulk' },
]

describe('memoize', () => {
  it('gives the same answers as the compiled query for every entry', () => {
    for (const raw of QUERIES) {
      const { hits, mismatches } = memoCheck(source, raw, DEFAULT_CATALOGUE)
      expect(mismatches, JSON.stringify(raw)).toEqual([])
      expect(hits, JSON.stringify(raw)).toBeGreaterThan(0)
    }
  })

  it('follows upload edits (upload-level parts change identity, the version changes)', () => {
    const count = () => memoCheck(source, { 'viewers.user_id': 'u-extra' }, DEFAULT_CATALOGUE).hits
    const before = count()
    const upload = 3
    source.editUpload(upload, {
      viewers: [...source.uploads[upload]!.viewers, { user_id: 'u-extra', name: 'Extra' }],
    })
    expect(count()).toBe(before + source.docsOf(upload).length)
  })
})
