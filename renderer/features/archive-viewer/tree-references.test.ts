import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../shared/api/json'
import { graft, nodeFromAnswer } from './archive-model'
import { pointersTo, POINTERS_LIMIT } from './tree-references'

const tree = (value: JsonValue) => nodeFromAnswer({ path: [], value, marks: [] })

describe('pointersTo', () => {
  it('lists the places pointing at a target, in tree order, and follows a newly loaded part', () => {
    const root = tree({
      system: [{ label: 'Si' }, { label: 'C' }],
      calculation: [{ system_ref: '#/system/1' }, { system_ref: '#/system/0' }],
      workflow: { first: '#/system/1' },
    })
    expect(pointersTo(root, ['system', 1])).toEqual([
      ['calculation', 0, 'system_ref'],
      ['workflow', 'first'],
    ])
    expect(pointersTo(root, ['system', 0])).toEqual([['calculation', 1, 'system_ref']])
    expect(pointersTo(root, ['calculation'])).toEqual([])
    // A part loaded later (a new root) is searched too.
    const more = graft(root, ['workflow'], tree({ first: '#/system/1', last: '#/system/0' }))
    expect(pointersTo(more, ['system', 0])).toEqual([
      ['calculation', 1, 'system_ref'],
      ['workflow', 'last'],
    ])
    expect(pointersTo(root, ['system', 0])).toHaveLength(1)
  })

  it('lists at most POINTERS_LIMIT places', () => {
    const refs = Array.from({ length: POINTERS_LIMIT + 5 }, () => ({ system_ref: '#/system/0' }))
    const root = tree({ system: [{}], calculation: refs })
    expect(pointersTo(root, ['system', 0])).toHaveLength(POINTERS_LIMIT)
  })
})
