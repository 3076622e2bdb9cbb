import { hallNumber, thermostat } from './archive-sections'
import { equationOfState, hasPhonons } from './archive-workflows'
import { entryNumbers } from './entry-numbers'
import { elementsOf } from './formula'
import { MATERIALS } from './materials'
import type { EntryDoc, EntryMeta, UploadRecord } from './model'
import { baseStructure } from './structure'

/**
 * The `metadata` and `results` sections of a generated archive: the search document's values
 * plus what real archives carry beyond it (entry timestamp, section definitions, comment,
 * references; symmetry details, structures with species, electronic, mechanical, vibrational
 * and thermodynamic-trajectory properties whose arrays are references into run and workflow,
 * as on the real server).
 */

export interface MetadataInput {
  meta: EntryMeta
  doc: EntryDoc
  upload: UploadRecord
  datasetIds: string[]
}

const AMU = 1.6605390666e-27
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

export function metadataSection(input: MetadataInput): Record<string, unknown> {
  const { doc, upload, meta } = input
  const hash = doc.entry_id.split('').reverse().join('')
  const metadata: Record<string, unknown> = {
    upload_id: doc.upload_id,
    upload_create_time: doc.upload_create_time,
    entry_id: doc.entry_id,
    entry_name: doc.entry_name,
    entry_type: doc.entry_type,
    entry_hash: hash,
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
    comment: doc.comment,
    references:
      meta.seed % 5 === 0 ? [`https://doi.org/10.5281/zenodo.${1_000_000 + meta.seed}`] : [],
    main_author: upload.main_author,
    coauthors: upload.coauthors,
    entry_coauthors: [],
    reviewers: upload.reviewers,
    datasets: input.datasetIds,
    domain: 'dft',
    n_quantities: doc.n_quantities,
    quantities: doc.quantities,
    sections: doc.sections,
    section_defs: doc.section_defs,
    entry_references: meta.inputEntry === undefined ? undefined : doc.entry_references,
    entry_timestamp: {
      m_def: 'nomad.datamodel.datamodel.RFC3161Timestamp',
      token_seed: hash,
      token: Buffer.from(`${hash}:${doc.entry_create_time}`).toString('base64'),
      tsa_server: 'http://zeitstempel.dfn.de',
      timestamp: doc.entry_create_time,
    },
    optimade: optimade(meta, doc.optimade),
  }
  return metadata
}

/** The search document's OPTIMADE part plus the structure the archive's metadata carries. */
function optimade(meta: EntryMeta, given: Record<string, unknown>): Record<string, unknown> {
  const base = baseStructure(meta.materialIndex, meta.supercell)
  return {
    ...given,
    lattice_vectors: base.lattice.map((row) => row.map((x) => x / 1e-10)),
    cartesian_site_positions: base.positions.map((row) => row.map((x) => x / 1e-10)),
    species_at_sites: base.labels,
    species: speciesOf(base.labels),
  }
}

function speciesOf(labels: string[]) {
  return elementsOf(Object.fromEntries(labels.map((l) => [l, 1]))).map((name) => ({
    name,
    chemical_symbols: [name],
    concentration: [1],
  }))
}

function structures(meta: EntryMeta, given: Record<string, Record<string, unknown>>) {
  const base = baseStructure(meta.materialIndex, meta.supercell)
  const material = MATERIALS[meta.materialIndex]
  const dims = [0, 1, 2].map((axis) => (base.periodic[axis] ? 1 : 0))
  const [a = [], b = [], c = []] = base.lattice
  const volume = Math.abs((a[0] ?? 0) * (b[1] ?? 0) * (c[2] ?? 0)) || 1
  const mass = base.species.reduce((sum, z) => sum + z * 2.05 * AMU, 0)
  const common = {
    dimension_types: dims,
    lattice_vectors: base.lattice,
    cartesian_site_positions: base.positions,
    species_at_sites: base.labels,
    atomic_density: Number((base.labels.length / volume).toPrecision(6)),
    mass_density: Number((mass / volume).toPrecision(6)),
    species: speciesOf(base.labels),
  }
  const wyckoff = material?.spaceGroup
    ? speciesOf(base.labels).map((s, i) => ({
        wyckoff_letter: 'abcd'[i % 4] ?? 'a',
        indices: base.labels.flatMap((l, k) => (l === s.name ? [k] : [])),
        element: s.name,
      }))
    : undefined
  return {
    ...given,
    structure_original: { ...given.structure_original, ...common },
    structure_conventional: {
      ...given.structure_conventional,
      ...common,
      ...(wyckoff ? { wyckoff_sets: wyckoff } : {}),
    },
    structure_primitive: { ...given.structure_primitive, ...common },
  }
}

function material(meta: EntryMeta, given: Record<string, unknown>) {
  const m = MATERIALS[meta.materialIndex]
  const symmetry = given.symmetry as Record<string, unknown> | undefined
  const out: Record<string, unknown> = {
    ...given,
    functional_type: [m && m.gap > 0 ? 'semiconductor' : 'metal'],
    compound_type: [elementsOf(m?.composition ?? {}).length > 1 ? 'binary' : 'chemical element'],
    chemical_formula_reduced_fragments: [text(given.chemical_formula_reduced) ?? ''],
  }
  if (symmetry && m?.spaceGroup) {
    out.symmetry = {
      ...symmetry,
      hall_number: hallNumber(m.spaceGroup[0]),
      hall_symbol: m.spaceGroup[1].replace(/(.)(?=.)/g, '$1 '),
      prototype_formula: text(given.chemical_formula_anonymous) ?? 'A',
      prototype_aflow_id: `A_c${m.spaceGroup[0]}_a`,
      strukturbericht_designation: m.structureName ? `A${(m.spaceGroup[0] % 20) + 1}` : 'none',
    }
  }
  return out
}

