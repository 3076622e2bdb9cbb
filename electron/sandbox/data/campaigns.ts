import { MATERIALS } from './materials'

/** Research themes that give uploads a coherent name, folder, codes and set of materials. */
export interface Campaign {
  slug: string
  title: string
  /** Upload names of this theme; `{m}` is replaced by a material of the upload. */
  names: readonly string[]
  materialIndices: number[]
  /** Codes this community uses, by name, with relative weights. */
  programs: readonly (readonly [string, number])[]
}

interface Theme {
  slug: string
  title: string
  names: string[]
  families: string[]
  textbook: string[]
  programs: [string, number][]
}

const SOLID = ['VASP', 5] as [string, number]
const THEMES: Theme[] = [
  {
    slug: 'bulk-oxides',
    title: 'Transition-metal oxides',
    names: [
      'Transition-metal oxides',
      'Oxide band gaps with hybrid functionals',
      'Defect-free reference oxides for {m}',
      'Polymorphs of {m} and related oxides',
    ],
    families: ['oxides'],
    textbook: [
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
      'Copper sulfate pentahydrate',
      'Potassium dichromate',
    ],
    programs: [SOLID, ['Quantum ESPRESSO', 3], ['FHI-aims', 2], ['exciting', 1]],
  },
  {
    slug: 'semiconductors',
    title: 'Semiconductor band gaps',
    names: [
      'Semiconductor band gaps',
      'III-V and II-VI benchmark set',
      'Band structures of {m} and friends',
      'Thermoelectric chalcogenides',
    ],
    families: ['semiconductors'],
    textbook: [
      'Silicon',
      'Germanium',
      'Gallium arsenide',
      'Indium phosphide',
      'Cadmium telluride',
      'Zinc sulfide',
      'Silicon carbide',
      'Gallium nitride',
      'Diamond',
      'Bismuth selenide',
    ],
    programs: [SOLID, ['exciting', 3], ['FHI-aims', 2], ['Quantum ESPRESSO', 2]],
  },
  {
    slug: 'perovskites',
    title: 'Perovskite screening',
    names: [
      'Perovskite screening',
      'ABO3 perovskites for photocatalysis',
      'Ferroelectric perovskites around {m}',
      'Tolerance factor study, oxide perovskites',
    ],
    families: ['perovskites'],
    textbook: ['Strontium titanate', 'Barium titanate'],
    programs: [SOLID, ['Quantum ESPRESSO', 3], ['FHI-aims', 1]],
  },
  {
    slug: 'halide-perovskites',
    title: 'Halide perovskites',
    names: [
      'Halide perovskites for solar cells',
      'Lead-free halide perovskites',
      'Mixed-halide band gap tuning',
      'Spin-orbit effects in {m}',
    ],
    families: ['halide-perovskites'],
    textbook: ['Caesium lead iodide'],
    programs: [SOLID, ['FHI-aims', 3], ['Quantum ESPRESSO', 2], ['GPAW', 1]],
  },
  {
    slug: 'battery-materials',
    title: 'Cathode materials',
    names: [
      'Cathode materials',
      'Li-ion cathodes: voltages and gaps',
      'Solid electrolytes for all-solid-state batteries',
      'Na-ion analogues of {m}',
    ],
    families: ['battery'],
    textbook: ['Lithium iron phosphate', 'Lithium cobalt oxide'],
    programs: [SOLID, ['Quantum ESPRESSO', 2], ['CP2K', 1], ['GPAW', 1]],
  },
  {
    slug: '2d-materials',
    title: 'Two-dimensional materials',
    names: [
      'Two-dimensional materials',
      'TMD monolayers',
      'MXenes and their terminations',
      'Exfoliable layers beyond {m}',
    ],
    families: ['2d'],
    textbook: [
      'Graphene',
      'Hexagonal boron nitride',
      'Molybdenum disulfide monolayer',
      'Molybdenum disulfide',
      'Carbon nanotube (6,6)',
    ],
    programs: [SOLID, ['Quantum ESPRESSO', 4], ['GPAW', 2], ['FHI-aims', 1]],
  },
  {
    slug: 'metals',
    title: 'Elemental metals',
    names: [
      'Elemental metals',
      'Transition-metal carbides and nitrides',
      'Equations of state of metals',
      'Elastic constants of {m} and other metals',
    ],
    families: ['metals'],
    textbook: ['Copper', 'Aluminium', 'Gold', 'Platinum', 'Iron', 'Tungsten'],
    programs: [SOLID, ['Quantum ESPRESSO', 3], ['GPAW', 2], ['exciting', 1]],
  },
  {
    slug: 'alloys',
    title: 'Intermetallics and Heusler alloys',
    names: [
      'Intermetallics and Heusler alloys',
      'Half-Heusler thermoelectrics',
      'Laves phases for hydrogen storage',
      'Magnetic Heusler compounds near {m}',
    ],
    families: ['intermetallics'],
    textbook: [],
    programs: [SOLID, ['Quantum ESPRESSO', 2], ['FHI-aims', 1]],
  },
  {
    slug: 'molecules',
    title: 'Small molecules and clusters',
    names: [
      'Small molecules and clusters',
      'Organic semiconductors: acenes and oligothiophenes',
      'Metal clusters from dimers to 20 atoms',
      'Homologous series, HOMO-LUMO gaps',
    ],
    families: ['molecules'],
    textbook: ['Water', 'Carbon dioxide', 'Methane', 'Benzene', 'Platinum cluster', 'Iron atom'],
    programs: [
      ['FHI-aims', 4],
      ['CP2K', 3],
      ['GPAW', 2],
      ['Quantum ESPRESSO', 1],
    ],
  },
  {
    slug: 'surfaces',
    title: 'Surface slabs',
    names: [
      'Surface slabs',
      'Adsorption on transition-metal surfaces',
      'Oxide surfaces for catalysis',
      'CO oxidation on {m}',
    ],
    families: ['surfaces'],
    textbook: ['Titanium dioxide (110) surface', 'Copper (111) surface'],
    programs: [SOLID, ['GPAW', 3], ['Quantum ESPRESSO', 3], ['CP2K', 2]],
  },
  {
    slug: 'halides',
    title: 'Ionic halides',
    names: [
      'Ionic halides',
      'Alkali halides benchmark',
      'Fluorides: wide-gap insulators',
      'Dielectric response of {m}',
    ],
    families: ['halides'],
    textbook: ['Sodium chloride', 'Potassium chloride', 'Calcium fluoride'],
    programs: [SOLID, ['exciting', 2], ['FHI-aims', 2], ['Quantum ESPRESSO', 1]],
  },
]

export const CAMPAIGNS: readonly Campaign[] = THEMES.map((theme) => {
  const textbook = theme.textbook.map((name) => {
    const index = MATERIALS.findIndex((m) => m.name === name)
    if (index < 0) throw new Error(`unknown material ${name}`)
    return index
  })
  const family = MATERIALS.flatMap((m, i) =>
    m.family !== undefined && theme.families.includes(m.family) ? [i] : [],
  )
  return {
    slug: theme.slug,
    title: theme.title,
    names: theme.names,
    materialIndices: [...textbook, ...family],
    programs: theme.programs,
  }
})

/** Folder-safe short name of a material, e.g. "TiO2-rutile". */
export function materialSlug(index: number): string {
  const material = MATERIALS[index]
  if (!material) return 'material'
  // Rule-built materials can share formula and prototype (slabs of one metal), so their
  // folders are named after the material: "Pt-111-surface-4-layers".
  if (material.family) return material.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '')
  const base = material.descriptive.replace(/[^A-Za-z0-9]/g, '')
  const suffix = material.structureName ?? material.structuralType
  return `${base}-${suffix.replace(/[^A-Za-z0-9]+/g, '_')}`
}
