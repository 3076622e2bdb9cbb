import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonPathOf } from '../../../shared/ipc/channels/archive'
import { parseJsonPath } from './json-path'

describe('parseJsonPath', () => {
  it('reads back what jsonPathOf writes', () => {
    const path = fc.array(
      fc.oneof(fc.string({ minLength: 1, maxLength: 30, unit: 'binary' }), fc.nat()),
      { maxLength: 12 },
    )
    fc.assert(
      fc.property(path, (p) => {
        expect(parseJsonPath(jsonPathOf(p))).toEqual(p)
      }),
      { seed: 20261124, numRuns: 500 },
    )
  })
  it('reads the usual forms', () => {
    expect(parseJsonPath('$')).toEqual([])
    expect(parseJsonPath('$.run[0].system[1].atoms')).toEqual(['run', 0, 'system', 1, 'atoms'])
    expect(parseJsonPath('$["a b"][2]')).toEqual(['a b', 2])
  })
  it('keeps negative indices, as references write the last item', () => {
    expect(parseJsonPath('$.run[0].calculation[-1]')).toEqual(['run', 0, 'calculation', -1])
  })
  it.each([
    '',
    'run',
    '$.',
    '$..a',
    '$[01]',
    '$[-0x1]',
    '$[--1]',
    '$["a"',
    '$[x]',
    '$.a b',
    '$[""]',
  ])('is undefined for %j', (text) => expect(parseJsonPath(text)).toBeUndefined())
})
