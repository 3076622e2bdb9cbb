/** Quantities under results.method: the method, the program and its settings. */
import { nestedUnder, quantity as q, type SearchQuantity } from './quantity'

const S = 'results.method.simulation'

/** Program names the real server always lists in a terms aggregation (recorded widgetterms.json). */
const PROGRAM_NAMES = (
  'ABACUS ABINIT AFLOW Amber AMS ASAP ASR Atomate BigDFT BOPfox CASTEP CHARMM CP2K CPMD CRYSTAL ' +
  'DFTB+ DL_POLY DMol3 EELSDB ElaStic Elk FHI-aims FHI-vibes FLEUR FPLO GAMESS Gaussian GPAW ' +
  'GROMACS GROMOS GULP LAMMPS libAtoms LOBSTER Molcas MOPAC NAMD NeXus NWChem Octopus ONETEP ' +
  'OpenKIM OpenMX ORCA phonopy Psi4 Qball Qbox QuantumATK QuantumESPRESSO QuantumEspressoEPW ' +
  'QuantumEspressPhonon SIESTA Tinker TURBOMOLE Wannier90 WIEN2k YAMBO unavailable'
)
  .split(' ')
  .concat(['not processed'])

const XC_TYPES = ['LDA', 'GGA', 'meta-GGA', 'hyper-GGA', 'hybrid', 'unavailable', 'not processed']
const STARTING_POINTS = ['LDA', 'GGA', 'meta-GGA', 'hyper-GGA', 'hybrid', 'HF']
const BASIS_SETS = [
  '(L)APW+lo',
  'gaussians',
  'numeric AOs',
  'plane waves',
  'psinc functions',
  'real-space grid',
  'unavailable',
  'not processed',
]

const METHOD: SearchQuantity[] = [
  q('results.method.method_name', 'enum', 'Name of the method, e.g. DFT or GW.', {
    enumValues: [
      'DFT',
      'TB',
      'GW',
      'DMFT',
      'BSE',
      'EELS',
      'XPS',
      'XRD',
      'NMR',
      'CoreHole',
      'kMC',
      'QuantumCircuit',
      'unavailable',
    ],
  }),
  q('results.method.method_id', 'str', 'Identifier of a precisely known methodology.'),
  q('results.method.workflow_name', 'str', 'Workflow type, e.g. single_point or phonon.', {
    many: true,
  }),
  q(`${S}.program_name`, 'str', 'Simulation program that produced the data, e.g. VASP.', {
    aggregationValues: PROGRAM_NAMES,
  }),
  q(`${S}.program_version`, 'str', 'Version of the simulation program.'),
]

const D = `${S}.dft`
const DFT: SearchQuantity[] = [
  q(`${D}.jacobs_ladder`, 'enum', "Rung of Jacob's ladder of the functional.", {
    enumValues: XC_TYPES,
  }),
  q(`${D}.xc_functional_type`, 'enum', 'Family of the exchange-correlation functional.', {
    enumValues: XC_TYPES,
  }),
  q(`${D}.xc_functional_names`, 'str', 'LibXC names of the functionals, e.g. GGA_X_PBE.', {
    many: true,
  }),
  q(`${D}.exact_exchange_mixing_factor`, 'float', 'Share of exact exchange (0–1).'),
  q(`${D}.basis_set_type`, 'enum', 'Kind of basis set, e.g. plane waves.', {
    enumValues: BASIS_SETS,
  }),
  q(`${D}.basis_set_name`, 'str', 'Name of the basis set.'),
  q(`${D}.core_electron_treatment`, 'enum', 'How core electrons are described.', {
    enumValues: ['full all electron', 'all electron frozen core', 'pseudopotential', 'unavailable'],
  }),
  q(`${D}.relativity_method`, 'enum', 'Relativistic treatment.', {
    enumValues: [
      'scalar_relativistic',
      'pseudo_scalar_relativistic',
      'scalar_relativistic_atomic_ZORA',
    ],
  }),
  q(`${D}.spin_polarized`, 'bool', 'Whether the calculation is spin-polarised.'),
  q(`${D}.van_der_Waals_method`, 'str', 'Van der Waals correction used.'),
  q(`${D}.smearing_kind`, 'str', 'Kind of occupation smearing.'),
  q(`${D}.smearing_width`, 'float', 'Width of the occupation smearing.', { unit: 'J' }),
  q(`${D}.scf_threshold_energy_change`, 'float', 'Energy convergence threshold of the SCF.', {
    unit: 'J',
  }),
  ...nestedUnder(`${D}.hubbard_kanamori_model`, [
    q(`${D}.hubbard_kanamori_model.u_effective`, 'float', 'Effective Hubbard U (U−J).', {
      unit: 'J',
    }),
    q(`${D}.hubbard_kanamori_model.u`, 'float', 'On-site Coulomb interaction U.', { unit: 'J' }),
    q(`${D}.hubbard_kanamori_model.jh`, 'float', "Hund's coupling J.", { unit: 'J' }),
  ]),
]

const P = `${S}.precision`
const OTHER_METHODS: SearchQuantity[] = [
  q(`${P}.k_line_density`, 'float', 'Density of the k-point sampling along reciprocal lines.', {
    unit: 'm',
  }),
  q(`${P}.planewave_cutoff`, 'float', 'Plane-wave energy cutoff.', { unit: 'J' }),
  q(`${P}.apw_cutoff`, 'float', 'APW basis cutoff (RKmax).'),
  q(`${P}.basis_set`, 'str', 'Basis set precision class.'),
  q(`${P}.native_tier`, 'str', 'Code-specific precision tier.'),
  q(`${S}.tb.type`, 'str', 'Tight-binding method, e.g. DFTB or Wannier.'),
  q(`${S}.tb.localization_type`, 'str', 'Localisation of the Wannier orbitals.'),
  q(`${S}.gw.type`, 'str', 'GW flavour, e.g. G0W0.'),
  q(`${S}.gw.starting_point_type`, 'enum', 'Functional family of the GW starting point.', {
    enumValues: STARTING_POINTS,
  }),
  q(`${S}.gw.basis_set_type`, 'str', 'Basis set of the GW calculation.'),
  q(`${S}.bse.type`, 'str', 'Kind of Bethe–Salpeter calculation.'),
  q(`${S}.bse.solver`, 'str', 'Solver of the Bethe–Salpeter equation.'),
  q(`${S}.bse.starting_point_type`, 'enum', 'Functional family of the BSE starting point.', {
    enumValues: STARTING_POINTS,
  }),
  q(`${S}.bse.basis_set_type`, 'str', 'Basis set of the BSE calculation.'),
  q(`${S}.bse.gw_type`, 'str', 'GW flavour used before the BSE step.'),
  q(`${S}.dmft.impurity_solver_type`, 'str', 'Impurity solver of the DMFT calculation.'),
  q(`${S}.dmft.inverse_temperature`, 'float', 'Inverse temperature β.', { unit: '1/J' }),
  q(`${S}.dmft.magnetic_state`, 'str', 'Magnetic state, e.g. paramagnetic.'),
  q(`${S}.dmft.u`, 'float', 'Hubbard U of the DMFT model.', { unit: 'J' }),
  q(`${S}.dmft.jh`, 'float', "Hund's coupling of the DMFT model.", { unit: 'J' }),
  q(`${S}.dmft.analytical_continuation`, 'str', 'Analytical continuation method.'),
]

export const METHOD_QUANTITIES: readonly SearchQuantity[] = [...METHOD, ...DFT, ...OTHER_METHODS]
