import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE, normalizeQuery } from '../../../shared/query'
import {
  ALL_DOCUMENTS,
  aggregateSearch,
  QueryEngine,
  type SearchScope,
} from '../../../shared/query/engine'
import { memoQueries } from '../../../shared/query/engine/testing/memo-check'
import { DEMO_USERS } from '../data/users'
import { DataStore } from '../state/data-store'
import { entrySource } from './entry-source'

const store = new DataStore({
  entries: 1500,
  seed: 11,
  largeFileBytes: 1024,
  nameOf: (id) => DEMO_USERS.find((u) => u.user_id === id)?.name ?? id,
})
const source = entrySource(store)
// The same documents, answered from the terms index and by reading every matching document.
const indexed = new QueryEngine(source, DEFAULT_CATALOGUE)
const plain = new QueryEngine(source, DEFAULT_CATALOGUE, { termsIndex: false, matchCacheSize: 0 })

const QUERIES = [
  {},
  ...memoQueries({
    author: 'Lena Hoffmann',
    viewerId: 'd0c54230-9148-4279-b118-0a7183119f69',
    mainfile: store.docs[10]?.mainfile,
  }),
]
const SCOPES: SearchScope[] = [
  ALL_DOCUMENTS,
  { key: 'odd', candidates: { kind: 'test', accept: (i) => i % 2 === 1 } },
  { key: 'first', candidates: { kind: 'ranges', ranges: [{ start: 0, end: 400 }] } },
]
// Every aggregatable quantity of the catalogue: strings, enums, numbers, dates, booleans, nested.
const QUANTITIES = DEFAULT_CATALOGUE.list()
  .filter((q) => q.aggregatable)
  .map((q) => q.name)

const include = fc.oneof(
  fc.constantFrom('a', 'O', 'VASP', 'c', '1'),
  fc.array(fc.constantFrom('O', 'Ti', 'VASP', 'bulk', 'cubic', 'DFT', 'GGA'), { maxLength: 3 }),
)
const terms = fc.record(
  {
    quantity: fc.constantFrom(...QUANTITIES),
    size: fc.integer({ min: 1, max: 40 }),
    include,
    exclude_from_search: fc.boolean(),
    metrics: fc.constantFrom(['n_uploads'], ['n_calculations', 'n_entries']),
    entries: fc.constant({ size: 2 }),
  },
  { requiredKeys: ['quantity'] },
)
const paged = fc.record({
  quantity: fc.constantFrom(...QUANTITIES),
  pagination: fc.record(
    { page_size: fc.integer({ min: 1, max: 30 }), order: fc.constantFrom('asc', 'desc') },
    { requiredKeys: ['page_size'] },
  ),
})
const aggregations = fc.dictionary(
  fc.constantFrom('a', 'b', 'c', 'd'),
  fc.oneof(
    terms.map((t) => ({ terms: t })),
    paged.map((t) => ({ terms: t })),
    fc.constant({ min_max: { quantity: 'results.material.n_elements' } }),
  ),
  { minKeys: 1, maxKeys: 4 },
)

/** Both engines' answer, or the error message both must give. */
function answer(engine: QueryEngine, rawQuery: unknown, scope: SearchScope, raw: unknown) {
  try {
    const query = normalizeQuery(rawQuery, DEFAULT_CATALOGUE)
    return aggregateSearch(engine, { query, scope, matches: engine.match(query, scope), raw })
  } catch (error) {
    return { error: String(error) }
  }
}

describe('terms aggregations from the terms index', () => {
  it('answer exactly as reading the documents, for varied queries, scopes and requests', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...QUERIES),
        fc.constantFrom(...SCOPES),
        aggregations,
        (query, scope, raw) => {
          expect(answer(indexed, query, scope, raw)).toEqual(answer(plain, query, scope, raw))
        },
      ),
      { numRuns: 150 },
    )
  })

  it('answer what the app sends with every search (the builder facets), for every query', () => {
    const facets = Object.fromEntries(
      [
        'results.material.elements',
        'results.material.structural_type',
        'results.material.symmetry.crystal_system',
        'results.method.simulation.program_name',
        'results.method.method_name',
        'results.properties.available_properties',
      ].map((quantity, i) => [
        `f${i}`,
        { terms: { quantity, exclude_from_search: i > 0, ...(i === 0 ? { size: 119 } : {}) } },
      ]),
    )
    for (const query of QUERIES) {
      const fast = answer(indexed, query, ALL_DOCUMENTS, facets)
      expect(fast, JSON.stringify(query)).toEqual(answer(plain, query, ALL_DOCUMENTS, facets))
      expect(JSON.stringify(fast)).toContain('"count"')
    }
  })

  it('count nested units (nested_count) like reading the documents', () => {
    const nested = DEFAULT_CATALOGUE.list().filter((q) => q.aggregatable && q.nestedPrefix)
    const raw = Object.fromEntries(
      nested.map((q, i) => [`n${i}`, { terms: { quantity: q.name, size: 20 } }]),
    )
    const fast = answer(indexed, {}, ALL_DOCUMENTS, raw)
    expect(fast).toEqual(answer(plain, {}, ALL_DOCUMENTS, raw))
    // Some value is held by several units of one entry: nested_count above count.
    expect(JSON.stringify(fast)).toMatch(/"count":(\d+),"nested_count":(?!\1[,}])\d+/)
  })

  it('follows edits of the documents (a new version rebuilds the columns)', () => {
    const viewer = 'b98d9e83-1599-43bf-b142-ac641b668bff'
    const raw = { v: { terms: { quantity: 'viewers.user_id', include: [viewer] } } }
    const before = answer(indexed, {}, ALL_DOCUMENTS, raw)
    const upload = store.uploads.find(
      (u) =>
        !u.coauthors.includes(viewer) && !u.reviewers.includes(viewer) && u.main_author !== viewer,
    )
    if (!upload) throw new Error('no upload without that reviewer')
    store.updateUpload(upload.index, { reviewers: [...upload.reviewers, viewer] })
    const after = answer(indexed, {}, ALL_DOCUMENTS, raw)
    expect(after).toEqual(answer(plain, {}, ALL_DOCUMENTS, raw))
    expect(after).not.toEqual(before)
  })
})
