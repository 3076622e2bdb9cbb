import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors/app-error'
import { QueryExecutionError, QueryValidationError } from '../errors'
import { normalizeQuery } from '../normalize'
import { DEFAULT_CATALOGUE } from '../quantities'
import { aggregateSearch } from './aggregations'
import { memoize } from './memo-predicate'
import { parseRequired, projectRequired } from './required'
import { QueryEngine } from './search'
import { ALL_DOCUMENTS, type DocumentSource, type SearchScope, type SharedPart } from './source'

/**
 * The engine over a store that is not the sandbox: six hand-written documents in a plain
 * array, as an offline library could hand them over (any owner filter, any storage).
 */
const C = DEFAULT_CATALOGUE
const TIO2 = { elements: ['O', 'Ti'], n_elements: 2 }
const SI = { elements: ['Si'], n_elements: 1 }
const docs: Record<string, unknown>[] = [
  { entry_id: 'f', results: { material: TIO2 } },
  { entry_id: 'b', results: { material: SI } },
  { entry_id: 'e', results: { material: TIO2 } },
  { entry_id: 'a', results: { material: SI } },
  { entry_id: 'd', results: { material: TIO2 } },
  { entry_id: 'c', results: { material: { elements: ['C'], n_elements: 1 } } },
]
const materialPart: SharedPart = {
  name: 'material',
  covers: (path) => path.startsWith('results.material.'),
  of: (doc) => (doc.results as { material: unknown }).material,
}
let version = 0
const reads: number[] = []
const source: DocumentSource = {
  get size() {
    return docs.length
  },
  get version() {
    return version
  },
  doc: (i) => {
    reads.push(i)
    return docs[i] as Record<string, unknown>
  },
  id: (i) => String(docs[i]?.entry_id),
  sharedParts: [materialPart],
}
const engine = new QueryEngine(source, C)
const q = (raw: unknown) => normalizeQuery(raw, C)
const ids = (hits: number[]) => hits.map((i) => source.id(i))
const page = { page_size: 2, order_by: 'entry_id', order: 'asc' as const }

describe('QueryEngine over an in-memory source', () => {
  it("matches within the caller's candidates: all, ranges or a test per document", () => {
    const tio2 = q({ 'results.material.elements': 'Ti' })
    expect(engine.match(tio2, ALL_DOCUMENTS).total).toBe(3)
    const ranges: SearchScope = {
      key: 'first-half',
      candidates: { kind: 'ranges', ranges: [{ start: 0, end: 3 }] },
    }
    expect([...engine.match(tio2, ranges).matches]).toEqual([1, 0, 1, 0, 0, 0])
    const even: SearchScope = {
      key: 'even',
      candidates: { kind: 'test', accept: (i) => i % 2 === 0 },
    }
    expect(engine.match(tio2, even).total).toBe(3)
    expect(engine.match(q({}), even).total).toBe(3)
  })

  it('orders by entry_id and pages by page, page_offset and after-value cursors', () => {
    const first = engine.search(q({}), ALL_DOCUMENTS, page)
    expect(ids(first.hits)).toEqual(['a', 'b'])
    expect(first.nextPageAfterValue).toBe('b')
    const next = engine.search(q({}), ALL_DOCUMENTS, { ...page, page_after_value: 'b' })
    expect(ids(next.hits)).toEqual(['c', 'd'])
    expect(ids(engine.search(q({}), ALL_DOCUMENTS, { ...page, page: 3 }).hits)).toEqual(['e', 'f'])
    const last = engine.search(q({}), ALL_DOCUMENTS, { ...page, page_offset: 4 })
    expect(ids(last.hits)).toEqual(['e', 'f'])
    expect(last.nextPageAfterValue).toBeUndefined()
    const desc = engine.search(q({}), ALL_DOCUMENTS, { ...page, order: 'desc' })
    expect(ids(desc.hits)).toEqual(['f', 'e'])
    const byElements = { ...page, order_by: 'results.material.n_elements', order: 'desc' as const }
    const walked = engine.search(q({}), ALL_DOCUMENTS, byElements)
    expect(ids(walked.hits)).toEqual(['f', 'e'])
    expect(walked.nextPageAfterValue).toBe('2:e')
    const after = engine.search(q({}), ALL_DOCUMENTS, { ...byElements, page_after_value: '2:e' })
    expect(ids(after.hits)).toEqual(['d', 'c'])
  })

  it('evaluates a query on shared parts once per distinct part', () => {
    const query = q({ 'results.material.n_elements': 2 })
    let calls = 0
    const memo = memoize(query, () => (calls++, true), source, C)
    docs.forEach((doc, i) => memo(i, doc))
    expect(calls).toBe(3)
  })

  it('serves repeated searches from its match cache until the version changes', () => {
    const query = q({ 'results.material.elements': 'Si' })
    const first = engine.match(query, ALL_DOCUMENTS)
    reads.length = 0
    expect(engine.match(query, ALL_DOCUMENTS)).toBe(first)
    expect(reads).toEqual([])
    ;(docs[5] as { results: unknown }).results = { material: SI }
    version++
    expect(engine.match(query, ALL_DOCUMENTS).total).toBe(3)
  })

  it('aggregates per exclude_from_search group', () => {
    const query = q({ 'results.material.n_elements': 2 })
    const scope = ALL_DOCUMENTS
    const out = aggregateSearch(engine, {
      query,
      scope,
      matches: engine.match(query, scope),
      raw: {
        own: { terms: { quantity: 'results.material.n_elements' } },
        all: { terms: { quantity: 'results.material.n_elements', exclude_from_search: true } },
      },
    })
    const values = (name: string) =>
      (out?.[name] as { terms: { data: { value: unknown; count: number }[] } }).terms.data
    expect(values('own')).toEqual([expect.objectContaining({ value: 2, count: 3 })])
    expect(values('all')).toEqual([
      expect.objectContaining({ value: 1, count: 3 }),
      expect.objectContaining({ value: 2, count: 3 }),
    ])
    expect(
      aggregateSearch(engine, { query, scope, matches: engine.match(query, scope), raw: {} }),
    ).toBeUndefined()
  })

  it('projects `required` and reports its errors as invalid_input with the 422 items', () => {
    const required = parseRequired({ include: ['results.material.n_elements'] }, C, new Set())
    expect(projectRequired(docs[0] as Record<string, unknown>, required)).toEqual({
      entry_id: 'f',
      results: { material: { n_elements: 2 } },
    })
    try {
      parseRequired({ include: ['nonsense'] }, C, new Set())
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(QueryValidationError)
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).code).toBe('invalid_input')
      expect((error as QueryValidationError).items).toEqual([
        {
          loc: [['required']],
          msg: 'nonsense is not a doc quantity',
          type: 'value_error.exception',
        },
      ])
    }
    const bad = { ...page, page_after_value: 'x', order_by: 'results.material.n_elements' }
    expect(() => engine.search(q({}), ALL_DOCUMENTS, bad)).toThrow(QueryExecutionError)
  })
})
