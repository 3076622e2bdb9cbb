/**
 * Which properties the sections of generated archives may have, for the real reader's
 * "<Section> has no property <p>" 422. Only sections the sandbox generates are described;
 * inside any other section every key is accepted (missing ones are simply skipped).
 * Values name the child section definition, or null for quantities and free-form sections.
 */
type Props = Record<string, string | null>

const q = (...names: string[]): Props => Object.fromEntries(names.map((name) => [name, null]))

export const SECTIONS: Record<string, Props> = {
  EntryArchive: {
    run: 'Run',
    workflow: 'Workflow',
    workflow2: null,
    metadata: 'EntryMetadata',
    results: 'Results',
    ...q('processing_logs', 'data', 'definitions', 'measurement', 'm_ref_archives', 'm_def'),
  },
  Run: {
    program: 'Program',
    method: 'Method',
    system: 'System',
    calculation: 'Calculation',
    ...q(
      'clean_end',
      'time_run',
      'raw_id',
      'starting_run_ref',
      'n_references',
      'runs_ref',
      'm_def',
    ),
  },
  Program: q(
    'name',
    'version',
    'version_internal',
    'compilation_datetime',
    'compilation_host',
    'm_def',
  ),
  Method: q(
    'dft',
    'electronic',
    'scf',
    'atom_parameters',
    'basis_set',
    'gw',
    'tb',
    'dmft',
    'core_hole',
    'photon',
    'starting_method_ref',
    'methods_ref',
    'm_def',
  ),
  System: {
    atoms: 'Atoms',
    ...q(
      'type',
      'is_representative',
      'chemical_composition',
      'chemical_composition_hill',
      'chemical_composition_reduced',
      'symmetry',
      'prototype',
      'springer_material',
      'configuration_raw_gid',
      'constraint',
      'name',
      'atoms_group',
      'sub_system_ref',
      'systems_ref',
      'm_def',
    ),
  },
  Atoms: q(
    'labels',
    'species',
    'positions',
    'lattice_vectors',
    'periodic',
    'velocities',
    'n_atoms',
    'supercell_matrix',
    'm_def',
  ),
  Calculation: {
    energy: 'Energy',
    ...q(
      'system_ref',
      'method_ref',
      'forces',
      'stress',
      'scf_iteration',
      'eigenvalues',
      'band_gap',
      'dos_electronic',
      'band_structure_electronic',
      'temperature',
      'pressure',
      'time_physical',
      'step',
      'time_calculation',
      'starting_calculation_ref',
      'calculations_ref',
      'enthalpy',
      'volume',
      'm_def',
    ),
  },
  Energy: q(
    'total',
    'free',
    'fermi',
    'xc',
    'highest_occupied',
    'lowest_unoccupied',
    'total_t0',
    'kinetic_electronic',
    'correction_hartree',
    'zero_point',
    'm_def',
  ),
  Workflow: q(
    'type',
    'calculation_result_ref',
    'calculations_ref',
    'task',
    'single_point',
    'geometry_optimization',
    'molecular_dynamics',
    'workflows_ref',
    'm_def',
  ),
  EntryMetadata: q(
    'upload_id',
    'upload_name',
    'upload_create_time',
    'entry_id',
    'entry_name',
    'entry_type',
    'entry_hash',
    'entry_create_time',
    'parser_name',
    'mainfile',
    'mainfile_key',
    'files',
    'published',
    'publish_time',
    'with_embargo',
    'embargo_length',
    'license',
    'processed',
    'last_processing_time',
    'processing_errors',
    'nomad_version',
    'nomad_commit',
    'references',
    'main_author',
    'coauthors',
    'entry_coauthors',
    'reviewers',
    'datasets',
    'domain',
    'n_quantities',
    'quantities',
    'sections',
    'entry_references',
    'entry_timestamp',
    'optimade',
    'section_defs',
    'comment',
    'external_id',
    'external_db',
    'calc_id',
    'm_def',
  ),
  Results: q('material', 'method', 'properties', 'eln', 'm_def'),
}

/** The child definition of `property` in `section`, or undefined if unknown here. */
export function childSection(section: string | null, property: string): string | null {
  if (section === null) return null
  return SECTIONS[section]?.[property] ?? null
}

/** False only when the section is described and lacks the property. */
export function hasProperty(section: string | null, property: string): boolean {
  if (section === null) return true
  const props = SECTIONS[section]
  return props === undefined || property in props
}
