import { describe, expect, it } from 'vitest'
import { QueryExecutionError, QueryValidationError } from './errors'
import { compileQuery, filterDocs } from './evaluate'
import { normalizeQuery } from './normalize'
import { DEFAULT_CATALOGUE } from './quantities'
import type { Doc, NormalizedQuery } from './types'

const DOCS: Doc[] = [
  {
    entry_id: 'id_01',
    upload_create_time: '2023-05-02T09:14:11.201000+00:00',
    published: true,
    comment: 'Relaxed rutile structure',
    text_search_contents: ['TiO2 PBE bulk', 'rutile'],
    entry_name: 'TiO2 VASP simulation',
    authors: [{ name: 'Jane Doe' }, { name: 'Max Muster' }],
    results: {
      material: {
        elements: ['O', 'Ti'],
        elements_exclusive: 'O Ti',
        n_elements: 2,
        structural_type: 'bulk',
        symmetry: { crystal_system: 'tetragonal' },
      },
      method: { simulation: { program_name: 'VASP' } },
      properties: {
        electronic: {
          band_gap: [
            { type: 'direct', value: 2.9e-19 },
            { type: 'indirect', value: 1.0e-19 },
          ],
        },
      },
    },
  },
  {
    entry_id: 'id_02',
    upload_create_time: '2020-01-01',
    published: false,
    comment: 'Graphene sheet',
    entry_name: 'graphene test',
    authors: [{ name: 'Jane Doe' }],
    results: {
      material: { elements: ['C'], elements_exclusive: 'C', n_elements: 1, structural_type: '2D' },
      method: { simulation: { program_name: 'exciting' } },
      properties: { electronic: { band_gap: [{ type: 'indirect', value: 3.0e-19 }] } },
    },
  },
  {
    entry_id: 'id_03',
    upload_create_time: '2021-06-15T12:00:00Z',
    published: true,
    results: {
      material: {
        elements: ['H', 'O', 'Ti'],
        elements_exclusive: 'H O Ti',
        n_elements: 3,
        structural_type: 'bulk',
      },
    },
  },
]

const ids = (query: unknown) =>
  filterDocs(DOCS, normalizeQuery(query, DEFAULT_CATALOGUE), DEFAULT_CATALOGUE).map(
    (d) => d.entry_id,
  )

