import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE } from '../../../shared/query'
import { memoCheck } from '../../../shared/query/engine/testing/memo-check'
import { DEMO_USERS } from '../data/users'
import { DataStore } from '../state/data-store'
import { entrySource } from './entry-source'

const store = new DataStore({
  entries: 1500,
  seed: 9,
  largeFileBytes: 1024,
  nameOf: (id) => DEMO_USERS.find((u) => u.user_id === id)?.name ?? id,
})

const source = entrySource(store)

/**
 * The sandbox's shared parts (entry-source.ts) must name what entry-doc.ts really interns: the
 * memoised predicate must agree with the plain one on every entry, for every kind of query.
 */
const QUERIES: unknown[] = [
  { 'results.material.elements': ['O', 'Ti'] },
  { 'results.method.simulation.program_name': 'VASP', 'results.material.n_elements:gte': 2 },
  { 'results.properties.electronic.band_gap.value': { gte: 1e-19, lte: 4e-19 } },
  { 'results.properties.geometry_optimization.final_energy_difference:lt': 1e-22 },
  { 'authors.name': 'Lena Hoffmann', 'upload_create_time:gt': '2021-01-01' },
  { or: [{ published: false }, { 'results.material.symmetry.crystal_system': 'cubic' }] },
  { not: { 'viewers.user_id': 'd0c54230-9148-4279-b118-0a7183119f69' } },
  { optimade_filter: 'nelements >= 3 AND elements HAS "O"' },
  { 'entry_name.prefix': 'TiO2' },
  { mainfile: store.docs[10]!.mainfile },
  { 'results.properties.n_calculations:gt': 10, 'results.material.structural_type': 'bulk' },
]

describe('the sandbox entry source memoised by the engine', () => {
  it('gives the same answers as the compiled query for every entry', () => {
    for (const raw of QUERIES) {
      const { hits, mismatches } = memoCheck(source, raw, DEFAULT_CATALOGUE)
      expect(mismatches, JSON.stringify(raw)).toEqual([])
      expect(hits, JSON.stringify(raw)).toBeGreaterThan(0)
    }
  })

  it('follows membership edits (upload-level parts change identity)', () => {
    const count = () =>
      memoCheck(
        source,
        { 'viewers.user_id': 'b98d9e83-1599-43bf-b142-ac641b668bff' },
        DEFAULT_CATALOGUE,
      ).hits
    const before = count()
    const upload = store.uploads.find(
      (u) =>
        !u.coauthors.includes('b98d9e83-1599-43bf-b142-ac641b668bff') &&
        u.main_author !== 'b98d9e83-1599-43bf-b142-ac641b668bff',
    )!
    store.updateMembers(upload.index, {
      reviewers: [...upload.reviewers, 'b98d9e83-1599-43bf-b142-ac641b668bff'],
    })
    expect(count()).toBe(before + upload.entryCount)
  })
})
