import { describe, expect, it } from 'vitest'
import { aggregate } from './aggregate'
import { QueryExecutionError, QueryValidationError } from './errors'
import { normalizeQuery } from './normalize'
import { DEFAULT_CATALOGUE } from './quantities'
import type { Doc } from './types'

const C = DEFAULT_CATALOGUE
const material = (m: Record<string, unknown>, extra: Record<string, unknown> = {}): Doc => ({
  ...extra,
  results: { material: m },
})
const run = (docs: Doc[], aggs: unknown, query?: unknown) =>
  aggregate(docs, aggs, C, query === undefined ? {} : { query: normalizeQuery(query, C) })

function error422(docs: Doc[], aggs: unknown): unknown {
  try {
    run(docs, aggs)
  } catch (error) {
    if (error instanceof QueryValidationError) return error.items
    throw error
  }
  throw new Error('expected a 422')
}

describe('aggregate reproduces recorded responses', () => {
  it('terms with include and the GUI junk keys (searchpage.json)', () => {
    const types = ['bulk', 'bulk', 'bulk', 'bulk', 'bulk', 'bulk', '2D', '2D', 'molecule / cluster']
    const docs = [...types, 'molecule / cluster', 'unavailable'].map((t) =>
      material({ structural_type: t }),
    )
    const request = {
      terms: {
        exclude_from_search: true,
        update: true,
        size: 6,
        type: 'terms',
        include: ['bulk', 'surface', '2D', '1D', 'molecule / cluster', 'atom'],
        changed: true,
        quantity: 'results.material.structural_type',
      },
    }
    const recorded =
      '{"terms":{"quantity":"results.material.structural_type","exclude_from_search":true,"metrics":[],"size":6,' +
      '"include":["bulk","surface","2D","1D","molecule / cluster","atom"],"data":[{"count":6,"nested_count":6,"value":"bulk"},' +
      '{"count":2,"nested_count":2,"value":"2D"},{"count":2,"nested_count":2,"value":"molecule / cluster"}]}}'
    expect(
      JSON.stringify(
        run(docs, { 'results.material.structural_type:scroll': request })[
          'results.material.structural_type:scroll'
        ],
      ),
    ).toBe(recorded)
  })

  it('histogram with an interval and empty buckets in between (userdatapage.json)', () => {
    const docs = [1, 2, 5, 5].map((n) => material({ n_elements: n }))
    const out = run(docs, {
      h: {
        histogram: {
          exclude_from_search: true,
          update: true,
          type: 'histogram',
          interval: 1,
          changed: true,
          quantity: 'results.material.n_elements',
        },
      },
    })
    expect(JSON.stringify(out.h)).toBe(
      '{"histogram":{"quantity":"results.material.n_elements","exclude_from_search":true,"metrics":[],"interval":1,"data":[' +
        '{"count":1,"nested_count":1,"value":1},{"count":1,"nested_count":1,"value":2},{"count":0,"nested_count":0,"value":3},' +
        '{"count":0,"nested_count":0,"value":4},{"count":2,"nested_count":2,"value":5}]}}',
    )
  })

  it('histogram by number of buckets: interval, offset and bucket values (inputrange-init.json)', () => {
    const gap = (value: number): Doc => ({
      results: {
        properties: { electronic: { band_structure_electronic: [{ band_gap: [{ value }] }] } },
      },
    })
    const q = 'results.properties.electronic.band_structure_electronic.band_gap.value'
    const out = run([gap(0), gap(1.2e-20), gap(3.204353268e-19)], {
      h: { histogram: { quantity: q, buckets: 30 } },
    })
    const h = out.h?.histogram as {
      interval: number
      offset: number
      buckets: number
      data: { value: number; count: number }[]
    }
    expect(h.interval).toBe(1.0681177560010681e-20)
    expect(h.offset).toBe(0)
    expect(h.buckets).toBe(30)
    expect(h.data).toHaveLength(30)
    expect(h.data.slice(0, 4).map((b) => b.value)).toEqual([
      0, 1.0681177560010681e-20, 2.1362355120021363e-20, 3.2043532680032044e-20,
    ])
    expect(h.data.map((b) => b.count).join('')).toBe('11' + '0'.repeat(27) + '1')
  })

  it('datetime histogram by buckets uses epoch millis and a whole interval', () => {
    const docs = [0, 60_000, 240_000].map((d) => ({
      upload_create_time: new Date(1585872000000 + d).toISOString(),
    }))
    const h = run(docs, { h: { histogram: { quantity: 'upload_create_time', buckets: 30 } } }).h
      ?.histogram as Record<string, unknown>
    expect(h).toMatchObject({ interval: 8000, buckets: 30, offset: 1585872000000 })
    expect((h.data as unknown[]).slice(0, 1)).toEqual([
      { count: 1, nested_count: 1, value: 1585872000000 },
    ])
    expect(run(docs, { m: { min_max: { quantity: 'upload_create_time' } } }).m).toEqual({
      min_max: {
        quantity: 'upload_create_time',
        exclude_from_search: false,
        data: [1585872000000, 1585872240000],
      },
    })
  })

  it('single-value and empty bucket histograms (inputrange-one-value.json, searchpage.json)', () => {
    const q = 'results.properties.catalytic.catalyst.surface_area'
    const doc = { results: { properties: { catalytic: { catalyst: { surface_area: 65.56 } } } } }
    expect(
      JSON.stringify(
        run([doc, doc], {
          h: { histogram: { quantity: q, buckets: 30, exclude_from_search: true } },
        }).h,
      ),
    ).toBe(
      `{"histogram":{"quantity":"${q}","exclude_from_search":true,"metrics":[],"buckets":30,"offset":65.56,"data":[{"count":2,"nested_count":2,"value":65.56}]}}`,
    )
    expect(JSON.stringify(run([], { h: { histogram: { quantity: q, buckets: 30 } } }).h)).toBe(
      `{"histogram":{"quantity":"${q}","exclude_from_search":false,"metrics":[],"buckets":30,"data":[]}}`,
    )
  })

  it('lists program names the server always lists, at count 0 (widgetterms.json)', () => {
    const docs = ['VASP', 'VASP', 'exciting'].map((p) => ({
      results: { method: { simulation: { program_name: p } } },
    }))
    const data = (
      run(docs, { t: { terms: { quantity: 'results.method.simulation.program_name', size: 3 } } }).t
        ?.terms as { data: unknown[] }
    ).data
    expect(data.slice(0, 3)).toEqual([
      { count: 2, nested_count: 2, value: 'VASP' },
      { count: 1, nested_count: 1, value: 'exciting' },
      { count: 0, value: 'ABACUS' },
    ])
    expect(data).toHaveLength(62)
  })
})

