/**
 * Simulation codes and DFT settings the generator combines. Parser names, mainfile names and
 * basis-set vocabulary follow what NOMAD's parsers produce for each code.
 */

export interface Program {
  name: string
  parser: string
  mainfile: string
  versions: readonly string[]
  basisSetType: string
  coreElectronTreatment: string
  /** Sibling files written next to the mainfile (besides logs and images). */
  inputs: readonly string[]
  /** Name of the big binary file some calculations leave behind. */
  bigFile: string
  /** Relative weight in the generated data. */
  weight: number
}

export const PROGRAMS: readonly Program[] = [
  {
    name: 'VASP',
    parser: 'parsers/vasp',
    mainfile: 'vasprun.xml',
    versions: ['5.4.4', '6.3.2', '6.4.1'],
    basisSetType: 'plane waves',
    coreElectronTreatment: 'pseudopotential',
    inputs: ['INCAR', 'KPOINTS', 'POSCAR', 'OUTCAR'],
    bigFile: 'WAVECAR',
    weight: 5,
  },
  {
    name: 'FHI-aims',
    parser: 'parsers/fhi-aims',
    mainfile: 'aims.out',
    versions: ['210716_2', '221103', '240507'],
    basisSetType: 'numeric AOs',
    coreElectronTreatment: 'full all electron',
    inputs: ['control.in', 'geometry.in'],
    bigFile: 'restart.bin',
    weight: 3,
  },
  {
    name: 'exciting',
    parser: 'parsers/exciting',
    mainfile: 'INFO.OUT',
    versions: ['nitrogen-14', 'oxygen', 'fluorine'],
    basisSetType: '(L)APW+lo',
    coreElectronTreatment: 'full all electron',
    inputs: ['input.xml', 'EIGVAL.OUT'],
    bigFile: 'STATE.OUT',
    weight: 1,
  },
  {
    name: 'Quantum ESPRESSO',
    parser: 'parsers/quantumespresso',
    mainfile: 'pw.out',
    versions: ['6.8', '7.1', '7.2'],
    basisSetType: 'plane waves',
    coreElectronTreatment: 'pseudopotential',
    inputs: ['pw.in', 'pseudo.upf'],
    bigFile: 'pwscf.wfc1',
    weight: 3,
  },
  {
    name: 'CP2K',
    parser: 'parsers/cp2k',
    mainfile: 'cp2k.out',
    versions: ['9.1', '2023.1', '2024.1'],
    basisSetType: 'gaussians + plane waves',
    coreElectronTreatment: 'pseudopotential',
    inputs: ['cp2k.inp', 'BASIS_MOLOPT'],
    bigFile: 'cp2k-RESTART.wfn',
    weight: 2,
  },
  {
    name: 'GPAW',
    parser: 'parsers/gpaw',
    mainfile: 'gpaw.txt',
    versions: ['22.8.0', '23.9.1', '24.1.0'],
    basisSetType: 'real-space grid',
    coreElectronTreatment: 'projector augmented wave',
    inputs: ['relax.py', 'structure.traj'],
    bigFile: 'gpaw.gpw',
    weight: 1,
  },
]

export interface Functional {
  label: string
  type: 'LDA' | 'GGA' | 'meta-GGA' | 'hybrid'
  names: readonly string[]
  weight: number
}

export const FUNCTIONALS: readonly Functional[] = [
  { label: 'PBE', type: 'GGA', names: ['GGA_C_PBE', 'GGA_X_PBE'], weight: 8 },
  { label: 'PBEsol', type: 'GGA', names: ['GGA_C_PBE_SOL', 'GGA_X_PBE_SOL'], weight: 3 },
  { label: 'LDA', type: 'LDA', names: ['LDA_C_PW', 'LDA_X'], weight: 2 },
  { label: 'SCAN', type: 'meta-GGA', names: ['MGGA_C_SCAN', 'MGGA_X_SCAN'], weight: 2 },
  { label: 'HSE06', type: 'hybrid', names: ['HYB_GGA_XC_HSE06'], weight: 2 },
  { label: 'B3LYP', type: 'hybrid', names: ['HYB_GGA_XC_B3LYP'], weight: 1 },
]

export type WorkflowKind = 'single_point' | 'geometry_optimization' | 'molecular_dynamics'

export const WORKFLOW_SECTIONS: Record<WorkflowKind, { mDef: string; name: string }> = {
  single_point: { mDef: 'simulationworkflowschema.SinglePoint', name: 'SinglePoint' },
  geometry_optimization: {
    mDef: 'simulationworkflowschema.GeometryOptimization',
    name: 'GeometryOptimization',
  },
  molecular_dynamics: {
    mDef: 'simulationworkflowschema.MolecularDynamics',
    name: 'MolecularDynamics',
  },
}

/** 1 eV in J: search values and archives are SI. */
export const EV = 1.602176634e-19
/** 1 Å in m. */
export const ANGSTROM = 1e-10
