import { describe, expect, it } from 'vitest'
import { diffShape, type ShapeRules } from './shape'

const rules: ShapeRules = {
  open: [/^\$\.data\[\]/],
  optional: new Set(['next']),
  core: new Set(['entry_id']),
}

describe('diffShape', () => {
  it('accepts equal structures with different values', () => {
    expect(
      diffShape(
        { a: 1, b: ['x'], c: { d: true } },
        { a: 2, b: ['y', 'z'], c: { d: false } },
        rules,
      ),
    ).toEqual([])
  })

  it('reports type changes, missing and extra keys in closed objects', () => {
    expect(diffShape({ a: 1 }, { a: '1' }, rules)).toEqual(['$.a: number recorded, string here'])
    expect(diffShape({ a: 1, b: 2 }, { a: 1 }, rules)).toEqual(['$.b: missing here'])
    expect(diffShape({ a: 1 }, { a: 1, c: 3 }, rules)).toEqual(['$.c: not in the recording'])
    expect(diffShape({ a: 1 }, { a: 1, next: 'x' }, rules)).toEqual([])
  })

  it('compares only common keys in open objects but requires core keys', () => {
    expect(
      diffShape({ data: [{ entry_id: 'a', x: 1 }] }, { data: [{ entry_id: 'b', y: 2 }] }, rules),
    ).toEqual([])
    expect(diffShape({ data: [{ entry_id: 'a', x: 1 }] }, { data: [{ x: 2 }] }, rules)).toEqual([
      '$.data[].entry_id: missing here',
    ])
    expect(
      diffShape({ data: [{ entry_id: 'a', x: 1 }] }, { data: [{ entry_id: 'b', x: 'no' }] }, rules),
    ).toEqual(['$.data[].x: number recorded, string here'])
  })

  it('checks list items against the keys all recorded items share', () => {
    const recorded = {
      items: [
        { name: 'a', is_file: false },
        { name: 'b', is_file: true, entry_id: 'e' },
      ],
    }
    expect(
      diffShape(
        recorded,
        {
          items: [
            { name: 'c', is_file: true, entry_id: 'x' },
            { name: 'd', is_file: false },
          ],
        },
        rules,
      ),
    ).toEqual([])
    expect(diffShape(recorded, { items: [{ name: 'c' }] }, rules)).toEqual([
      '$.items[].is_file: missing here',
    ])
  })
})
