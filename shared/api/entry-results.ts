import { z } from 'zod'

// The `results` section of entry metadata (nomad-api-facts §10): only the parts the search table
// and entry pages read are typed; everything else passes through untouched. All keys are
// optional because the server omits nulls and `required.include` can cut any of them away.

const strings = z.array(z.string())

/** Accepts a section the server sends sometimes as one object, sometimes as a list of them. */
function oneOrMany<T extends z.ZodType>(schema: T) {
  return z.union([z.array(schema), schema])
}

export const symmetry = z.looseObject({
  crystal_system: z.string().optional(),
  bravais_lattice: z.string().optional(),
  space_group_number: z.number().int().optional(),
  space_group_symbol: z.string().optional(),
  point_group: z.string().optional(),
  hall_number: z.number().int().optional(),
  hall_symbol: z.string().optional(),
  structure_name: z.string().optional(),
  prototype_formula: z.string().optional(),
  prototype_aflow_id: z.string().optional(),
  strukturbericht_designation: z.string().optional(),
})
export type Symmetry = z.infer<typeof symmetry>

export const material = z.looseObject({
  material_id: z.string().optional(),
  material_name: z.string().optional(),
  structural_type: z.string().optional(),
  elements: strings.optional(),
  elements_exclusive: z.string().optional(),
  n_elements: z.number().int().optional(),
  chemical_formula_hill: z.string().optional(),
  chemical_formula_reduced: z.string().optional(),
  chemical_formula_descriptive: z.string().optional(),
  chemical_formula_anonymous: z.string().optional(),
  chemical_formula_iupac: z.string().optional(),
  symmetry: symmetry.optional(),
})
export type Material = z.infer<typeof material>

export const dftMethod = z.looseObject({
  xc_functional_type: z.string().optional(),
  xc_functional_names: strings.optional(),
  basis_set_type: z.string().optional(),
  core_electron_treatment: z.string().optional(),
  relativity_method: z.string().optional(),
  jacobs_ladder: z.string().optional(),
})
export type DftMethod = z.infer<typeof dftMethod>

export const simulation = z.looseObject({
  program_name: z.string().optional(),
  program_version: z.string().optional(),
  dft: dftMethod.optional(),
})
export type Simulation = z.infer<typeof simulation>

export const method = z.looseObject({
  method_name: z.string().optional(),
  // Declared a string in the metainfo, but recorded servers send a list.
  workflow_name: z.union([z.string(), strings]).optional(),
  simulation: simulation.optional(),
})
export type Method = z.infer<typeof method>

/** A band gap in joules; `type` is "direct" or "indirect" when known. */
export const bandGap = z.looseObject({
  value: z.number().optional(),
  type: z.string().optional(),
})
export type BandGap = z.infer<typeof bandGap>

const withBandGaps = z.looseObject({ band_gap: z.array(bandGap).optional() })

export const electronicProperties = z.looseObject({
  band_gap: z.array(bandGap).optional(),
  band_structure_electronic: oneOrMany(withBandGaps).optional(),
  dos_electronic: oneOrMany(withBandGaps).optional(),
})
export type ElectronicProperties = z.infer<typeof electronicProperties>

export const properties = z.looseObject({
  available_properties: strings.optional(),
  n_calculations: z.number().int().optional(),
  electronic: electronicProperties.optional(),
})
export type Properties = z.infer<typeof properties>

export const entryResults = z.looseObject({
  material: material.optional(),
  method: method.optional(),
  properties: properties.optional(),
})
export type EntryResults = z.infer<typeof entryResults>
