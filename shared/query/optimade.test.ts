import { describe, expect, it } from 'vitest'
import { QueryValidationError } from './errors'
import { OptimadeParseError, optimadeToQuery, parseOptimadeFilter } from './optimade'
import { formatOptimadeFilter } from './optimade-format'
import type { NormalizedQuery } from './types'

const EL = 'results.material.elements'
const N = 'results.material.n_elements'

function errorOf(filter: string): OptimadeParseError {
  try {
    parseOptimadeFilter(filter)
  } catch (error) {
    if (error instanceof OptimadeParseError) return error
    throw error
  }
  throw new Error(`expected ${filter} to fail`)
}

describe('parseOptimadeFilter', () => {
  it('translates HAS, HAS ALL, HAS ANY and HAS ONLY', () => {
    expect(parseOptimadeFilter('elements HAS "Ti"')).toEqual({ name: EL, value: 'Ti' })
    expect(parseOptimadeFilter('elements HAS ALL "Ti","O"')).toEqual({
      name: EL,
      value: { all: ['Ti', 'O'] },
    })
    expect(parseOptimadeFilter('elements HAS ANY "Ti", "O"')).toEqual({
      name: EL,
      value: { any: ['Ti', 'O'] },
    })
    expect(parseOptimadeFilter('elements HAS ONLY "Ti", "O", "Ti"')).toEqual({
      name: 'results.material.elements_exclusive',
      value: 'O Ti',
    })
  })

  it('translates nelements comparisons and elements LENGTH', () => {
    expect(parseOptimadeFilter('nelements = 2')).toEqual({ name: N, value: 2 })
    expect(parseOptimadeFilter('nelements != 2')).toEqual({ not: { name: N, value: 2 } })
    expect(parseOptimadeFilter('nelements<3')).toEqual({ name: N, value: { lt: 3 } })
    expect(parseOptimadeFilter('nelements <= 3')).toEqual({ name: N, value: { lte: 3 } })
    expect(parseOptimadeFilter('nelements > 1')).toEqual({ name: N, value: { gt: 1 } })
    expect(parseOptimadeFilter('nelements >= 1')).toEqual({ name: N, value: { gte: 1 } })
    expect(parseOptimadeFilter('elements LENGTH 3')).toEqual({ name: N, value: 3 })
    expect(parseOptimadeFilter('elements LENGTH >= 3')).toEqual({ name: N, value: { gte: 3 } })
  })

  it('translates formula equality with escaped strings', () => {
    expect(parseOptimadeFilter('chemical_formula_hill = "O2Ti"')).toEqual({
      name: 'results.material.chemical_formula_hill',
      value: 'O2Ti',
    })
    expect(parseOptimadeFilter('chemical_formula_anonymous != "A\\"B"')).toEqual({
      not: { name: 'results.material.chemical_formula_anonymous', value: 'A"B' },
    })
  })

  it('binds NOT tighter than AND, and AND tighter than OR', () => {
    expect(parseOptimadeFilter('nelements = 1 OR nelements = 2 AND NOT elements HAS "H"')).toEqual({
      or: [
        { name: N, value: 1 },
        { and: [{ name: N, value: 2 }, { not: { name: EL, value: 'H' } }] },
      ],
    })
    expect(parseOptimadeFilter('(nelements = 1 OR nelements = 2) AND elements HAS "H"')).toEqual({
      and: [
        {
          or: [
            { name: N, value: 1 },
            { name: N, value: 2 },
          ],
        },
        { name: EL, value: 'H' },
      ],
    })
    expect(parseOptimadeFilter('NOT NOT nelements = 1')).toEqual({
      not: { not: { name: N, value: 1 } },
    })
  })

  it('reports what was expected and where', () => {
    expect(errorOf('nelements >= 2 AND nelements >').message).toBe(
      "expected a value after '>' at position 30",
    )
    expect(errorOf('doesnotexist = 1').message).toBe(
      "unknown property 'doesnotexist' at position 0",
    )
    expect(errorOf('#broken syntax').position).toBe(0)
    expect(errorOf('nelements = 2 and nelements = 3').message).toBe(
      "expected AND, OR or the end of the filter, not 'and' at position 14",
    )
    expect(errorOf('elements HAS ALL "Ti",').message).toBe(
      "expected a value after ',' at position 22",
    )
    expect(errorOf('(nelements = 2').message).toContain("expected ')'")
    expect(errorOf('nelements = "two"').message).toBe(
      'expected a number after \'=\', not "two" at position 12',
    )
    expect(errorOf('elements = "Ti"').message).toContain('expected HAS or LENGTH')
    expect(errorOf('chemical_formula_hill > "A"').message).toContain('only = and !=')
    expect(errorOf('elements HAS "Ti').message).toBe('unterminated string starting at position 13')
    expect(errorOf('   ').message).toBe('the filter is empty at position 0')
  })

  it('wraps errors into the server 422 for optimade_filter', () => {
    expect(() => optimadeToQuery('nelements >')).toThrow(QueryValidationError)
    try {
      optimadeToQuery('nelements >')
    } catch (error) {
      expect((error as QueryValidationError).items).toEqual([
        {
          loc: [['optimade_filter']],
          msg: "Could not parse optimade filter: expected a value after '>' at position 11",
          type: 'value_error.exception',
        },
      ])
    }
  })
})

describe('formatOptimadeFilter', () => {
  it.each([
    'elements HAS "Ti"',
    'elements HAS ALL "Ti", "O"',
    'elements HAS ANY "Ti", "O"',
    'elements HAS ONLY "O", "Ti"',
    'nelements = 2',
    'nelements >= 2 AND nelements < 4',
    'NOT nelements = 2',
    'chemical_formula_reduced = "O2Ti"',
    '(nelements = 1 OR nelements = 2) AND NOT elements HAS "H"',
    'nelements = 1 OR nelements = 2 AND elements HAS "H"',
  ])('round-trips %s', (filter) => {
    const query = parseOptimadeFilter(filter)
    const formatted = formatOptimadeFilter(query)
    expect(formatted).toBe(filter)
    expect(parseOptimadeFilter(formatted ?? '')).toEqual(query)
  })

  it('formats normalised NOMAD queries', () => {
    const q: NormalizedQuery = {
      and: [
        { name: EL, value: { none: ['H'] } },
        { name: N, value: { gte: 2, lte: 3 } },
        { name: 'optimade_filter', value: 'nelements = 1 OR nelements = 4' },
      ],
    }
    expect(formatOptimadeFilter(q)).toBe(
      'NOT elements HAS ANY "H" AND nelements <= 3 AND nelements >= 2 AND (nelements = 1 OR nelements = 4)',
    )
  })

  it('returns null when the query cannot be expressed', () => {
    expect(formatOptimadeFilter({})).toBeNull()
    expect(formatOptimadeFilter({ and: [] })).toBeNull()
    expect(formatOptimadeFilter({ name: 'entry_id', value: 'x' })).toBeNull()
    expect(
      formatOptimadeFilter({
        and: [
          { name: N, value: 2 },
          { name: 'upload_id', value: 'u' },
        ],
      }),
    ).toBeNull()
    expect(
      formatOptimadeFilter({
        prefix: 'entry_references',
        query: { name: 'target_path', value: '/' },
      }),
    ).toBeNull()
    expect(formatOptimadeFilter({ name: N, value: { gt: '2020-01-01' } })).toBeNull()
  })
})
