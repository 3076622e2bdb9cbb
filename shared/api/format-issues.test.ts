import { describe, expect, it } from 'vitest'
import { describeKind, formatWirePath } from './format-issues'

describe('formatWirePath', () => {
  it('joins names with dots and indices with brackets', () => {
    expect(formatWirePath(['data', 3, 'results', 'material', 'elements', 0])).toBe(
      'data[3].results.material.elements[0]',
    )
    expect(formatWirePath([0, 'name'])).toBe('[0].name')
    expect(formatWirePath(['resolve-inplace'])).toBe('resolve-inplace')
  })

  it('brackets keys that contain dots, colons or spaces', () => {
    expect(formatWirePath(['aggregations', 'upload_create_time:default_slider', 'min_max'])).toBe(
      'aggregations["upload_create_time:default_slider"].min_max',
    )
    expect(formatWirePath(['results.material.elements', 0, 'value'])).toBe(
      '["results.material.elements"][0].value',
    )
  })
})

describe('describeKind', () => {
  it('names JSON kinds in plain words', () => {
    expect([null, [], {}, 'x', 1, true, undefined].map(describeKind)).toEqual([
      'null',
      'a list',
      'an object',
      'a string',
      'a number',
      'a boolean',
      'missing',
    ])
  })
})
