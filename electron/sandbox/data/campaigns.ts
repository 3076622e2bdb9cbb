import { MATERIALS } from './materials'

/** Research themes that give uploads a coherent name, folder and set of materials. */
export interface Campaign {
  slug: string
  title: string
  materialIndices: number[]
}

const THEMES: [slug: string, title: string, materials: string[]][] = [
  [
    'bulk-oxides',
    'Transition-metal oxides',
    [
      'Titanium dioxide',
      'Anatase',
      'Magnesium oxide',
      'Nickel oxide',
      'Zinc oxide',
      'Aluminium oxide',
      'Hematite',
      'Cerium dioxide',
      'Zirconium dioxide',
      'Copper(II) oxide',
      'Vanadium dioxide',
      'Quartz',
    ],
  ],
  [
    'semiconductors',
    'Semiconductor band gaps',
    [
      'Silicon',
      'Germanium',
      'Gallium arsenide',
      'Indium phosphide',
      'Cadmium telluride',
      'Zinc sulfide',
      'Silicon carbide',
      'Gallium nitride',
      'Diamond',
    ],
  ],
  [
    'perovskites',
    'Perovskite screening',
    ['Strontium titanate', 'Barium titanate', 'Caesium lead iodide'],
  ],
  ['battery-materials', 'Cathode materials', ['Lithium iron phosphate', 'Lithium cobalt oxide']],
  [
    '2d-materials',
    'Two-dimensional materials',
    [
      'Graphene',
      'Hexagonal boron nitride',
      'Molybdenum disulfide monolayer',
      'Molybdenum disulfide',
    ],
  ],
  ['metals', 'Elemental metals', ['Copper', 'Aluminium', 'Gold', 'Platinum', 'Iron', 'Tungsten']],
  [
    'molecules',
    'Small molecules and clusters',
    ['Water', 'Carbon dioxide', 'Methane', 'Benzene', 'Platinum cluster', 'Iron atom'],
  ],
  ['surfaces', 'Surface slabs', ['Titanium dioxide (110) surface', 'Copper (111) surface']],
  ['halides', 'Ionic halides', ['Sodium chloride', 'Potassium chloride', 'Calcium fluoride']],
  ['topological', 'Topological and 1D systems', ['Bismuth selenide', 'Carbon nanotube (6,6)']],
  ['hydrates', 'Low-symmetry crystals', ['Copper sulfate pentahydrate', 'Potassium dichromate']],
]

export const CAMPAIGNS: readonly Campaign[] = THEMES.map(([slug, title, names]) => ({
  slug,
  title,
  materialIndices: names.map((name) => {
    const index = MATERIALS.findIndex((m) => m.name === name)
    if (index < 0) throw new Error(`unknown material ${name}`)
    return index
  }),
}))

/** Folder-safe short name of a material, e.g. "TiO2-rutile". */
export function materialSlug(index: number): string {
  const material = MATERIALS[index]
  if (!material) return 'material'
  const base = material.descriptive.replace(/[^A-Za-z0-9]/g, '')
  const suffix = material.structureName ?? material.structuralType
  return `${base}-${suffix.replace(/[^A-Za-z0-9]+/g, '_')}`
}
