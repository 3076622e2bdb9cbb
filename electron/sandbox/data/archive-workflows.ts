import { entryNumbers } from './entry-numbers'
import type { EntryMeta } from './model'
import { EV, WORKFLOW_SECTIONS } from './programs'
import { Rng } from './rng'
import { baseStructure } from './structure'

/**
 * The workflows of a generated archive: `workflow2` (with inputs, outputs and tasks whose
 * sections reference run sections in the `#/run/0/...` form) and the pre-2023 `workflow` list
 * with legacy `/run/0/...` references. A third of the single-point entries are equation-of-state
 * scans with phonons (`hasPhonons`): workflow2 is an EquationOfState over EOS_POINTS volumes,
 * and the legacy list carries `thermodynamics` and `equation_of_state` sections that
 * results.properties.mechanical and .vibrational point into (as the real dft_bulk entry does).
 */

export const EOS_POINTS = 7
const KB = 1.380649e-23
const TEMPERATURES = Array.from({ length: 51 }, (_, i) => i * 20)

export function hasPhonons(meta: EntryMeta): boolean {
  return meta.workflow === 'single_point' && meta.seed % 3 === 0
}

/** Calculations in the archive's run: the EOS scan has one per volume. */
export function calculationCount(meta: EntryMeta): number {
  return hasPhonons(meta) ? EOS_POINTS : meta.steps
}

function cellVolume(lattice: number[][]): number {
  const [a = [], b = [], c = []] = lattice
  const [a0 = 0, a1 = 0, a2 = 0] = a
  const [b0 = 0, b1 = 0, b2 = 0] = b
  const [c0 = 0, c1 = 0, c2 = 0] = c
  return Math.abs(a0 * (b1 * c2 - b2 * c1) - a1 * (b0 * c2 - b2 * c0) + a2 * (b0 * c1 - b1 * c0))
}

export interface EquationOfState {
  volumes: number[]
  energies: number[]
  /** Volume scale of point k: lattice vectors scale by its cube root. */
  scales: number[]
  bulkModulus: number
  shearModulus: number
  equilibriumVolume: number
  equilibriumEnergy: number
}

/** Birch–Murnaghan energies over ±6 % of the equilibrium volume. */
export function equationOfState(meta: EntryMeta): EquationOfState {
  const rng = new Rng(meta.seed ^ 0xe05)
  const numbers = entryNumbers(meta)
  const v0 = cellVolume(baseStructure(meta.materialIndex, meta.supercell).lattice)
  const b0 = rng.float(40, 250) * 1e9
  const bp = rng.float(3.8, 5)
  const scales = Array.from({ length: EOS_POINTS }, (_, k) => 0.94 + (0.12 * k) / (EOS_POINTS - 1))
  const energyAt = (v: number) => {
    const eta = (v0 / v) ** (2 / 3) - 1
    return numbers.energy + ((9 * v0 * b0) / 16) * (eta ** 3 * bp + eta ** 2 * (6 - 4 * (eta + 1)))
  }
  const volumes = scales.map((s) => Number((s * v0).toPrecision(8)))
  return {
    volumes,
    energies: volumes.map((v) => Number(energyAt(v).toPrecision(10))),
    scales,
    bulkModulus: Number(b0.toPrecision(4)),
    shearModulus: Number((b0 * rng.float(0.3, 0.6)).toPrecision(4)),
    equilibriumVolume: Number(v0.toPrecision(8)),
    equilibriumEnergy: numbers.energy,
  }
}

function link(name: string, section: string) {
  return { name, section }
}

function task(name: string, k: number) {
  return {
    m_def: 'nomad.datamodel.metainfo.workflow.Task',
    name,
    inputs: [link('Input system', `#/run/0/system/${k}`)],
    outputs: [link('Output calculation', `#/run/0/calculation/${k}`)],
  }
}

function eosWorkflow2(meta: EntryMeta, input: Record<string, string>): Record<string, unknown> {
  const eos = equationOfState(meta)
  return {
    m_def: 'simulationworkflowschema.equation_of_state.EquationOfState',
    name: 'EquationOfState',
    method: { energy_calculation_method: 'DFT' },
    inputs: [input],
    outputs: [link('Output calculation', '#/run/0/calculation/-1')],
    tasks: eos.volumes.map((_, k) => task(`Volume ${k + 1}`, k)),
    results: {
      volumes: eos.volumes,
      energies: eos.energies,
      eos_fit: [
        {
          function_name: 'birch_murnaghan',
          fitted_energies: eos.energies,
          bulk_modulus: eos.bulkModulus,
          bulk_modulus_derivative: 4.5,
          equilibrium_volume: eos.equilibriumVolume,
          equilibrium_energy: eos.equilibriumEnergy,
          rms_error: 1e-4,
        },
      ],
    },
  }
}

