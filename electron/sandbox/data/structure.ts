import { atomLabels } from './formula'
import { materialParts } from './material-parts'
import { MATERIALS } from './materials'
import { ANGSTROM } from './programs'
import { Rng } from './rng'

/**
 * A plausible atomic structure for a material: lattice vectors from its lattice parameters
 * and atom positions spread over the cell (deterministic from the material, not a relaxed
 * crystal structure). Frames of trajectories add small seeded displacements.
 */
export interface Structure {
  labels: string[]
  species: number[]
  /** Cartesian positions in m. */
  positions: number[][]
  /** Lattice vectors in m (rows). */
  lattice: number[][]
  periodic: boolean[]
}

const Z: Record<string, number> = {
  H: 1,
  Li: 3,
  B: 5,
  C: 6,
  N: 7,
  O: 8,
  F: 9,
  Na: 11,
  Mg: 12,
  Al: 13,
  Si: 14,
  P: 15,
  S: 16,
  Cl: 17,
  K: 19,
  Ca: 20,
  Ti: 22,
  V: 23,
  Cr: 24,
  Fe: 26,
  Co: 27,
  Ni: 28,
  Cu: 29,
  Zn: 30,
  Ga: 31,
  Ge: 32,
  As: 33,
  Se: 34,
  Sr: 38,
  Zr: 40,
  Mo: 42,
  Cd: 48,
  In: 49,
  Te: 52,
  I: 53,
  Cs: 55,
  Ba: 56,
  Ce: 58,
  W: 74,
  Pt: 78,
  Au: 79,
  Pb: 82,
  Bi: 83,
}

export function atomicNumber(symbol: string): number {
  return Z[symbol] ?? 0
}

const cache = new Map<string, Structure>()

export function baseStructure(materialIndex: number, supercell: number): Structure {
  const key = `${materialIndex}/${supercell}`
  const cached = cache.get(key)
  if (cached) return cached
  const material = MATERIALS[materialIndex]
  const parts = materialParts(materialIndex, supercell)
  const p = (
    parts.structures.structure_conventional as { lattice_parameters: Record<string, number> }
  ).lattice_parameters
  const a = (p.a ?? 5 * ANGSTROM) * supercell
  const b = (p.b ?? 5 * ANGSTROM) * supercell
  const c = (p.c ?? 5 * ANGSTROM) * supercell
  const gamma = p.gamma ?? Math.PI / 2
  const lattice = [
    [a, 0, 0],
    [b * Math.cos(gamma), b * Math.sin(gamma), 0],
    [0, 0, c],
  ]
  const labels = atomLabels(parts.composition)
  const rng = new Rng(materialIndex * 7919 + supercell)
  // Atoms on a jittered grid so that no two overlap, in fractional coordinates.
  const n = labels.length
  const side = Math.max(1, Math.ceil(Math.cbrt(n)))
  const positions = labels.map((_, i) => {
    const f = [i % side, Math.floor(i / side) % side, Math.floor(i / side / side)].map(
      (cell) => (cell + 0.5 + rng.float(-0.15, 0.15)) / side,
    )
    const [x = 0, y = 0, zf = 0] = f
    return [
      x * (lattice[0]?.[0] ?? 0) + y * (lattice[1]?.[0] ?? 0),
      y * (lattice[1]?.[1] ?? 0),
      zf * c,
    ]
  })
  const dims = material?.structuralType === 'bulk' ? 3 : material?.structuralType === '2D' ? 2 : 0
  const structure: Structure = {
    labels,
    species: labels.map(atomicNumber),
    positions,
    lattice,
    periodic: [0, 1, 2].map((axis) => axis < dims),
  }
  cache.set(key, structure)
  return structure
}

/** Positions of frame `step` of a trajectory (or optimisation): seeded displacements ≤ 0.05 Å. */
export function framePositions(
  base: Structure,
  seed: number,
  step: number,
  amplitude = 0.05,
): number[][] {
  const rng = new Rng(seed ^ Math.imul(step + 1, 0x9e3779b1))
  const d = amplitude * ANGSTROM
  return base.positions.map(([x = 0, y = 0, z = 0]) => [
    x + rng.float(-d, d),
    y + rng.float(-d, d),
    z + rng.float(-d, d),
  ])
}
