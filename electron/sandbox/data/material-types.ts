/** The material catalogue's types (materials.ts, material-families.ts). */

export type CrystalSystem =
  'triclinic' | 'monoclinic' | 'orthorhombic' | 'tetragonal' | 'trigonal' | 'hexagonal' | 'cubic'

export type StructuralType = 'bulk' | 'surface' | '2D' | '1D' | 'molecule / cluster' | 'atom'

export interface Material {
  name: string
  /** Conventional-cell composition, element → count. */
  composition: Record<string, number>
  descriptive: string
  structuralType: StructuralType
  crystalSystem?: CrystalSystem
  spaceGroup?: [number, string]
  bravais?: string
  pointGroup?: string
  structureName?: string
  prototypeAflowId?: string
  /** Lattice constant a in Å (b, c derived from ratios). */
  a: number
  cOverA?: number
  /** Band gap in eV; 0 for metals. */
  gap: number
  gapType?: 'direct' | 'indirect'
  /** Family of rule-built materials (material-families.ts); campaigns draw from families. */
  family?: string
}