describe('compileQuery', () => {
  it('matches everything for {} and for an empty and/or', () => {
    expect(ids({})).toEqual(['id_01', 'id_02', 'id_03'])
    expect(ids(undefined)).toEqual(['id_01', 'id_02', 'id_03'])
    expect(ids({ or: [] })).toEqual(['id_01', 'id_02', 'id_03'])
  })

  it('compares keywords, numbers and booleans exactly', () => {
    expect(ids({ entry_id: 'id_01' })).toEqual(['id_01'])
    expect(ids({ entry_id: 'ID_01' })).toEqual([])
    expect(ids({ 'results.material.n_elements': 3 })).toEqual(['id_03'])
    expect(ids({ 'results.material.n_elements': '3' })).toEqual(['id_03'])
    expect(ids({ published: false })).toEqual(['id_02'])
    expect(ids({ 'results.material.structural_type': 'bulk' })).toEqual(['id_01', 'id_03'])
  })

  it('treats a plain list as all, and supports any/all/none on list fields', () => {
    expect(ids({ 'results.material.elements': ['Ti', 'O'] })).toEqual(['id_01', 'id_03'])
    expect(ids({ 'results.material.elements': ['Ti', 'C'] })).toEqual([])
    expect(ids({ 'results.material.elements:any': ['H', 'C'] })).toEqual(['id_02', 'id_03'])
    expect(ids({ 'results.material.elements:none': ['H', 'C'] })).toEqual(['id_01'])
    expect(ids({ entry_id: ['id_01', 'id_02'] })).toEqual([])
    expect(ids({ 'entry_id:any': ['id_01', 'id_02'] })).toEqual(['id_01', 'id_02'])
  })

  it('evaluates ranges on numbers, datetimes and strings', () => {
    expect(ids({ 'results.material.n_elements': { gte: 2, lt: 3 } })).toEqual(['id_01'])
    expect(ids({ 'upload_create_time:gt': '2020-01-01' })).toEqual(['id_01', 'id_03'])
    expect(ids({ 'upload_create_time:gte': '2020-01-01' })).toEqual(['id_01', 'id_02', 'id_03'])
    expect(ids({ upload_create_time: { lt: '2021-06-15T13:00:00+01:00' } })).toEqual(['id_02'])
    expect(ids({ 'entry_id:gt': 'id_01' })).toEqual(['id_02', 'id_03'])
  })

  it('compares datetimes as instants, whatever the notation', () => {
    expect(ids({ upload_create_time: '2020-01-01T00:00:00Z' })).toEqual(['id_02'])
    expect(ids({ upload_create_time: '2021-06-15T14:00:00+02:00' })).toEqual(['id_03'])
  })

  it('combines and/or/not', () => {
    expect(
      ids({
        or: [{ entry_id: 'id_02' }, { and: [{ published: true }, { not: { entry_id: 'id_01' } }] }],
      }),
    ).toEqual(['id_02', 'id_03'])
    expect(ids({ not: { not: { entry_id: 'id_01' } } })).toEqual(['id_01'])
  })

  it('follows paths through lists of objects', () => {
    expect(ids({ 'authors.name': 'Max Muster' })).toEqual(['id_01'])
    expect(ids({ 'authors.name:all': ['Jane Doe', 'Max Muster'] })).toEqual(['id_01'])
  })

  it('requires nested criteria of one query to hold for the same nested object', () => {
    const sameGap = {
      'results.properties.electronic.band_gap': { type: 'indirect', 'value:gt': 2e-19 },
    }
    expect(ids(sameGap)).toEqual(['id_02'])
    // Two separate criteria become two nested queries: each may match a different band gap.
    expect(
      ids({
        'results.properties.electronic.band_gap.type': 'indirect',
        'results.properties.electronic.band_gap.value:gt': 2e-19,
      }),
    ).toEqual(['id_01', 'id_02'])
  })

  it('matches nothing for a nested field used outside its nested query', () => {
    const q: NormalizedQuery = {
      name: 'results.properties.electronic.band_gap.type',
      value: 'direct',
    }
    expect(filterDocs(DOCS, q, DEFAULT_CATALOGUE)).toEqual([])
    const flattened = filterDocs(DOCS, q, DEFAULT_CATALOGUE, { nestedOutsideQuery: 'flatten' })
    expect(flattened.map((d) => d.entry_id)).toEqual(['id_01'])
  })

  it('matches text case-insensitively by word prefix', () => {
    expect(ids({ comment: 'RUTILE' })).toEqual(['id_01'])
    expect(ids({ comment: 'relax rut' })).toEqual(['id_01'])
    expect(ids({ comment: 'relaxed graphene' })).toEqual([])
    expect(ids({ text_search_contents: 'pbe' })).toEqual(['id_01'])
    expect(ids({ 'entry_name.prefix': 'tio2 va' })).toEqual(['id_01'])
    expect(ids({ 'entry_name.prefix': 'vasp tio2' })).toEqual([])
  })

  it('evaluates optimade_filter criteria', () => {
    expect(ids({ optimade_filter: 'elements HAS ALL "Ti","O" AND nelements > 2' })).toEqual([
      'id_03',
    ])
    expect(ids({ optimade_filter: 'elements HAS ONLY "Ti","O"' })).toEqual(['id_01'])
    expect(ids({ optimade_filter: 'NOT elements HAS "Ti"', published: false })).toEqual(['id_02'])
  })

  it('raises the server errors for bad filters and values', () => {
    const bad: NormalizedQuery = { name: 'optimade_filter', value: 'nelements >' }
    expect(() => compileQuery(bad, DEFAULT_CATALOGUE)).toThrow(QueryValidationError)
    const notANumber: NormalizedQuery = { name: 'results.material.n_elements', value: 'two' }
    expect(() => compileQuery(notANumber, DEFAULT_CATALOGUE)).toThrow(QueryExecutionError)
    const badNested: NormalizedQuery = { prefix: 'results.material', query: {} }
    expect(() => compileQuery(badNested, DEFAULT_CATALOGUE)).toThrow(/failed to find nested object/)
  })
})
