import type { EntryMeta } from './records'
import { cached } from './cached'
import { EV, FUNCTIONALS, PROGRAMS, type WorkflowKind } from './programs'
import { Rng } from './rng'

/**
 * results.method and the per-code metadata lists (quantities, sections, section_defs), shared
 * by all entries with the same code, version, functional, workflow and precision settings.
 */

const CUTOFFS_EV = [400, 450, 500, 520, 600]
const K_LINE_DENSITIES = [2e-9, 3e-9, 4e-9, 5e-9]

const methodCache = new Map<number, Record<string, unknown>>()
const WORKFLOW_CODES: Record<WorkflowKind, number> = {
  single_point: 0,
  geometry_optimization: 1,
  molecular_dynamics: 2,
}

/** Deterministic per-entry choice among a few precision settings (keeps sharing high). */
function precision(meta: EntryMeta): { cutoff: number; kline: number; version: number } {
  const rng = new Rng(meta.seed ^ 0x5eed)
  return {
    cutoff: rng.int(0, CUTOFFS_EV.length - 1),
    kline: rng.int(0, K_LINE_DENSITIES.length - 1),
    version: rng.int(0, 2),
  }
}

export function programVersion(meta: EntryMeta): string {
  const program = PROGRAMS[meta.programIndex]
  return program?.versions[precision(meta).version % program.versions.length] ?? '1.0'
}

export function methodPart(meta: EntryMeta): Record<string, unknown> {
  const p = precision(meta)
  const gw = meta.gw === true
  // Mixed radix over small indexes: one number per distinct method (cached.ts).
  let key = meta.programIndex * FUNCTIONALS.length + meta.functionalIndex
  key = key * 3 + WORKFLOW_CODES[meta.workflow]
  key = (key * CUTOFFS_EV.length + p.cutoff) * K_LINE_DENSITIES.length + p.kline
  key = (key * 3 + p.version) * 2 + (gw ? 1 : 0)
  return cached(methodCache, key, () => buildMethod(meta, p, gw))
}

function buildMethod(
  meta: EntryMeta,
  p: ReturnType<typeof precision>,
  gw: boolean,
): Record<string, unknown> {
  const program = PROGRAMS[meta.programIndex] ?? PROGRAMS[0]
  const functional = FUNCTIONALS[meta.functionalIndex] ?? FUNCTIONALS[0]
  if (!program || !functional) throw new Error('empty program catalogue')
  const precisionSection: Record<string, unknown> = {
    k_line_density: K_LINE_DENSITIES[p.kline],
  }
  if (program.basisSetType === 'plane waves') {
    precisionSection.planewave_cutoff = (CUTOFFS_EV[p.cutoff] ?? 500) * EV
  }
  return {
    method_name: gw ? 'GW' : 'DFT',
    workflow_name: [meta.workflow],
    simulation: {
      program_name: program.name,
      program_version: programVersion(meta),
      dft: {
        basis_set_type: program.basisSetType,
        core_electron_treatment: program.coreElectronTreatment,
        xc_functional_type: functional.type,
        xc_functional_names: functional.names,
        jacobs_ladder: functional.type,
        relativity_method:
          program.coreElectronTreatment === 'full all electron' ? 'scalar_relativistic' : 'none',
      },
      precision: precisionSection,
      // GW starts from the DFT calculation above, as NOMAD records it.
      ...(gw
        ? {
            gw: {
              type: 'G0W0',
              starting_point_type: functional.type,
              starting_point_names: functional.names,
              basis_set_type: program.basisSetType,
            },
          }
        : {}),
    },
  }
}

const QUANTITIES: Record<WorkflowKind, string[]> = {
  single_point: [
    'run.calculation.energy.total.value',
    'run.calculation.energy.fermi',
    'run.calculation.eigenvalues.energies',
    'run.calculation.band_gap.value',
  ],
  geometry_optimization: [
    'run.calculation.energy.total.value',
    'run.calculation.forces.total.value',
    'workflow2.results.final_energy_difference',
  ],
  molecular_dynamics: [
    'run.calculation.energy.total.value',
    'run.calculation.temperature',
    'run.calculation.pressure',
    'workflow2.method.time_step',
  ],
}

const COMMON_QUANTITIES = [
  'metadata',
  'metadata.entry_id',
  'metadata.upload_id',
  'metadata.mainfile',
  'metadata.main_author',
  'results',
  'results.material',
  'results.material.elements',
  'results.method',
  'results.properties',
  'run',
  'run.program',
  'run.program.name',
  'run.program.version',
  'run.method',
  'run.method.dft',
  'run.method.dft.xc_functional',
  'run.system',
  'run.system.atoms',
  'run.system.atoms.labels',
  'run.system.atoms.positions',
  'run.system.atoms.lattice_vectors',
  'run.calculation',
  'run.calculation.system_ref',
  'run.calculation.method_ref',
  'workflow2',
  'workflow2.inputs',
  'workflow2.outputs',
]

const SECTION_NAMES = [
  'nomad.datamodel.datamodel.EntryArchive',
  'nomad.datamodel.datamodel.EntryMetadata',
  'nomad.datamodel.results.Material',
  'nomad.datamodel.results.Method',
  'nomad.datamodel.results.Properties',
  'nomad.datamodel.results.Results',
  'runschema.calculation.Calculation',
  'runschema.calculation.Energy',
  'runschema.method.DFT',
  'runschema.method.Method',
  'runschema.run.Program',
  'runschema.run.Run',
  'runschema.system.Atoms',
  'runschema.system.System',
]

export interface DefinitionLists {
  quantities: string[]
  sections: string[]
  section_defs: {
    definition_qualified_name: string
    definition_id: string
    used_directly: boolean
  }[]
  n_quantities: number
}

const listCache = new Map<WorkflowKind, DefinitionLists>()

export function definitionLists(workflow: WorkflowKind): DefinitionLists {
  let lists = listCache.get(workflow)
  if (lists) return lists
  const schema = `simulationworkflowschema.${workflow.replace(/(^|_)(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`
  const sections = [...SECTION_NAMES, schema].sort()
  const quantities = [...COMMON_QUANTITIES, ...QUANTITIES[workflow]].sort()
  lists = {
    quantities,
    sections,
    section_defs: sections.map((name, i) => ({
      definition_qualified_name: name,
      definition_id: (0x1f3a5c7e + i * 0x9e3779b1)
        .toString(16)
        .padStart(8, '0')
        .repeat(5)
        .slice(0, 40),
      used_directly: true,
    })),
    n_quantities: quantities.length * 7 + 11,
  }
  listCache.set(workflow, lists)
  return lists
}
