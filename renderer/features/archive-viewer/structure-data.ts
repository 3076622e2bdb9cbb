import type { TreeNode } from './archive-model'
import { numericArray } from './plot-data'

/**
 * An archive structure (a section with `atoms`: labels, positions, lattice_vectors, periodic;
 * SI metres on the wire) prepared for the 3D view: in Å, repeated into a supercell along its
 * periodic directions, written as XYZ for the molecular viewer.
 */

const ANGSTROM = 1e-10
type Vec = [number, number, number]
const AXES = [0, 1, 2] as const

export interface Structure {
  labels: string[]
  /** Å, one row per atom. */
  positions: Vec[]
  /** Å, the three cell vectors; undefined for a molecule without a cell. */
  cell: Vec[] | undefined
  periodic: [boolean, boolean, boolean]
}

const vec = (row: number[] | undefined): Vec | undefined =>
  row && row.length === 3 ? [row[0] ?? 0, row[1] ?? 0, row[2] ?? 0] : undefined

/** The `atoms` of a section, or the section itself when it is one; undefined if incomplete. */
export function structureOf(node: TreeNode | undefined): Structure | undefined {
  const atoms = node?.t === 'object' && node.children.atoms ? node.children.atoms : node
  if (atoms?.t !== 'object') return undefined
  const labelsNode = atoms.children.labels
  if (labelsNode?.t !== 'list' || labelsNode.items.length !== labelsNode.length) return undefined
  const labels = labelsNode.items.map((i) => (i?.t === 'value' ? String(i.value) : ''))
  const positions = numericArray(atoms.children.positions)
  if (!positions || positions.length !== labels.length || !Array.isArray(positions[0]))
    return undefined
  const rows = (positions as number[][]).map((r) => vec(r.map((v) => v / ANGSTROM)))
  if (rows.some((r) => r === undefined)) return undefined
  const lattice = numericArray(atoms.children.lattice_vectors)
  const cell =
    lattice && lattice.length === 3 && Array.isArray(lattice[0])
      ? (lattice as number[][]).map((r) => vec(r.map((v) => v / ANGSTROM)))
      : undefined
  const periodicNode = atoms.children.periodic
  const flags =
    periodicNode?.t === 'list'
      ? periodicNode.items.map((i) => i?.t === 'value' && i.value === true)
      : [false, false, false]
  return {
    labels,
    positions: rows as Vec[],
    cell: cell?.every((r) => r !== undefined) ? cell : undefined,
    periodic: [flags[0] ?? false, flags[1] ?? false, flags[2] ?? false],
  }
}

/** Repeats along each periodic direction (`repeat` times); non-periodic ones stay single. */
export function supercell(structure: Structure, repeat: Vec): Structure {
  if (!structure.cell) return structure
  const [ca, cb, cc] = structure.cell as [Vec, Vec, Vec]
  const n = repeat.map((r, i) => (structure.periodic[i] ? Math.max(1, Math.floor(r)) : 1))
  const labels: string[] = []
  const positions: Vec[] = []
  for (let a = 0; a < (n[0] ?? 1); a++)
    for (let b = 0; b < (n[1] ?? 1); b++)
      for (let c = 0; c < (n[2] ?? 1); c++)
        structure.positions.forEach((p, atom) => {
          const shift = AXES.map((k) => a * ca[k] + b * cb[k] + c * cc[k]) as Vec
          labels.push(structure.labels[atom] ?? 'X')
          positions.push([p[0] + shift[0], p[1] + shift[1], p[2] + shift[2]])
        })
  const scaled = [ca, cb, cc].map((v, i) => v.map((x) => x * (n[i] ?? 1)) as Vec)
  return { labels, positions, cell: scaled, periodic: structure.periodic }
}

/** XYZ text (Å), as 3Dmol.js and most viewers read it. */
export function toXyz(structure: Structure): string {
  const lines = structure.positions.map(
    (p, i) =>
      `${structure.labels[i] ?? 'X'} ${p[0].toFixed(6)} ${p[1].toFixed(6)} ${p[2].toFixed(6)}`,
  )
  return `${lines.length}\nstructure from the archive\n${lines.join('\n')}\n`
}

/** The 12 edges of the cell (Å) as start and end points, for drawing the unit cell. */
export function cellEdges(cell: Vec[]): [Vec, Vec][] {
  const [a, b, c] = cell as [Vec, Vec, Vec]
  const add = (...vs: Vec[]): Vec => AXES.map((k) => vs.reduce((s, v) => s + v[k], 0)) as Vec
  const o: Vec = [0, 0, 0]
  const corners = { o, a, b, c, ab: add(a, b), ac: add(a, c), bc: add(b, c), abc: add(a, b, c) }
  const pairs: [keyof typeof corners, keyof typeof corners][] = [
    ['o', 'a'],
    ['o', 'b'],
    ['o', 'c'],
    ['a', 'ab'],
    ['a', 'ac'],
    ['b', 'ab'],
    ['b', 'bc'],
    ['c', 'ac'],
    ['c', 'bc'],
    ['ab', 'abc'],
    ['ac', 'abc'],
    ['bc', 'abc'],
  ]
  return pairs.map(([from, to]) => [corners[from], corners[to]])
}
