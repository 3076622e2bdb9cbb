import { describe, expect, it } from 'vitest'
import { QueryExecutionError, QueryValidationError } from './errors'
import {
  afterCursor,
  compareDocs,
  decodePageAfterValue,
  encodePageAfterValue,
  validateOrderBy,
  type SortOrder,
} from './order'
import { DEFAULT_CATALOGUE } from './quantities'
import type { Doc } from './types'

const C = DEFAULT_CATALOGUE
const N = 'results.material.n_elements'
const CS = 'results.material.symmetry.crystal_system'

const DOCS: Doc[] = [
  {
    entry_id: 'id_03',
    upload_create_time: '2021-01-01T00:00:00+00:00',
    results: { material: { n_elements: 2, symmetry: { crystal_system: 'cubic' } } },
  },
  {
    entry_id: 'id_01',
    upload_create_time: '2020-04-03T00:00:00+00:00',
    results: { material: { n_elements: 2, symmetry: { crystal_system: 'cubic' } } },
  },
  { entry_id: 'id_02', upload_create_time: '2020-01-01', results: { material: { n_elements: 1 } } },
  {
    entry_id: 'id_04',
    results: { material: { n_elements: 3, symmetry: { crystal_system: 'hexagonal' } } },
  },
]
const sorted = (orderBy: string, order: SortOrder) =>
  [...DOCS].sort(compareDocs(orderBy, order, C)).map((d) => d.entry_id)

function loc422(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    if (error instanceof QueryValidationError) return error.items
    throw error
  }
  throw new Error('expected a 422')
}

describe('validateOrderBy', () => {
  it('defaults to the id field and maps mainfile_path', () => {
    expect(validateOrderBy(undefined, C)).toBe('entry_id')
    expect(validateOrderBy('mainfile_path', C)).toBe('mainfile')
    expect(validateOrderBy(N, C)).toBe(N)
  })

  it('rejects unknown and list quantities with the server messages', () => {
    expect(loc422(() => validateOrderBy('misspelled', C))).toEqual([
      {
        loc: [['pagination', 'order_by']],
        msg: 'misspelled is not a doc quantity',
        type: 'value_error.exception',
      },
    ])
    expect(loc422(() => validateOrderBy('results.material.elements', C))).toEqual([
      {
        loc: [['pagination', 'order_by']],
        msg: 'the order_by quantity must be a scalar',
        type: 'value_error.exception',
      },
    ])
    expect(() => validateOrderBy('comment', C)).toThrow(QueryExecutionError)
  })
})

describe('compareDocs', () => {
  it('orders by the quantity with the id as tie-breaker in the same direction', () => {
    expect(sorted(N, 'asc')).toEqual(['id_02', 'id_01', 'id_03', 'id_04'])
    expect(sorted(N, 'desc')).toEqual(['id_04', 'id_03', 'id_01', 'id_02'])
    expect(sorted('entry_id', 'desc')).toEqual(['id_04', 'id_03', 'id_02', 'id_01'])
  })

  it('compares datetimes as instants and puts missing values last either way', () => {
    expect(sorted('upload_create_time', 'asc')).toEqual(['id_02', 'id_01', 'id_03', 'id_04'])
    expect(sorted('upload_create_time', 'desc')).toEqual(['id_03', 'id_01', 'id_02', 'id_04'])
    expect(sorted(CS, 'desc')).toEqual(['id_04', 'id_03', 'id_01', 'id_02'])
  })
})

describe('page_after_value', () => {
  it('encodes like the server', () => {
    const doc = DOCS[1] ?? {}
    expect(encodePageAfterValue(doc, 'entry_id', 'asc', C)).toBe('id_01')
    expect(encodePageAfterValue(doc, N, 'asc', C)).toBe('2:id_01')
    expect(encodePageAfterValue(doc, CS, 'asc', C)).toBe('cubic:id_01')
    expect(encodePageAfterValue(doc, 'upload_create_time', 'asc', C)).toBe('1585872000000:id_01')
    const gap = {
      entry_id: 'x',
      results: { properties: { geometry_optimization: { final_energy_difference: 2.9e-19 } } },
    }
    expect(
      encodePageAfterValue(
        gap,
        'results.properties.geometry_optimization.final_energy_difference',
        'asc',
        C,
      ),
    ).toBe('2.9e-19:x')
  })

  it('decodes, appending the missing colon, and rejects garbage for numbers', () => {
    expect(decodePageAfterValue('2:id_01', N, C)).toEqual({ key: 2, id: 'id_01' })
    expect(decodePageAfterValue('cubic', CS, C)).toEqual({ key: 'cubic', id: '' })
    expect(decodePageAfterValue('id_01', 'entry_id', C)).toEqual({ key: null, id: 'id_01' })
    expect(() => decodePageAfterValue('some', N, C)).toThrow(QueryExecutionError)
  })

  it.each([
    ['entry_id', 'asc'],
    [N, 'asc'],
    [N, 'desc'],
    ['upload_create_time', 'asc'],
    [CS, 'desc'],
  ] as const)('pages through all documents by %s %s', (orderBy, order) => {
    const all = [...DOCS].sort(compareDocs(orderBy, order, C))
    const seen: unknown[] = []
    let cursor: string | undefined
    for (let page = 0; page < 10; page++) {
      const rest =
        cursor === undefined
          ? all
          : all.filter(afterCursor(decodePageAfterValue(cursor, orderBy, C), orderBy, order, C))
      const hits = rest.slice(0, 1)
      if (hits.length === 0) break
      seen.push(...hits.map((d) => d.entry_id))
      cursor = encodePageAfterValue(hits[0] ?? {}, orderBy, order, C)
    }
    expect(seen).toEqual(all.map((d) => d.entry_id))
  })
})
