import { describe, expect, it } from 'vitest'
import { QueryValidationError, render422Body } from './errors'
import { normalizeQuery } from './normalize'
import { DEFAULT_CATALOGUE } from './quantities'

const norm = (q: unknown) => normalizeQuery(q, DEFAULT_CATALOGUE)

function body422(q: unknown): unknown {
  try {
    norm(q)
  } catch (error) {
    if (error instanceof QueryValidationError) return render422Body(error)
    throw error
  }
  throw new Error('expected a 422')
}

/** Real request → echo pairs from the recordings (search/, uploads/, editquantity/). */
const RECORDED: [unknown, unknown][] = [
  [{}, {}],
  [
    { 'results.method.simulation.dft.xc_functional_names:any': ['GGA_C_PBE_SOL'] },
    {
      name: 'results.method.simulation.dft.xc_functional_names',
      value: { any: ['GGA_C_PBE_SOL'] },
    },
  ],
  [
    { 'results.material.elements_exclusive': 'C' },
    { name: 'results.material.elements_exclusive', value: 'C' },
  ],
  [
    { and: [{}, { 'results.material.topology.label:any': ['MOF'] }] },
    {
      and: [
        {},
        { prefix: 'results.material.topology', query: { name: 'label', value: { any: ['MOF'] } } },
      ],
    },
  ],
  [
    { quantities: 'definitions.section_definitions', processed: true },
    {
      and: [
        { name: 'quantities', value: 'definitions.section_definitions' },
        { name: 'processed', value: true },
      ],
    },
  ],
  [
    { 'entry_references.target_entry_id': 'QoV6', 'entry_references.target_path': '/data' },
    {
      and: [
        { prefix: 'entry_references', query: { name: 'target_entry_id', value: 'QoV6' } },
        { prefix: 'entry_references', query: { name: 'target_path', value: '/data' } },
      ],
    },
  ],
  [
    { and: [{ entry_type: ['Schema'] }, { or: [{ 'entry_name:any': ['Set your name here'] }] }] },
    {
      and: [
        { name: 'entry_type', value: { all: ['Schema'] } },
        { or: [{ name: 'entry_name', value: { any: ['Set your name here'] } }] },
      ],
    },
  ],
  [
    {
      and: [
        { 'section_defs.definition_qualified_name': ['entry_id:RYcY.Substance'] },
        { or: [{ entry_id: 'AkeM' }] },
      ],
    },
    {
      and: [
        {
          prefix: 'section_defs',
          query: { name: 'definition_qualified_name', value: { all: ['entry_id:RYcY.Substance'] } },
        },
        { or: [{ name: 'entry_id', value: 'AkeM' }] },
      ],
    },
  ],
]

describe('normalizeQuery echoes like the real server', () => {
  it.each(RECORDED)('%j', (request, echo) => {
    expect(JSON.stringify(norm(request))).toBe(JSON.stringify(echo))
  })

  it('echoes {"and": []} for a body without query', () => {
    expect(norm(undefined)).toEqual({ and: [] })
    expect(norm(null)).toEqual({ and: [] })
  })

  it('normalises the composed example of the facts', () => {
    const echo = norm({
      'results.material.elements': ['Ti', 'O'],
      'upload_create_time:gt': '2020-01-01',
    })
    expect(JSON.stringify(echo)).toBe(
      '{"and":[{"name":"results.material.elements","value":{"all":["Ti","O"]}},' +
        '{"name":"upload_create_time","value":{"gt":"2020-01-01"}}]}',
    )
  })

  it('moves suffixed keys to the end, as the server reorders its dict', () => {
    const echo = norm({ 'entry_id:any': ['a'], upload_id: 'u' })
    expect(echo).toEqual({
      and: [
        { name: 'upload_id', value: 'u' },
        { name: 'entry_id', value: { any: ['a'] } },
      ],
    })
  })

  it('echoes ranges with only the given bounds, lt/lte before gt/gte', () => {
    expect(JSON.stringify(norm({ 'results.material.n_elements': { gte: 2, lte: 3 } }))).toBe(
      '{"name":"results.material.n_elements","value":{"lte":3,"gte":2}}',
    )
  })

  it('flattens inner objects into dotted names', () => {
    expect(norm({ 'results.method': { 'simulation.program_name': 'VASP' } })).toEqual({
      and: [{ name: 'results.method.simulation.program_name', value: 'VASP' }],
    })
  })

  it('wraps nested quantities, keeping sub-criteria of one dict in one nested query', () => {
    expect(
      norm({ 'results.properties.electronic.band_gap': { 'value:gt': 1e-19, type: 'direct' } }),
    ).toEqual({
      prefix: 'results.properties.electronic.band_gap',
      query: {
        and: [
          { name: 'value', value: { gt: 1e-19 } },
          { name: 'type', value: 'direct' },
        ],
      },
    })
    expect(
      norm({ 'results.properties.electronic.dos_electronic.band_gap.type': 'direct' }),
    ).toEqual({
      prefix: 'results.properties.electronic.dos_electronic.band_gap',
      query: { name: 'type', value: 'direct' },
    })
  })

  it('accepts the internal forms as input', () => {
    expect(norm({ name: 'entry_id:any', value: ['a', 'b'] })).toEqual({
      name: 'entry_id',
      value: { any: ['a', 'b'] },
    })
    const nested = { prefix: 'entry_references', query: { name: 'target_path', value: '/' } }
    expect(norm(nested)).toEqual(nested)
  })

  it('keeps optimade_filter as a criterion and drops keys next to a logical operator', () => {
    expect(norm({ optimade_filter: 'nelements = 2' })).toEqual({
      name: 'optimade_filter',
      value: 'nelements = 2',
    })
    expect(norm({ not: { entry_id: 'a' }, entry_id: 'b' })).toEqual({
      not: { name: 'entry_id', value: 'a' },
    })
  })
})

