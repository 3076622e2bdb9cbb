/** Quantities under results.material: composition, formulas, symmetry and topology. */
import { CHEMICAL_SYMBOLS } from './elements'
import { nestedUnder, quantity as q, type SearchQuantity } from './quantity'

const M = 'results.material'

const STRUCTURAL_TYPES = [
  'bulk',
  'surface',
  '2D',
  '1D',
  'molecule / cluster',
  'atom',
  'unavailable',
  'not processed',
]
const CRYSTAL_SYSTEMS = [
  'triclinic',
  'monoclinic',
  'orthorhombic',
  'tetragonal',
  'trigonal',
  'hexagonal',
  'cubic',
]
const BRAVAIS_LATTICES = 'aP mP mS oP oS oF oI tP tI hP hR cP cF cI'.split(' ')

const COMPOSITION: SearchQuantity[] = [
  q(`${M}.material_id`, 'str', 'Identifier of the material, shared by all its entries.'),
  q(`${M}.material_name`, 'str', 'Common name of the material, e.g. "Silicon".'),
  q(`${M}.structural_type`, 'enum', 'Kind of structure: bulk crystal, surface, 2D, molecule…', {
    enumValues: STRUCTURAL_TYPES,
  }),
  q(`${M}.functional_type`, 'str', 'Functional classes, e.g. semiconductor or solar cell.', {
    many: true,
  }),
  q(`${M}.compound_type`, 'str', 'Chemical classes derived from the formula.', { many: true }),
  q(`${M}.elements`, 'enum', 'Chemical elements present. A list means all must be present.', {
    many: true,
    manyAll: true,
    enumValues: CHEMICAL_SYMBOLS,
    defaultAggregationSize: CHEMICAL_SYMBOLS.length,
  }),
  q(`${M}.n_elements`, 'int', 'Number of different chemical elements.'),
  q(
    `${M}.elements_exclusive`,
    'str',
    'All elements, alphabetically and space-separated ("O Ti"): finds materials with exactly these elements.',
  ),
  q(`${M}.chemical_formula_hill`, 'str', 'Formula in Hill order, e.g. "O2Ti".'),
  q(`${M}.chemical_formula_reduced`, 'str', 'Reduced formula with alphabetical elements.'),
  q(`${M}.chemical_formula_descriptive`, 'str', 'Formula as usually written, e.g. "TiO2".'),
  q(`${M}.chemical_formula_anonymous`, 'str', 'Formula with anonymous elements, e.g. "A2B".'),
  q(`${M}.chemical_formula_iupac`, 'str', 'Formula in IUPAC order.'),
  q(`${M}.chemical_formula_reduced_fragments`, 'str', 'Parts of the reduced formula ("O2").', {
    many: true,
  }),
]

const SYMMETRY: SearchQuantity[] = [
  q(`${M}.symmetry.crystal_system`, 'enum', 'Crystal system, e.g. cubic.', {
    enumValues: CRYSTAL_SYSTEMS,
  }),
  q(`${M}.symmetry.bravais_lattice`, 'enum', 'Bravais lattice in Pearson notation, e.g. "cF".', {
    enumValues: BRAVAIS_LATTICES,
  }),
  q(`${M}.symmetry.space_group_number`, 'int', 'International space group number (1–230).'),
  q(`${M}.symmetry.space_group_symbol`, 'str', 'Short space group symbol, e.g. "Fd-3m".'),
  q(`${M}.symmetry.point_group`, 'str', 'Point group in Hermann–Mauguin notation.'),
  q(`${M}.symmetry.hall_number`, 'int', 'Hall number of the space group setting.'),
  q(`${M}.symmetry.hall_symbol`, 'str', 'Hall symbol of the space group setting.'),
  q(`${M}.symmetry.structure_name`, 'str', 'Common structure name, e.g. rutile or fcc.'),
  q(`${M}.symmetry.prototype_formula`, 'str', 'Formula of the prototype structure.'),
  q(`${M}.symmetry.prototype_aflow_id`, 'str', 'AFLOW prototype identifier.'),
  q(`${M}.symmetry.strukturbericht_designation`, 'str', 'Strukturbericht designation, e.g. C4.'),
]

const T = `${M}.topology`
const TOPOLOGY: SearchQuantity[] = nestedUnder(T, [
  q(`${T}.system_id`, 'str', 'Identifier of a structural part within the entry.'),
  q(`${T}.label`, 'str', 'Label of a structural part, e.g. "MOF" or "conventional cell".'),
  q(`${T}.method`, 'enum', 'How the structural part was identified.', {
    enumValues: ['parser', 'user', 'matid'],
  }),
  q(`${T}.description`, 'str', 'Description of the structural part.'),
  q(`${T}.material_id`, 'str', 'Material identifier of the structural part.'),
  q(`${T}.material_name`, 'str', 'Name of the structural part.'),
  q(`${T}.structural_type`, 'enum', 'Kind of structure of the part.', {
    enumValues: [...STRUCTURAL_TYPES, 'group', 'molecule', 'monomer'],
  }),
  q(`${T}.elements`, 'enum', 'Elements in the structural part.', {
    many: true,
    enumValues: CHEMICAL_SYMBOLS,
  }),
  q(`${T}.n_elements`, 'int', 'Number of elements in the structural part.'),
  q(`${T}.elements_exclusive`, 'str', 'All elements of the part, alphabetically.'),
  q(`${T}.formula_hill`, 'str', 'Hill formula of the structural part.'),
  q(`${T}.formula_reduced`, 'str', 'Reduced formula of the structural part.'),
  q(`${T}.formula_anonymous`, 'str', 'Anonymous formula of the structural part.'),
  q(`${T}.n_atoms`, 'int', 'Number of atoms in the structural part.'),
  q(`${T}.parent_system`, 'str', 'The structural part that contains this one.'),
  q(`${T}.child_systems`, 'str', 'Structural parts contained in this one.', { many: true }),
  q(`${T}.sbu_type`, 'str', 'Secondary building unit type (frameworks).'),
  q(`${T}.pore_limiting_diameter`, 'float', 'Pore limiting diameter.', { unit: 'm' }),
  q(`${T}.largest_cavity_diameter`, 'float', 'Largest cavity diameter.', { unit: 'm' }),
  q(`${T}.accessible_surface_area`, 'float', 'Accessible surface area.', { unit: 'm^2' }),
  q(`${T}.void_fraction`, 'float', 'Fraction of the volume that is empty.'),
  q(`${T}.cell.a`, 'float', 'Length of the first cell vector.', { unit: 'm' }),
  q(`${T}.cell.b`, 'float', 'Length of the second cell vector.', { unit: 'm' }),
  q(`${T}.cell.c`, 'float', 'Length of the third cell vector.', { unit: 'm' }),
  q(`${T}.cell.volume`, 'float', 'Volume of the cell.', { unit: 'm^3' }),
])

const E = `${M}.elemental_composition`
const ELEMENTAL_COMPOSITION: SearchQuantity[] = nestedUnder(E, [
  q(`${E}.element`, 'enum', 'An element of the composition.', { enumValues: CHEMICAL_SYMBOLS }),
  q(`${E}.atomic_fraction`, 'float', 'Share of the atoms that are of this element (0–1).'),
  q(`${E}.mass_fraction`, 'float', 'Share of the mass that comes from this element (0–1).'),
])

export const MATERIAL_QUANTITIES: readonly SearchQuantity[] = [
  ...COMPOSITION,
  ...SYMMETRY,
  ...TOPOLOGY,
  ...ELEMENTAL_COMPOSITION,
]