/** Downsampled (≤ 200 points) MD observables: the values of the run's calculations. */
function trajectory(meta: EntryMeta) {
  const numbers = entryNumbers(meta)
  const n = Math.min(meta.steps, 200)
  const steps = Array.from({ length: n }, (_, k) => Math.floor((k * meta.steps) / n))
  const time = steps.map((s) => s * numbers.timeStep)
  const volume = baseStructure(meta.materialIndex, meta.supercell).lattice.reduce(
    (v, row, i) => v * Math.abs(row[i] ?? 1),
    1,
  )
  return {
    available_properties: ['pressure', 'temperature', 'volume'],
    methodology: { molecular_dynamics: { time_step: numbers.timeStep, ensemble_type: 'NVT' } },
    temperature: { time, value: steps.map((s) => thermostat(meta, s)[0]) },
    pressure: { time, value: steps.map((s) => thermostat(meta, s)[1]) },
    volume: { time, value: steps.map(() => Number(volume.toPrecision(6))) },
  }
}

function rdf(meta: EntryMeta) {
  const labels = baseStructure(meta.materialIndex, 1).labels
  const pair = `${labels[0] ?? 'X'}-${labels[labels.length - 1] ?? 'X'}`
  const bins = Array.from({ length: 100 }, (_, i) => Number(((i + 0.5) * 6e-12).toPrecision(6)))
  const value = bins.map((r) => {
    const x = r / 2.4e-10
    return Number((Math.exp(-(((x - 1) / 0.08) ** 2)) * 3 + (x > 1 ? 1 : 0)).toFixed(5))
  })
  const time = entryNumbers(meta).timeStep
  return [
    {
      type: 'molecular',
      label: pair,
      bins,
      n_bins: bins.length,
      value,
      frame_start: 0,
      frame_end: meta.steps,
      methodology: { molecular_dynamics: { time_step: time, ensemble_type: 'NVT' } },
    },
  ]
}

export function resultsSection(meta: EntryMeta, doc: EntryDoc): Record<string, unknown> {
  const results = doc.results as {
    material: Record<string, unknown>
    method: Record<string, unknown>
    properties: Record<string, unknown>
  }
  const properties: Record<string, unknown> = {
    ...results.properties,
    structures: structures(
      meta,
      results.properties.structures as Record<string, Record<string, unknown>>,
    ),
  }
  const eos = hasPhonons(meta)
  const final = `/run/0/calculation/${eos ? 6 : meta.steps - 1}`
  const electronic = properties.electronic as Record<string, unknown> | undefined
  if (electronic && meta.workflow === 'single_point') {
    const fermi = entryNumbers(meta).fermi
    const gap = (electronic.band_gap as Record<string, unknown>[]).map((g) => ({
      ...g,
      energy_highest_occupied: fermi,
    }))
    properties.electronic = {
      ...electronic,
      band_structure_electronic: [
        {
          reciprocal_cell: `${final}/band_structure_electronic/0/reciprocal_cell`,
          segment: Array.from(
            { length: 5 },
            (_, k) => `${final}/band_structure_electronic/0/segment/${k}`,
          ),
          band_gap: gap,
        },
      ],
      dos_electronic: [
        {
          energies: `${final}/dos_electronic/0/energies`,
          total: [`${final}/dos_electronic/0/total/0`],
          band_gap: gap,
        },
      ],
    }
  }
  if (eos) {
    const fit = equationOfState(meta)
    properties.mechanical = {
      energy_volume_curve: [
        {
          type: 'birch_murnaghan',
          volumes: '/workflow/1/equation_of_state/volumes',
          energies_fit: '/workflow/1/equation_of_state/eos_fit/0/fitted_energies',
        },
      ],
      bulk_modulus: [{ type: 'birch_murnaghan', value: fit.bulkModulus }],
      shear_modulus: [{ type: 'voigt_reuss_hill_average', value: fit.shearModulus }],
    }
    const thermo = '/workflow/0/thermodynamics'
    properties.vibrational = {
      band_structure_phonon: { segment: [`${final}/band_structure_phonon/0/segment/0`] },
      dos_phonon: {
        energies: `${final}/dos_phonon/0/energies`,
        total: [`${final}/dos_phonon/0/total/0`],
      },
      heat_capacity_constant_volume: {
        heat_capacities: `${thermo}/heat_capacity_c_v`,
        temperatures: `${thermo}/temperature`,
      },
      energy_free_helmholtz: {
        energies: `${thermo}/vibrational_free_energy_at_constant_volume`,
        temperatures: `${thermo}/temperature`,
      },
    }
  }
  if (meta.workflow === 'molecular_dynamics') {
    properties.thermodynamic = { trajectory: [trajectory(meta)] }
    properties.structural = { radial_distribution_function: rdf(meta) }
  }
  const method = results.method
  const simulation = method.simulation as Record<string, unknown> | undefined
  const dft = simulation?.dft as Record<string, unknown> | undefined
  return {
    material: material(meta, results.material),
    method: {
      ...method,
      parameter_variation_id: `pv${(meta.seed % 997).toString(36)}`,
      ...(simulation && dft
        ? {
            simulation: {
              ...simulation,
              dft: {
                ...dft,
                basis_set_name: dft.basis_set_type === 'plane waves' ? 'PAW' : 'def2-TZVP',
                van_der_Waals_method: meta.seed % 4 === 0 ? 'G06' : '',
                scf_threshold_energy_change: 1e-8 * 1.602176634e-19,
              },
            },
          }
        : {}),
    },
    properties,
  }
}
