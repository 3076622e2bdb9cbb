/** The requests bench:sandbox times: typical searches of the GUI and the builder's counts. */

export const ELEMENTS = ['O', 'Si', 'Ti', 'Ga', 'C', 'N', 'Fe', 'Cu', 'Li', 'Mg', 'Zn', 'S']
const PROGRAMS = ['VASP', 'FHI-aims', 'Quantum ESPRESSO', 'CP2K', 'exciting']
const XC = ['GGA', 'LDA', 'meta-GGA', 'hybrid']
const SYSTEMS = [
  'cubic',
  'hexagonal',
  'tetragonal',
  'trigonal',
  'monoclinic',
  'orthorhombic',
  'triclinic',
]
const AUTHORS = [
  'Lena Hoffmann',
  'Omar Haddad',
  'Hiro Kimura',
  'Astrid Berg',
  'Mei Chen',
  'Thomas Moreau',
]
export const pick = <T>(list: T[], i: number): T => list[i % list.length] as T

/**
 * What the search screen's builder asks with every search (renderer/screens/search/builder:
 * use-facets.ts, FACET_QUANTITIES): elements within the query, the other terms quantities with
 * exclude_from_search (their criterion is "any of"), in one request of page_size 0.
 */
export const FACETS = [
  'results.material.structural_type',
  'results.material.symmetry.crystal_system',
  'results.material.functional_type',
  'results.method.method_name',
  'results.method.simulation.program_name',
  'results.method.simulation.dft.xc_functional_type',
  'results.method.simulation.dft.basis_set_type',
  'results.properties.available_properties',
]
export const builderAggregations = () => ({
  f0: { terms: { quantity: 'results.material.elements', size: 119, exclude_from_search: false } },
  ...Object.fromEntries(
    FACETS.map((quantity, i) => [`f${i + 1}`, { terms: { quantity, exclude_from_search: true } }]),
  ),
})
export const AGGREGATION_RATIO = 2
const EV = 1.602176634e-19

/**
 * Typical searches of the GUI's search page, page_size 100. Each round varies the values, so
 * every timed request evaluates a new query (no result cache hit); paging is measured apart.
 */
export const QUERIES: { name: string; body: (i: number) => Record<string, unknown> }[] = [
  {
    name: 'elements (two, all)',
    body: (i) => ({
      query: { 'results.material.elements': [pick(ELEMENTS, i), pick(ELEMENTS, i + 3)] },
    }),
  },
  {
    name: 'program + functional type',
    body: (i) => ({
      query: {
        'results.method.simulation.program_name': pick(PROGRAMS, i),
        'results.method.simulation.dft.xc_functional_type': pick(XC, i),
      },
    }),
  },
  {
    name: 'band gap range, newest first',
    body: (i) => ({
      query: {
        'results.properties.electronic.band_gap.value': {
          gte: (0.5 + (i % 5)) * EV,
          lte: (2 + (i % 5)) * EV,
        },
      },
      pagination: { order_by: 'upload_create_time', order: 'desc' },
    }),
  },
  {
    name: 'crystal system or space group',
    body: (i) => ({
      query: {
        or: [
          { 'results.material.symmetry.crystal_system': pick(SYSTEMS, i) },
          { 'results.material.symmetry.space_group_number:gte': 200 + (i % 20) },
        ],
      },
    }),
  },
  {
    name: 'OPTIMADE filter',
    body: (i) => ({
      query: {
        optimade_filter: `nelements >= ${2 + (i % 2)} AND elements HAS "${pick(ELEMENTS, i)}"`,
      },
    }),
  },
  {
    name: 'author + date range',
    body: (i) => ({
      query: {
        'authors.name': pick(AUTHORS, i),
        'upload_create_time:gt': `${2019 + (i % 5)}-01-01`,
      },
    }),
  },
  {
    name: 'n_elements range, GUI excludes, newest first',
    body: (i) => ({
      query: { 'results.material.n_elements': { gte: 1 + (i % 3), lte: 3 + (i % 2) } },
      required: { exclude: ['quantities', 'sections', 'files'] },
      pagination: { order_by: 'upload_create_time', order: 'desc' },
    }),
  },
]