describe('aggregate semantics', () => {
  const DOCS: Doc[] = [
    material(
      { elements: ['C', 'H'], n_elements: 2 },
      { entry_id: 'a', upload_id: 'u1', upload_create_time: '2020-01-15' },
    ),
    material(
      { elements: ['C'], n_elements: 1 },
      { entry_id: 'b', upload_id: 'u1', upload_create_time: '2020-03-02' },
    ),
    material(
      { elements: ['O', 'Ti'], n_elements: 2 },
      { entry_id: 'c', upload_id: 'u2', upload_create_time: '2021-01-01' },
    ),
  ]

  it('sorts terms by count, then value, and defaults size by quantity', () => {
    const t = run(DOCS, { e: { terms: { quantity: 'results.material.elements' } } }).e
      ?.terms as Record<string, unknown>
    expect(t.size).toBe(119)
    expect((t.data as { value: string }[]).map((b) => b.value)).toEqual(['C', 'H', 'O', 'Ti'])
    expect(
      (run(DOCS, { e: { terms: { quantity: 'entry_id' } } }).e?.terms as Record<string, unknown>)
        .size,
    ).toBe(10)
  })

  it('counts nested objects and their parent documents separately', () => {
    const gaps = (...types: string[]): Doc => ({
      results: { properties: { electronic: { band_gap: types.map((type) => ({ type })) } } },
    })
    const t = run([gaps('direct', 'direct'), gaps('direct', 'indirect')], {
      t: { terms: { quantity: 'results.properties.electronic.band_gap.type' } },
    }).t?.terms as { data: unknown[] }
    expect(t.data).toEqual([
      { count: 2, nested_count: 3, value: 'direct' },
      { count: 1, nested_count: 1, value: 'indirect' },
    ])
  })

  it('applies the query, minus the own quantity for exclude_from_search', () => {
    const aggs = {
      excl: { terms: { quantity: 'results.material.elements', exclude_from_search: true } },
      incl: { terms: { quantity: 'results.material.elements' } },
      n: { min_max: { quantity: 'results.material.n_elements', exclude_from_search: true } },
    }
    const out = run(DOCS, aggs, {
      'results.material.elements': 'C',
      'results.material.n_elements': 2,
    })
    const values = (name: string) =>
      (out[name]?.terms as { data: { value: string }[] }).data.map((b) => b.value)
    expect(values('excl')).toEqual(['C', 'H', 'O', 'Ti'])
    expect(values('incl')).toEqual(['C', 'H'])
    expect(out.n?.min_max?.data).toEqual([1, 2])
  })

  it('pages through terms values with pagination', () => {
    const page1 = run(DOCS, {
      p: { terms: { quantity: 'entry_id', pagination: { page_size: 2 } } },
    }).p?.terms as Record<string, unknown>
    expect(page1.pagination).toEqual({
      page_size: 2,
      order: 'asc',
      total: 3,
      next_page_after_value: 'b',
    })
    const page2 = run(DOCS, {
      p: { terms: { quantity: 'entry_id', pagination: { page_size: 2, page_after_value: 'b' } } },
    }).p?.terms as Record<string, unknown>
    expect((page2.data as { value: string }[]).map((b) => b.value)).toEqual(['c'])
    const desc = run(DOCS, {
      p: { terms: { quantity: 'upload_id', pagination: { order: 'desc' } } },
    }).p?.terms as Record<string, unknown>
    expect(desc.data).toEqual([
      { count: 1, nested_count: 1, value: 'u2' },
      { count: 2, nested_count: 2, value: 'u1' },
    ])
  })

  it('computes date histograms, metrics and statistics', () => {
    const out = run(DOCS, {
      d: { date_histogram: { quantity: 'upload_create_time', metrics: ['n_uploads'] } },
      y: { date_histogram: { quantity: 'upload_create_time', interval: '1y' } },
      s: { statistics: { metrics: ['n_entries', 'n_uploads'] } },
      a: { auto_date_histogram: { quantity: 'upload_create_time', buckets: 3 } },
    })
    const d = out.d?.date_histogram as {
      data: { value: string; count: number; metrics: unknown }[]
    }
    expect(d.data).toHaveLength(13)
    expect(d.data[0]).toEqual({
      count: 1,
      nested_count: 1,
      metrics: { n_uploads: 1 },
      value: '2020-01-01',
    })
    expect(d.data[2]?.value).toBe('2020-03-01')
    expect(
      (out.y?.date_histogram as { data: { value: string }[] }).data.map((b) => b.value),
    ).toEqual(['2020-01-01', '2021-01-01'])
    expect(out.s).toEqual({
      statistics: { metrics: ['n_entries', 'n_uploads'], data: { n_entries: 3, n_uploads: 2 } },
    })
    expect(out.a?.auto_date_histogram).toMatchObject({ buckets: 3, interval: '1y' })
  })

  it('tolerates unknown keys and defaults exclude_from_search and metrics', () => {
    const out = run(DOCS, {
      m: { min_max: { quantity: 'results.material.n_elements', junk: 1 }, other: true },
    })
    expect(out.m).toEqual({
      min_max: {
        quantity: 'results.material.n_elements',
        exclude_from_search: false,
        data: [1, 2],
      },
    })
  })
})