describe('normalizeQuery 422 bodies (facts §7 "Expected 422 cases")', () => {
  it('query as string', () => {
    expect(body422('str')).toEqual({
      detail: [
        { loc: ['body', 'query'], msg: 'value is not a valid dict', type: 'type_error.dict' },
      ],
    })
  })

  it('unknown quantity, with the doubly nested loc', () => {
    expect(body422({ mispelled: 'id_01' })).toEqual({
      detail: [
        {
          loc: [['mispelled']],
          msg: 'mispelled is not a doc quantity',
          type: 'value_error.exception',
        },
      ],
    })
  })

  it('unknown suffix stays part of the name', () => {
    expect(body422({ 'entry_id:misspelled': 'id_01' })).toMatchObject({
      detail: [
        { loc: [['entry_id:misspelled']], msg: 'entry_id:misspelled is not a doc quantity' },
      ],
    })
  })

  it('{"any": "x"} and unknown op keys fall back to an inner object with an unknown name', () => {
    expect(body422({ entry_id: { any: 'id_01' } })).toMatchObject({
      detail: [{ loc: [['entry_id.any']], msg: 'entry_id.any is not a doc quantity' }],
    })
    expect(body422({ entry_id: { missspelled: 'id_01' } })).toMatchObject({
      detail: [{ msg: 'entry_id.missspelled is not a doc quantity' }],
    })
    expect(body422({ entry_id: { gt: ['id_01'] } })).toMatchObject({
      detail: [{ msg: 'entry_id.gt is not a doc quantity' }],
    })
    expect(body422({ entry_id: { lt: 'a', lte: 'b' } })).toMatchObject({
      detail: [{ msg: 'entry_id.lt is not a doc quantity' }],
    })
  })

  it('suffix forms are checked by the request model', () => {
    expect(body422({ 'entry_id:any': 'id_01' })).toEqual({
      detail: [
        {
          loc: ['body', 'query', 'any'],
          msg: 'value is not a valid list',
          type: 'type_error.list',
        },
      ],
    })
    const lt = body422({ 'entry_id:lt': ['id_01'] }) as { detail: { msg: string }[] }
    expect(lt.detail.map((d) => d.msg)).toEqual([
      'value is not a valid integer',
      'value is not a valid float',
      'str type expected',
      'invalid datetime format',
    ])
  })

  it('or must be a list, not must be an object', () => {
    expect(body422({ or: { entry_id: 'id_01' } })).toMatchObject({
      detail: [{ loc: [['or.entry_id']], msg: 'or.entry_id is not a doc quantity' }],
    })
    expect(body422({ not: [{ entry_id: 'id_01' }] })).toEqual({
      detail: [
        {
          loc: ['body', 'query', 'not'],
          msg: 'value is not a valid dict',
          type: 'type_error.dict',
        },
      ],
    })
  })

  it('a quantity may appear only once after suffix stripping', () => {
    expect(body422({ 'entry_id:gt': 'a', entry_id: 'b' })).toEqual({
      detail: [
        {
          loc: ['body', 'query'],
          msg: 'a quantity can only appear once in a query',
          type: 'assertion_error',
        },
      ],
    })
  })

  it('null values are rejected by the request model', () => {
    expect(body422({ entry_id: null })).toMatchObject({
      detail: [{ loc: ['body', 'query', 'entry_id'], msg: 'none is not an allowed value' }],
    })
  })

  it('reports an unknown quantity inside and/or/not and nested queries', () => {
    expect(body422({ and: [{ entry_id: 'a' }, { not: { nope: 1 } }] })).toMatchObject({
      detail: [{ loc: [['nope']] }],
    })
    expect(body422({ 'entry_references.nope': 'x' })).toMatchObject({
      detail: [{ loc: [['entry_references.nope']] }],
    })
  })

  it('an unparsable OPTIMADE filter', () => {
    expect(body422({ optimade_filter: '#broken syntax' })).toEqual({
      detail: [
        {
          loc: [['optimade_filter']],
          msg: "Could not parse optimade filter: unexpected character '#' at position 0",
          type: 'value_error.exception',
        },
      ],
    })
  })

  it('empty operator lists validate nothing, as on the server', () => {
    expect(norm({ 'nope:any': [] })).toEqual({ name: 'nope', value: { any: [] } })
  })
})
