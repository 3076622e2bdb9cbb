import { describe, expect, it } from 'vitest'
import { LAZY, pathKey, type TreeNode } from './archive-model'
import { nextToLoad, pathsToReveal } from './use-reveal-path'

const value = (v: number): TreeNode => ({ t: 'value', value: v })
const object = (children: Record<string, TreeNode>): TreeNode => ({
  t: 'object',
  keys: Object.keys(children),
  children,
})
const sections = (items: (TreeNode | undefined)[]): TreeNode => ({
  t: 'list',
  length: items.length,
  items,
  of: 'section',
  capped: false,
})

describe('revealing a path', () => {
  it('opens the path and every parent', () => {
    expect([...pathsToReveal(['run', 0, 'system'])]).toEqual(
      [['run'], ['run', 0], ['run', 0, 'system']].map(pathKey),
    )
    expect(pathsToReveal(undefined).size).toBe(0)
  })
  it('loads the first part on the way that is not there yet, one at a time', () => {
    const top = object({ run: LAZY, metadata: object({ id: value(1) }) })
    expect(nextToLoad(top, ['run', 0, 'system'])).toEqual(['run'])
    const run = object({ run: sections([undefined, undefined]) })
    expect(nextToLoad(run, ['run', 1, 'system'])).toEqual(['run', 1])
    const item = object({ run: sections([undefined, object({ system: LAZY })]) })
    expect(nextToLoad(item, ['run', 1, 'system'])).toEqual(['run', 1, 'system'])
    expect(nextToLoad(top, ['metadata', 'id'])).toBeUndefined()
  })
  it('stops at a place the archive does not have (a stale link)', () => {
    const top = object({ run: sections([undefined]) })
    expect(nextToLoad(top, ['nope', 'x'])).toBeUndefined()
    expect(nextToLoad(top, ['run', 5])).toBeUndefined()
    expect(nextToLoad(top, ['run', 'x'])).toBeUndefined()
  })
})
