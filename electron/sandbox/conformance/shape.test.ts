import { describe, expect, it } from 'vitest'
import { diffShape, keyPaths, missingShape, type ShapeRules } from './shape'

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

// The archive conformance test (archives.int.test.ts) stands on these two: it must fail when
// the sandbox's answer lacks a key path or a value type the recording has, whatever it adds.
describe('missingShape', () => {
  const recorded = {
    run: [{ system: [{ atoms: { labels: ['Si'], lattice_vectors: [[1, 0, 0]] } }] }],
    metadata: { entry_id: 'e', comment: 'x' },
  }

  it('accepts an answer with everything recorded, and more', () => {
    const ours = structuredClone(recorded) as typeof recorded & { extra?: number }
    ours.extra = 1
    expect(missingShape(recorded, ours)).toEqual([])
  })

  it('names a key path the answer lacks, even deep in a list', () => {
    const ours = structuredClone(recorded) as Record<string, unknown>
    delete (ours.metadata as Record<string, unknown>).comment
    const atoms = (ours.run as { system: { atoms: Record<string, unknown> }[] }[])[0]?.system[0]
      ?.atoms
    if (atoms) delete atoms.lattice_vectors
    expect(missingShape(recorded, ours)).toEqual([
      '$.run[0].system[0].atoms.lattice_vectors: missing here',
      '$.metadata.comment: missing here',
    ])
  })

  it('names a value type that differs (a string where the recording has a number)', () => {
    const ours = structuredClone(recorded)
    ;(ours.run[0]?.system[0]?.atoms.lattice_vectors[0] as unknown[])[1] = '0'
    expect(missingShape(recorded, ours)).toEqual([
      '$.run[0].system[0].atoms.lattice_vectors[0][1]: number recorded, string here',
    ])
  })

  it('names a list shorter than the recorded one', () => {
    expect(missingShape({ a: [1, 2, 3] }, { a: [1] })).toEqual(['$.a: 3 items recorded, 1 here'])
  })
})

describe('keyPaths', () => {
  it('folds list positions and records each value type, so a missing type shows', () => {
    const ours = keyPaths({ energy: [1.5, 2], label: 'x' })
    expect([...ours].sort()).toEqual(
      ['$:object', '$.energy:array', '$.energy[]:number', '$.label:string'].sort(),
    )
    const recorded = keyPaths({ energy: [1.5, null] })
    expect([...recorded].filter((path) => !ours.has(path))).toEqual(['$.energy[]:null'])
  })
})
