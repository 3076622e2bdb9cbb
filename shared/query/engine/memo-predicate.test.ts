import { describe, expect, it } from 'vitest'
import { compileQuery } from '../evaluate'
import { normalizeQuery } from '../normalize'
import { DEFAULT_CATALOGUE } from '../quantities'
import { memoize } from './memo-predicate'
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
      const query = normalizeQuery(raw, DEFAULT_CATALOGUE)
      const compiled = compileQuery(query, DEFAULT_CATALOGUE)
      const memo = memoize(query, compiled, source, DEFAULT_CATALOGUE)
      let hits = 0
      source.docs.forEach((doc, i) => {
        const expected = compiled(doc)
        expect(memo(i, doc), JSON.stringify(raw)).toBe(expected)
        if (expected) hits++
      })
      expect(hits, JSON.stringify(raw)).toBeGreaterThan(0)
    }
  })

  it('follows upload edits (upload-level parts change identity, the version changes)', () => {
    const query = normalizeQuery({ 'viewers.user_id': 'u-extra' }, DEFAULT_CATALOGUE)
    const compiled = compileQuery(query, DEFAULT_CATALOGUE)
    const count = () => {
      const memo = memoize(query, compiled, source, DEFAULT_CATALOGUE)
      return source.docs.filter((doc, i) => memo(i, doc)).length
    }
    const before = count()
    const upload = 3
    source.editUpload(upload, {
      viewers: [...source.uploads[upload]!.viewers, { user_id: 'u-extra', name: 'Extra' }],
    })
    expect(count()).toBe(before + source.docsOf(upload).length)
  })
})
