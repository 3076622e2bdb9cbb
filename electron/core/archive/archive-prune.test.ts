import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../shared/api'
import { isFetchablePath, jsonPathOf } from '../../../shared/ipc/channels/archive'
import { JsonSizer, pruneArchiveValue } from './archive-prune'
import { requiredFor } from './archive-reader'

const numbers = (n: number) => Array.from({ length: n }, (_, i) => i * 1.5)

describe('pruneArchiveValue', () => {
  it('keeps a value within the budget whole and marks nothing', () => {
    const value = { program: { name: 'VASP' }, system: [{ atoms: { labels: ['Ti', 'O'] } }] }
    expect(pruneArchiveValue(value, ['run', 0], 10_000)).toEqual({ value, marks: [] })
  })

  it('keeps small children whole and shortens the big ones to fit', () => {
    const value = {
      program: { name: 'VASP', version: '6.4' },
      calculation: Array.from({ length: 500 }, (_, i) => ({ step: i, forces: numbers(40) })),
    }
    const budget = 4_000
    const { value: out, marks } = pruneArchiveValue(value, ['run', 0], budget)
    expect(new JsonSizer().size(out)).toBeLessThanOrEqual(budget * 1.05)
    const kept = out as { program: JsonValue; calculation: JsonValue[] }
    expect(kept.program).toEqual(value.program)
    expect(kept.calculation.length).toBeGreaterThan(0)
    expect(kept.calculation.length).toBeLessThan(500)
    expect(marks).toContainEqual({
      kind: 'partial',
      path: ['run', 0, 'calculation'],
      length: 500,
      items: 'section',
    })
  })

  it('sends the asked-for list of values partly rather than not at all', () => {
    const rows = Array.from({ length: 1000 }, () => numbers(3))
    const { value, marks } = pruneArchiveValue(rows, ['positions'], 2_000)
    expect((value as JsonValue[]).length).toBeGreaterThan(10)
    expect(value).toEqual(rows.slice(0, (value as JsonValue[]).length))
    expect(marks).toEqual([{ kind: 'partial', path: ['positions'], length: 1000, items: 'value' }])
  })

  it('leaves a long string out as lazy, but never the value that was asked for', () => {
    const long = 'x'.repeat(10_000)
    const inside = pruneArchiveValue({ comment: long, n: 1 }, ['metadata'], 1_000)
    expect(inside.value).toEqual({ comment: null, n: 1 })
    expect(inside.marks).toEqual([{ kind: 'lazy', path: ['metadata', 'comment'] }])
    expect(pruneArchiveValue(long, ['metadata', 'comment'], 1_000).value).toBe(long)
  })
})

describe('archive paths', () => {
  it('turn into required specs with one-item slices', () => {
    expect(requiredFor(['run', 0, 'system', 2, 'atoms'], '*')).toEqual({
      'run[0:1]': { 'system[2:3]': { atoms: '*' } },
    })
    expect(requiredFor(['metadata'], '*')).toEqual({ metadata: '*' })
  })

  it('are fetchable only where the reader can name them', () => {
    expect(isFetchablePath(['run', 0, 'calculation', 3])).toBe(true)
    expect(isFetchablePath(['positions', 0, 1])).toBe(false)
    expect(isFetchablePath([0])).toBe(false)
    expect(isFetchablePath(['m_ref_archives', '../uploads/x/archive/y'])).toBe(false)
  })

  it('print as JSONPath', () => {
    expect(jsonPathOf(['run', 0, 'system', 1, 'atoms'])).toBe('$.run[0].system[1].atoms')
    expect(jsonPathOf(['data', 'a key'])).toBe('$.data["a key"]')
  })
})