export function workflow2(
  meta: EntryMeta,
  inputReference: string | undefined,
): Record<string, unknown> {
  const { mDef, name } = WORKFLOW_SECTIONS[meta.workflow]
  const numbers = entryNumbers(meta)
  const input = link('Input structure', inputReference ?? '#/run/0/system/0')
  if (hasPhonons(meta)) return eosWorkflow2(meta, input)
  const lastCalculation = '#/run/0/calculation/-1'
  // Tasks name each step (the first hundred of a long trajectory, like the real GUI shows).
  const tasks = Array.from({ length: Math.min(meta.steps, 100) }, (_, k) =>
    task(`Step ${k + 1}`, k),
  )
  if (meta.workflow === 'geometry_optimization') {
    return {
      m_def: mDef,
      name,
      method: {
        type: 'atomic',
        method: 'bfgs',
        convergence_tolerance_energy_difference: 1e-5 * EV,
        convergence_tolerance_force_maximum: 0.01 * EV * 1e10,
      },
      inputs: [input],
      outputs: [
        link('Output system', '#/run/0/system/-1'),
        link('Output calculation', lastCalculation),
      ],
      tasks,
      results: {
        optimization_steps: meta.steps,
        final_energy_difference: numbers.finalEnergyDifference,
        final_force_maximum: numbers.finalForceMaximum,
        final_displacement_maximum: numbers.finalDisplacementMaximum,
        is_converged_geometry: true,
        calculation_result_ref: lastCalculation,
      },
    }
  }
  if (meta.workflow === 'molecular_dynamics') {
    return {
      m_def: mDef,
      name,
      method: {
        thermodynamic_ensemble: 'NVT',
        integrator_type: 'langevin_dynamics',
        integration_timestep: numbers.timeStep,
        n_steps: meta.steps,
        thermostat_parameters: [
          { thermostat_type: 'langevin_leap_frog', reference_temperature: numbers.temperature },
        ],
      },
      inputs: [input],
      outputs: [link('Output calculation', lastCalculation)],
      tasks,
      results: { n_steps: meta.steps, calculation_result_ref: lastCalculation },
    }
  }
  return {
    m_def: mDef,
    name,
    method: { method: 'DFT' },
    inputs: [input],
    outputs: [link('Output calculation', lastCalculation)],
    tasks,
    results: {
      n_scf_steps: 8 + (meta.seed % 9),
      final_scf_energy_difference: 1e-8 * EV,
      is_converged: true,
      calculation_result_ref: lastCalculation,
    },
  }
}

/** Harmonic thermodynamics of the phonons: Debye-like C_V and Helmholtz free energy. */
function thermodynamics(meta: EntryMeta): Record<string, unknown> {
  const n = entryNumbers(meta).nAtoms
  const theta = 200 + (meta.seed % 400)
  const zeroPoint = (9 / 8) * n * KB * theta
  const cv = TEMPERATURES.map((t) => {
    const x = t / theta
    return Number(((3 * n * KB * x ** 3) / (x ** 3 + 0.05)).toPrecision(6))
  })
  const free = TEMPERATURES.map((t) =>
    Number((zeroPoint - 3 * n * KB * t * Math.log(1 + t / theta)).toPrecision(6)),
  )
  return {
    temperature: TEMPERATURES,
    heat_capacity_c_v: cv,
    vibrational_free_energy_at_constant_volume: free,
  }
}

/** The pre-2023 `workflow` list with legacy `/run/0/...` references. */
export function legacyWorkflow(meta: EntryMeta): Record<string, unknown>[] | undefined {
  if (hasPhonons(meta)) {
    const eos = equationOfState(meta)
    return [
      { type: 'phonon', thermodynamics: thermodynamics(meta) },
      {
        type: 'equation_of_state',
        equation_of_state: {
          volumes: eos.volumes,
          energies: eos.energies,
          eos_fit: [{ function_name: 'birch_murnaghan', fitted_energies: eos.energies }],
        },
      },
    ]
  }
  if (!meta.legacyWorkflow) return undefined
  const last = meta.steps - 1
  const numbers = entryNumbers(meta)
  const details: Record<string, unknown> =
    meta.workflow === 'single_point'
      ? {
          method: 'DFT',
          n_scf_steps: 8 + (meta.seed % 9),
          final_scf_energy_difference: 1e-8 * EV,
          is_converged: true,
          with_density_of_states: true,
          with_bandstructure: true,
          with_eigenvalues: true,
          with_volumetric_data: false,
          with_spectra: false,
        }
      : meta.workflow === 'geometry_optimization'
        ? {
            method: 'bfgs',
            optimization_steps: meta.steps,
            final_energy_difference: numbers.finalEnergyDifference,
            is_converged_geometry: true,
          }
        : { thermodynamic_ensemble: 'NVT', timestep: numbers.timeStep, n_steps: meta.steps }
  return [
    {
      type: meta.workflow,
      [meta.workflow]: details,
      calculation_result_ref: `/run/0/calculation/${last}`,
      calculations_ref: Array.from(
        { length: Math.min(meta.steps, 50) },
        (_, i) => `/run/0/calculation/${i}`,
      ),
      task: [
        { input_workflow: '/workflow/0', output_calculation: `/run/0/calculation/${last}` },
        { output_workflow: '/workflow/0', input_calculation: `/run/0/calculation/${last}` },
      ],
    },
  ]
}