describe('aggregate validation', () => {
  it('reports request-model errors together', () => {
    expect(
      error422([], {
        a: { terms: { quantity: 'entry_id', size: 0 } },
        b: { histogram: { quantity: 'results.material.n_elements' } },
        c: { terms: {} },
      }),
    ).toEqual([
      {
        loc: ['body', 'aggregations', 'a', 'terms', 'size'],
        msg: 'ensure this value is greater than 0',
        type: 'value_error.number.not_gt',
        ctx: { limit_value: 0 },
      },
      {
        loc: ['body', 'aggregations', 'b', 'histogram', '__root__'],
        msg: 'Provide either interval or the number of buckets.',
        type: 'value_error',
      },
      {
        loc: ['body', 'aggregations', 'c', 'terms', 'quantity'],
        msg: 'field required',
        type: 'value_error.missing',
      },
    ])
    expect(error422([], { a: { terms: { quantity: 'entry_id', include: 'a.*' } } })).toMatchObject([
      { loc: ['body', 'aggregations', 'a', 'terms', 'include'], type: 'value_error.str.regex' },
    ])
    expect(
      error422([], { a: { terms: { quantity: 'entry_id', entries: { size: 0 } } } }),
    ).toMatchObject([{ loc: ['body', 'aggregations', 'a', 'terms', 'entries', 'size'] }])
  })

  it('reports search-level errors like the server', () => {
    expect(error422([], { a: { terms: { quantity: 'does not exist' } } })).toEqual([
      {
        loc: [['aggregation', 'quantity']],
        msg: 'does not exist is not a doc quantity',
        type: 'value_error.exception',
      },
    ])
    expect(
      error422([], { a: { histogram: { quantity: 'upload_id', interval: 1 } } }),
    ).toMatchObject([{ loc: [['aggregations', 'a', 'histogram', 'quantity']] }])
    expect(error422([], { a: { min_max: { quantity: 'upload_id' } } })).toMatchObject([
      { msg: 'The quantity upload_id cannot be used in a mix-max aggregation' },
    ])
    expect(error422([], { a: { date_histogram: { quantity: 'upload_id' } } })).toMatchObject([
      { msg: 'The quantity upload_id cannot be used in a date histogram aggregation' },
    ])
    expect(
      error422([], { a: { terms: { quantity: 'entry_id', metrics: ['does not exist'] } } }),
    ).toEqual([
      {
        loc: [['statistic', 'metrics']],
        msg: 'metric must be the qualified name of a suitable search quantity',
        type: 'value_error.exception',
      },
    ])
    expect(
      error422([], { a: { terms: { quantity: 'entry_id', size: 5, pagination: {} } } }),
    ).toMatchObject([{ msg: 'You cannot paginate and provide an extra size parameter.' }])
    expect(error422([], { a: { terms: { quantity: 'comment' } } })).toMatchObject([
      { msg: 'The aggregation quantity cannot be used in a terms aggregation.' },
    ])
  })

  it('answers 400 for intervals Elasticsearch cannot read, after all 422 checks', () => {
    expect(() =>
      run([], { a: { date_histogram: { quantity: 'upload_create_time', interval: '1xy' } } }),
    ).toThrow(QueryExecutionError)
    expect(
      error422([], {
        a: { date_histogram: { quantity: 'upload_create_time', interval: '1xy' } },
        b: { terms: { quantity: 'nope' } },
      }),
    ).toMatchObject([{ msg: 'nope is not a doc quantity' }])
  })
})
