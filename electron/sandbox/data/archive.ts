import { LazyList } from '../server/json'
import {
  calculationSection,
  methodSection,
  processingLogs,
  programSection,
  systemSection,
} from './archive-sections'
import { entryNumbers } from './entry-numbers'
import type { EntryDoc, EntryMeta, UploadRecord } from './model'
import { EV, WORKFLOW_SECTIONS } from './programs'
import { baseStructure } from './structure'

/**
 * The archive of an entry (facts §11), generated from its skeleton on every request. The
 * per-step lists `run[0].system` and `run[0].calculation` are LazyLists: a 30 MB trajectory
 * is produced frame by frame while it is serialised, never held whole.
 * References: calculation.system_ref/method_ref and workflow2 inputs/outputs/results in the
 * `#/run/0/...` form, the legacy `workflow` list in the `/run/0/...` form, and for entries that
 * start from another entry's relaxed structure a cross-entry `../uploads/<id>/archive/<id>#/...`.
 */

export interface ArchiveInput {
  meta: EntryMeta
  doc: EntryDoc
  upload: UploadRecord
  /** Dataset ids of the entry. */
  datasetIds: string[]
  /** The cross-entry reference to the input structure, when there is one. */
  inputReference?: string
}

function workflow2(meta: EntryMeta, inputReference: string | undefined): Record<string, unknown> {
  const { mDef, name } = WORKFLOW_SECTIONS[meta.workflow]
  const numbers = entryNumbers(meta)
  const input = { name: 'Input structure', section: inputReference ?? '#/run/0/system/0' }
  const lastCalculation = '#/run/0/calculation/-1'
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
        { name: 'Output system', section: '#/run/0/system/-1' },
        { name: 'Output calculation', section: lastCalculation },
      ],
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
      outputs: [{ name: 'Output calculation', section: lastCalculation }],
      results: { n_steps: meta.steps, calculation_result_ref: lastCalculation },
    }
  }
  return {
    m_def: mDef,
    name,
    method: { method: 'DFT' },
    inputs: [input],
    outputs: [{ name: 'Output calculation', section: lastCalculation }],
    results: {
      n_scf_steps: 8 + (meta.seed % 9),
      final_scf_energy_difference: 1e-8 * EV,
      is_converged: true,
      calculation_result_ref: lastCalculation,
    },
  }
}

/** The pre-2023 `workflow` list with legacy `/run/0/...` references. */
function legacyWorkflow(meta: EntryMeta): Record<string, unknown>[] {
  const last = meta.steps - 1
  return [
    {
      type: meta.workflow,
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

function metadataSection(input: ArchiveInput): Record<string, unknown> {
  const { doc, upload, meta } = input
  return {
    upload_id: doc.upload_id,
    upload_create_time: doc.upload_create_time,
    entry_id: doc.entry_id,
    entry_name: doc.entry_name,
    entry_type: doc.entry_type,
    entry_hash: doc.entry_id.split('').reverse().join(''),
    entry_create_time: doc.entry_create_time,
    parser_name: doc.parser_name,
    mainfile: doc.mainfile,
    files: doc.files,
    published: doc.published,
    publish_time: doc.publish_time,
    with_embargo: doc.with_embargo,
    embargo_length: upload.embargo_length,
    license: 'CC BY 4.0',
    processed: true,
    last_processing_time: doc.last_processing_time,
    processing_errors: [],
    nomad_version: doc.nomad_version,
    nomad_commit: '',
    references: [],
    main_author: upload.main_author,
    coauthors: upload.coauthors,
    entry_coauthors: [],
    reviewers: upload.reviewers,
    datasets: input.datasetIds,
    domain: 'dft',
    n_quantities: doc.n_quantities,
    quantities: doc.quantities,
    sections: doc.sections,
    entry_references: meta.inputEntry === undefined ? undefined : doc.entry_references,
  }
}

function resultsSection(input: ArchiveInput): Record<string, unknown> {
  const { doc, meta } = input
  const results = doc.results as {
    material: object
    method: object
    properties: Record<string, unknown>
  }
  const base = baseStructure(meta.materialIndex, meta.supercell)
  const structures = results.properties.structures as Record<string, Record<string, unknown>>
  return {
    material: results.material,
    method: results.method,
    properties: {
      ...results.properties,
      structures: {
        ...structures,
        structure_original: {
          ...structures.structure_original,
          lattice_vectors: base.lattice,
          cartesian_site_positions: base.positions,
          species_at_sites: base.labels,
        },
      },
    },
  }
}

export function buildArchive(input: ArchiveInput): Record<string, unknown> {
  const { meta, doc } = input
  const start = Date.parse(doc.entry_create_time)
  const archive: Record<string, unknown> = {
    processing_logs: processingLogs(meta, doc.parser_name, start),
    run: [
      {
        program: programSection(meta),
        method: [methodSection(meta)],
        system: new LazyList(meta.steps, (i) => systemSection(meta, i)),
        calculation: new LazyList(meta.steps, (i) => calculationSection(meta, i)),
      },
    ],
    workflow2: workflow2(meta, input.inputReference),
  }
  if (meta.legacyWorkflow) archive.workflow = legacyWorkflow(meta)
  archive.metadata = metadataSection(input)
  archive.results = resultsSection(input)
  return archive
}
