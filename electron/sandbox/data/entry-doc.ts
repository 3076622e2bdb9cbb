import { definitionLists, methodPart } from './method-parts'
import { entryNumbers } from './entry-numbers'
import { flat } from './flat'
import { materialParts } from './material-parts'
import { MATERIALS } from './materials'
import type { EntryMeta, UploadRecord } from './model'
import { PROGRAMS, WORKFLOW_SECTIONS } from './programs'
import { StoredEntryDoc, type DocResolver } from './stored-doc'
import { esTime } from './time'
import type { UploadPart } from './upload-part'

/** Builds the search-index document of each entry (facts §10). */

export const NOMAD_VERSION = '1.3.4'

/**
 * Interning: at 100 000 entries most per-entry sub-objects repeat (numbers are coarse, see
 * entry-numbers.ts), so each distinct value is built once. Cuts the heap by about two thirds.
 */
const interned = new Map<string, unknown>()

function intern<T>(key: string, make: () => T): T {
  let value = interned.get(key) as T | undefined
  if (value === undefined) {
    value = make()
    interned.set(key, value)
  }
  return value
}

const SINGLE_POINT_PROPERTIES = [
  'band_structure_electronic',
  'dos_electronic',
  'electronic.band_structure_electronic.band_gap',
]

function properties(meta: EntryMeta): Record<string, unknown> {
  const numbers = entryNumbers(meta)
  const structures = materialParts(meta.materialIndex, meta.supercell).structures
  const base = { n_calculations: meta.steps, structures }
  const key = `${meta.materialIndex}/${meta.supercell}/${meta.steps}/${meta.workflow}`
  if (meta.workflow === 'geometry_optimization') {
    const go = [
      numbers.finalEnergyDifference,
      numbers.finalForceMaximum,
      numbers.finalDisplacementMaximum,
    ]
    // Sub-sections are interned on their own too: queries are memoised per shared section.
    const section = intern(`go/${go.join('/')}`, () => ({
      final_energy_difference: go[0],
      final_force_maximum: go[1],
      final_displacement_maximum: go[2],
    }))
    return intern(`props/${key}/${go.join('/')}`, () => ({
      ...base,
      available_properties: ['geometry_optimization'],
      geometry_optimization: section,
    }))
  }
  if (meta.workflow === 'molecular_dynamics') {
    const thermodynamic = intern(`md/${numbers.timeStep}`, () => ({
      trajectory: [
        {
          available_properties: ['pressure', 'temperature', 'volume'],
          methodology: {
            molecular_dynamics: { time_step: numbers.timeStep, ensemble_type: 'NVT' },
          },
        },
      ],
    }))
    return intern(`props/${key}/${numbers.timeStep}`, () => ({
      ...base,
      available_properties: ['trajectory'],
      thermodynamic,
    }))
  }
  const electronic = intern(`gap/${numbers.gapType}/${numbers.gap}`, () => {
    const gap = [{ type: numbers.gapType, value: numbers.gap }]
    return {
      band_gap: gap,
      band_structure_electronic: [{ band_gap: gap }],
      dos_electronic: [{ band_gap: gap }],
    }
  })
  return intern(`props/${key}/${numbers.gapType}/${numbers.gap}`, () => ({
    ...base,
    available_properties: SINGLE_POINT_PROPERTIES,
    electronic,
  }))
}

/** entry_references of an entry that starts from another entry's relaxed structure. */
export function entryReferences(
  uploadId: string,
  input: { entry_id: string; mainfile: string },
): Record<string, string>[] {
  return [
    {
      source_name: 'section',
      source_path: 'workflow2.inputs.section',
      source_quantity: 'simulationworkflowschema.general.Link.section',
      target_entry_id: input.entry_id,
      target_upload_id: uploadId,
      target_mainfile: input.mainfile,
      target_name: 'system',
      target_path: '/run/0/system/-1',
      target_reference: `../uploads/${uploadId}/archive/${input.entry_id}#/run/0/system/-1`,
    },
  ]
}

/** One entry's search document (upload-level fields from `part`). */
export function buildEntryDoc(
  meta: EntryMeta,
  entryId: string,
  part: UploadPart,
  upload: UploadRecord,
  resolver: DocResolver,
): StoredEntryDoc {
  const program = PROGRAMS[meta.programIndex] ?? PROGRAMS[0]
  const material = MATERIALS[meta.materialIndex]
  const parts = materialParts(meta.materialIndex, meta.supercell)
  const lists = definitionLists(meta.workflow)
  const createMs = upload.createMs + (meta.index - upload.entryStart + 1) * 1_300
  return new StoredEntryDoc(meta.index, resolver, part, {
    entry_id: entryId,
    mainfile: flat(`${meta.dir}/${program?.mainfile ?? 'output.txt'}`),
    entry_name: intern(
      `name/${meta.materialIndex}/${meta.programIndex}`,
      () => `${material?.descriptive ?? 'X'} ${program?.name ?? ''} simulation`,
    ),
    entry_type: program?.name ?? 'unknown',
    entry_create_time: flat(esTime(createMs)),
    parser_name: program?.parser ?? 'parsers/archive',
    last_processing_time: flat(esTime(createMs + 400)),
    nomad_version: NOMAD_VERSION,
    lists,
    optimade: parts.optimade,
    results: { material: parts.material, method: methodPart(meta), properties: properties(meta) },
    comment:
      meta.workflow === 'single_point'
        ? undefined
        : intern(
            `comment/${meta.workflow}/${meta.steps}`,
            () => `${WORKFLOW_SECTIONS[meta.workflow].name} with ${meta.steps} steps`,
          ),
  })
}
