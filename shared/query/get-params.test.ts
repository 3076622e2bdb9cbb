import { describe, expect, it } from 'vitest'
import { QueryValidationError, render422Body } from './errors'
import { normalizeGetParams } from './get-params'
import { DEFAULT_CATALOGUE } from './quantities'

const get = (params: Record<string, string[]>, pythonBool = false) =>
  normalizeGetParams(params, DEFAULT_CATALOGUE, { pythonBool })

function body422(params: Record<string, string[]>): unknown {
  try {
    get(params)
  } catch (error) {
    if (error instanceof QueryValidationError) return render422Body(error)
    throw error
  }
  throw new Error('expected a 422')
}

const EL = 'results.material.elements'
const N = 'results.material.n_elements'

describe('normalizeGetParams', () => {
  it('ignores names that are not quantities (pagination, owner, optimade_filter)', () => {
    expect(get({ page_size: ['5'], owner: ['visible'], mispelled: ['x'] })).toEqual({})
    expect(get({ optimade_filter: ['nelements = 2'] })).toEqual({})
  })

  it('wraps single and repeated values as any, or all for many_all quantities', () => {
    expect(get({ entry_id: ['id_01'] })).toEqual({ name: 'entry_id', value: { any: ['id_01'] } })
    expect(get({ entry_id: ['id_01', 'id_02'] })).toEqual({
      name: 'entry_id',
      value: { any: ['id_01', 'id_02'] },
    })
    expect(get({ [EL]: ['H', 'O'] })).toEqual({ name: EL, value: { all: ['H', 'O'] } })
  })

  it('converts values by quantity type and reads __op', () => {
    expect(get({ [N]: ['2'] })).toEqual({ name: N, value: { any: [2] } })
    expect(get({ [`${N}__gt`]: ['2'] })).toEqual({ name: N, value: { gt: 2 } })
    expect(get({ upload_create_time__gt: ['2014-01-01'] })).toEqual({
      name: 'upload_create_time',
      value: { gt: '2014-01-01T00:00:00' },
    })
  })

  it('parses booleans explicitly, or like Python bool(str) when asked', () => {
    expect(get({ published: ['false'] })).toEqual({ name: 'published', value: { any: [false] } })
    expect(get({ published: ['false'] }, true)).toEqual({
      name: 'published',
      value: { any: [true] },
    })
    expect(body422({ published: ['maybe'] })).toMatchObject({
      detail: [{ loc: ['query', 'published'] }],
    })
  })

  it('adds q fragments and merges json_query last', () => {
    expect(get({ q: ['entry_id__id_01'] })).toEqual({ name: 'entry_id', value: { any: ['id_01'] } })
    expect(get({ q: [`${EL}__all__H`, `${EL}__all__O`] })).toEqual({
      name: EL,
      value: { all: ['H', 'O'] },
    })
    expect(get({ q: [`${N}__gt__2`] })).toEqual({ name: N, value: { gt: 2 } })
    expect(
      get({ entry_id: ['a'], json_query: [`{"${EL}": ["H", "O"], "entry_id": "b"}`] }),
    ).toEqual({
      and: [
        { name: 'entry_id', value: 'b' },
        { name: EL, value: { all: ['H', 'O'] } },
      ],
    })
  })

  it('answers the documented 422s', () => {
    expect(body422({ entry_id__gt: ['id_01', 'id_02'] })).toEqual({
      detail: [
        { loc: ['query', 'entry_id__gt'], msg: 'operator gt does not support multiple values' },
      ],
    })
    expect(body422({ entry_id__missspelled: ['id_01'] })).toEqual({
      detail: [{ loc: ['query', 'entry_id__missspelled'], msg: 'operator missspelled is unknown' }],
    })
    expect(body422({ q: ['bad_encoded'] })).toEqual({
      detail: [{ loc: ['query', 'q'], msg: 'wrong format, use <quantity>[__<op>]__<value>' }],
    })
    expect(body422({ q: ['missspelled__id_01'] })).toEqual({
      detail: [{ loc: ['query', 'missspelled__id_01'], msg: 'missspelled is not a doc quantity' }],
    })
    expect(body422({ json_query: [`{"${EL}": ["H", "O"}`] })).toEqual({
      detail: [{ loc: ['json_query'], msg: 'cannot parse json_query' }],
    })
    expect(body422({ json_query: ['{"nope": 1}'] })).toMatchObject({
      detail: [{ loc: [['nope']], msg: 'nope is not a doc quantity' }],
    })
  })
})
