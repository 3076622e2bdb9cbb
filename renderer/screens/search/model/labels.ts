/**
 * Short human names for quantities in chips, column headers and inputs. The dotted name stays
 * visible in tooltips and the column picker, so nothing is hidden; these only make the common
 * ones read well.
 */
const LABELS: Record<string, string> = {
  entry_id: 'Entry ID',
  entry_name: 'Name',
  entry_type: 'Entry type',
  upload_id: 'Upload ID',
  upload_name: 'Upload',
  upload_create_time: 'Upload time',
  entry_create_time: 'Entry created',
  publish_time: 'Published',
  mainfile: 'Main file',
  comment: 'Comment',
  published: 'Published',
  with_embargo: 'Embargo',
  'authors.name': 'Authors',
  'main_author.name': 'Main author',
  'datasets.dataset_name': 'Datasets',
  'datasets.doi': 'Dataset DOI',
  'results.material.elements': 'Elements',
  'results.material.elements_exclusive': 'Only elements',
  'results.material.n_elements': 'Number of elements',
  'results.material.chemical_formula_hill': 'Formula',
  'results.material.chemical_formula_reduced': 'Formula (reduced)',
  'results.material.chemical_formula_descriptive': 'Formula (descriptive)',
  'results.material.chemical_formula_anonymous': 'Formula (anonymous)',
  'results.material.material_name': 'Material',
  'results.material.structural_type': 'Structural type',
  'results.material.functional_type': 'Functional type',
  'results.material.compound_type': 'Compound type',
  'results.material.symmetry.crystal_system': 'Crystal system',
  'results.material.symmetry.bravais_lattice': 'Bravais lattice',
  'results.material.symmetry.space_group_symbol': 'Space group',
  'results.material.symmetry.space_group_number': 'Space group number',
  'results.material.symmetry.structure_name': 'Structure name',
  'results.method.method_name': 'Method',
  'results.method.workflow_name': 'Workflow',
  'results.method.simulation.program_name': 'Program',
  'results.method.simulation.program_version': 'Program version',
  'results.method.simulation.dft.xc_functional_type': 'Functional type (XC)',
  'results.method.simulation.dft.xc_functional_names': 'XC functionals',
  'results.method.simulation.dft.basis_set_type': 'Basis set',
  'results.properties.available_properties': 'Available properties',
  'results.properties.electronic.band_gap.value': 'Band gap',
  'results.properties.electronic.band_gap.type': 'Band gap type',
  'results.properties.n_calculations': 'Calculations',
  optimade_filter: 'OPTIMADE',
}

export function quantityLabel(name: string): string {
  const known = LABELS[name]
  if (known) return known
  const parts = name.split('.')
  let last = parts[parts.length - 1] ?? name
  // "value", "type" and "name" say little alone: name the section they belong to as well.
  if (['value', 'type', 'name', 'id'].includes(last) && parts.length > 1)
    last = `${parts[parts.length - 2] ?? ''} ${last}`
  const words = last.replace(/[_#]/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
