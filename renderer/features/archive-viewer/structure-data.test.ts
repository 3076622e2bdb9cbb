import { describe, expect, it } from 'vitest'
import { nodeFromAnswer } from './archive-model'
import { cellEdges, structureOf, supercell, toXyz } from './structure-data'

const A = 1e-10
const system = (periodic: boolean[]) =>
  nodeFromAnswer({
    path: ['run', 0, 'system', 0],
    marks: [],
    value: {
      chemical_composition_reduced: 'NaCl',
      atoms: {
        labels: ['Na', 'Cl'],
        positions: [
          [0, 0, 0],
          [2.8 * A, 0, 0],
        ],
        lattice_vectors: [
          [5.6 * A, 0, 0],
          [0, 5.6 * A, 0],
          [0, 0, 5.6 * A],
        ],
        periodic,
      },
    },
  })

describe('structure data for the 3D view', () => {
  it('reads labels, positions and the cell in Å from a section with atoms', () => {
    const s = structureOf(system([true, true, true]))
    expect(s?.labels).toEqual(['Na', 'Cl'])
    expect(s?.positions[1]?.[0]).toBeCloseTo(2.8)
    expect(s?.cell?.[2]?.[2]).toBeCloseTo(5.6)
    expect(s?.periodic).toEqual([true, true, true])
    expect(
      toXyz(s ?? { labels: [], positions: [], cell: undefined, periodic: [false, false, false] }),
    ).toMatch(/^2\n.*\nNa 0\.000000 0\.000000 0\.000000\nCl 2\.800000 0\.000000 0\.000000\n$/)
  })
  it('repeats a supercell only along periodic directions and scales the cell', () => {
    const slab = structureOf(system([true, true, false]))
    const big = slab && supercell(slab, [2, 2, 2])
    expect(big?.labels).toHaveLength(8)
    expect(big?.cell?.[0]?.[0]).toBeCloseTo(11.2)
    expect(big?.cell?.[2]?.[2]).toBeCloseTo(5.6)
    expect(Math.max(...(big?.positions.map((p) => p[2]) ?? []))).toBe(0)
    expect(Math.max(...(big?.positions.map((p) => p[1]) ?? []))).toBeCloseTo(5.6)
  })
  it('has the 12 edges of the cell, and nothing for sections without atoms', () => {
    const s = structureOf(system([true, true, true]))
    expect(cellEdges(s?.cell ?? [])).toHaveLength(12)
    expect(
      structureOf(nodeFromAnswer({ path: ['x'], marks: [], value: { energy: 1 } })),
    ).toBeUndefined()
  })
})
