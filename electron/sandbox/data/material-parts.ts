import { entryIdFor } from './ids'
import { MATERIALS, type Material } from './materials'
import {
  anonymousFormula,
  atomCount,
  elementsOf,
  hill,
  reducedFormula,
  scale,
  type Composition,
} from './formula'
import { cached } from './cached'
import { ANGSTROM } from './programs'

/**
 * The material-level parts of an entry document (results.material, optimade, structures),
 * built once per (material, supercell) and shared by every entry of that material.
 */

export interface MaterialParts {
  material: Record<string, unknown>
  optimade: Record<string, unknown>
  structures: Record<string, unknown>
  composition: Composition
  /** Atoms in the (super)cell: the composition's count, asked for once per entry. */
  nAtoms: number
}

function latticeParameters(m: Material): Record<string, number> {
  const a = m.a * ANGSTROM
  const c = a * (m.cOverA ?? 1)
  const right = Math.PI / 2
  const hexagonal = m.crystalSystem === 'hexagonal' || m.crystalSystem === 'trigonal'
  const oblique = m.crystalSystem === 'monoclinic' || m.crystalSystem === 'triclinic'
  return {
    a,
    b: m.crystalSystem === 'orthorhombic' || oblique ? a * 1.07 : a,
    c,
    alpha: m.crystalSystem === 'triclinic' ? 1.55 : right,
    beta: oblique ? 1.75 : right,
    gamma: hexagonal ? (2 * Math.PI) / 3 : m.crystalSystem === 'triclinic' ? 1.62 : right,
  }
}

/** Volume from lattice parameters (general triclinic formula). */
function cellVolume(p: Record<string, number>): number {
  const [a, b, c, al, be, ga] = ['a', 'b', 'c', 'alpha', 'beta', 'gamma'].map((k) => p[k] ?? 0)
  const cos = (x: number | undefined) => Math.cos(x ?? 0)
  const root = 1 - cos(al) ** 2 - cos(be) ** 2 - cos(ga) ** 2 + 2 * cos(al) * cos(be) * cos(ga)
  return (a ?? 0) * (b ?? 0) * (c ?? 0) * Math.sqrt(Math.max(root, 0))
}

function build(materialIndex: number, supercell: number): MaterialParts {
  const m = MATERIALS[materialIndex] ?? MATERIALS[0]
  if (!m) throw new Error('empty material catalogue')
  const composition = scale(m.composition, supercell ** 3)
  const elements = elementsOf(m.composition)
  const reduced = reducedFormula(m.composition)
  const material: Record<string, unknown> = {
    material_id: entryIdFor('material', `${m.name}/${m.spaceGroup?.[0] ?? 0}`),
    material_name: m.name,
    structural_type: m.structuralType,
    elements,
    elements_exclusive: elements.join(' '),
    n_elements: elements.length,
    chemical_formula_hill: hill(m.composition),
    chemical_formula_reduced: reduced,
    chemical_formula_descriptive: m.descriptive,
    chemical_formula_anonymous: anonymousFormula(m.composition),
    chemical_formula_iupac: m.descriptive,
  }
  if (m.crystalSystem && m.spaceGroup) {
    const symmetry: Record<string, unknown> = {
      crystal_system: m.crystalSystem,
      bravais_lattice: m.bravais,
      space_group_number: m.spaceGroup[0],
      space_group_symbol: m.spaceGroup[1],
      point_group: m.pointGroup,
    }
    if (m.structureName) symmetry.structure_name = m.structureName
    material.symmetry = symmetry
  }
  const periodic = m.structuralType === 'bulk' ? 3 : m.structuralType === '2D' ? 2 : 0
  const n = atomCount(composition)
  const optimade: Record<string, unknown> = {
    elements,
    nelements: elements.length,
    elements_ratios: elements.map((e) => (m.composition[e] ?? 0) / atomCount(m.composition)),
    chemical_formula_descriptive: m.descriptive,
    chemical_formula_reduced: reduced,
    chemical_formula_hill: hill(composition),
    chemical_formula_anonymous: anonymousFormula(m.composition),
    dimension_types: [0, 1, 2].map((axis) => (axis < periodic ? 1 : 0)),
    nperiodic_dimensions: periodic,
    nsites: n,
    structure_features: [],
  }
  const parameters = latticeParameters(m)
  const volume = cellVolume(parameters) * supercell ** 3
  const structure = (sites: number, vol: number) => ({
    nperiodic_dimensions: periodic,
    n_sites: sites,
    cell_volume: vol,
    lattice_parameters: parameters,
  })
  const structures = {
    structure_original: structure(n, volume),
    structure_conventional: structure(atomCount(m.composition), cellVolume(parameters)),
    structure_primitive: structure(
      Math.max(1, atomCount(m.composition) / 4),
      cellVolume(parameters) / 4,
    ),
  }
  return { material, optimade, structures, composition, nAtoms: n }
}

const cache = new Map<number, MaterialParts>()

/** One number per material and supercell (small integers both), for caches keyed by them. */
export function materialPartsKey(materialIndex: number, supercell: number): number {
  return supercell * MATERIALS.length + materialIndex
}

export function materialParts(materialIndex: number, supercell: number): MaterialParts {
  const key = materialPartsKey(materialIndex, supercell)
  return cached(cache, key, () => build(materialIndex, supercell))
}
