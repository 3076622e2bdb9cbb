import { describe, expect, it } from 'vitest'
import { GROUP_NAME_PATTERN, groupNameProblem } from './group-name'
import { groupChanges, mergeGroupEdits } from './member-changes'

describe('groupNameProblem', () => {
  it('accepts exactly what the server pattern and length accept', () => {
    for (const name of ['abc', 'Thin Films Lab', 'a.b_c-d e9', 'x'.repeat(32)]) {
      expect(groupNameProblem(name)).toBeNull()
      expect(GROUP_NAME_PATTERN.test(name)).toBe(true)
    }
  })
  it('says which rule a name breaks', () => {
    expect(groupNameProblem('ab')).toBe('Too short: 2 of at least 3 characters.')
    expect(groupNameProblem('x'.repeat(33))).toBe('Too long: 33 of at most 32 characters.')
    expect(groupNameProblem('Lab/2 ü')).toMatch(/^Not allowed: “\/” “ü”\./)
    expect(groupNameProblem('-abc')).toBe('Start and end the name with a letter or digit.')
    expect(groupNameProblem('abc ')).toBe('Start and end the name with a letter or digit.')
  })
})

describe('group changes', () => {
  const base = { name: 'Lab', members: ['a', 'b'] }
  it('lists rename, additions and removals', () => {
    expect(groupChanges(base, { name: 'Lab 2', members: ['b', 'c'] })).toEqual({
      rename: { from: 'Lab', to: 'Lab 2' },
      added: ['c'],
      removed: ['a'],
    })
    expect(groupChanges(base, { name: 'Lab', members: ['b', 'a'] })).toEqual({
      rename: null,
      added: [],
      removed: [],
    })
  })
  it("merges the user's changes onto someone else's", () => {
    const mine = { name: 'Lab', members: ['a', 'c'] } // removed b, added c
    const theirs = { name: 'Lab North', members: ['a', 'b', 'd'] } // renamed, added d
    expect(mergeGroupEdits(base, mine, theirs)).toEqual({
      name: 'Lab North',
      members: ['a', 'd', 'c'],
    })
    expect(mergeGroupEdits(base, { ...mine, name: 'Mine' }, theirs).name).toBe('Mine')
  })
})
