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

/** Element symbols in order of atomic number (H = 1 … Rn = 86, then U). */
const SYMBOLS = (
  'H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se ' +
  'Br Kr Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy ' +
  'Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn'
).split(' ')
const Z: Record<string, number> = {
  ...Object.fromEntries(SYMBOLS.map((s, i) => [s, i + 1])),
  Th: 90,
  U: 92,
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
