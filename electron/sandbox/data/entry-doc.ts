import { definitionLists, methodPart } from './method-parts'
import { entryNumbers } from './entry-numbers'
import { materialParts, materialPartsKey } from './material-parts'
import { MATERIALS } from './materials'
import type { EntryMeta, UploadRecord } from './model'
import { cached } from './cached'
import { PROGRAMS, WORKFLOW_SECTIONS } from './programs'
import { StoredEntryDoc, type DocResolver, type EntryTime } from './stored-doc'
import { esTime } from './time'
import type { UploadPart } from './upload-part'

/** Builds the search-index document of each entry (facts §10). */

export const NOMAD_VERSION = '1.3.4'

/**
 * Interning: at 100 000 entries most per-entry sub-objects repeat (numbers are coarse, see
 * entry-numbers.ts), so each distinct value is built once. Cuts the heap by about two thirds.
 * Sub-sections are interned on their own too: queries are memoised per shared section. The
 * keys are numbers and the sections themselves, not strings (cached.ts). The per-entry lookups
 * get and set by hand rather than through cached(): its `make` closure, made at every call
 * whether needed or not, cost ~50 ms of a 100 000-entry start.
 */
type Section = Record<string, unknown>
const mdSections = new Map<number, Section>()
const gapSections = new Map<string, Map<number, Section>>()
/** Per section, keyed by the steps and the material part (material and supercell). */
const propertySets = new Map<Section, Map<number, Section>>()
const entryNames = new Map<number, string>()
const comments = new Map<string, Map<number, string>>()
/** `results` per property set and method: the property set already fixes the material. */
const resultSections = new Map<Section, Map<Section, Section>>()

const SINGLE_POINT_PROPERTIES = [
  'band_structure_electronic',
  'dos_electronic',
  'electronic.band_structure_electronic.band_gap',
]
const GEOMETRY_OPTIMIZATION_PROPERTIES = ['geometry_optimization']
const TRAJECTORY_PROPERTIES = ['trajectory']

function properties(meta: EntryMeta): Record<string, unknown> {
  const numbers = entryNumbers(meta)
  const structures = materialParts(meta.materialIndex, meta.supercell).structures
  if (meta.workflow === 'geometry_optimization') {
    // Not interned: 97 % of these sections are distinct (three random convergence figures).
    return {
      n_calculations: meta.steps,
      structures,
      available_properties: GEOMETRY_OPTIMIZATION_PROPERTIES,
      geometry_optimization: {
        final_energy_difference: numbers.finalEnergyDifference,
        final_force_maximum: numbers.finalForceMaximum,
        final_displacement_maximum: numbers.finalDisplacementMaximum,
      },
    }
  }
  const key = meta.steps * 2 ** 20 + materialPartsKey(meta.materialIndex, meta.supercell)
  if (meta.workflow === 'molecular_dynamics') {
    let thermodynamic = mdSections.get(numbers.timeStep)
    if (thermodynamic === undefined)
      mdSections.set(numbers.timeStep, (thermodynamic = thermodynamicSection(numbers.timeStep)))
    return propertySet('thermodynamic', thermodynamic, key, meta.steps, structures)
  }
  const byGap = cached(gapSections, numbers.gapType, newMap<number, Section>)
  let electronic = byGap.get(numbers.gap)
  if (electronic === undefined)
    byGap.set(numbers.gap, (electronic = electronicSection(numbers.gapType, numbers.gap)))
  return propertySet('electronic', electronic, key, meta.steps, structures)
}

/** The interned property set around one shared section, per steps and material part (`key`). */
function propertySet(
  name: 'thermodynamic' | 'electronic',
  section: Section,
  key: number,
  steps: number,
  structures: unknown,
): Section {
  const sets = cached(propertySets, section, newMap<number, Section>)
  let set = sets.get(key)
  if (set === undefined) {
    // One literal each, in the real server's key order: a key added later would cost a second
    // allocation per set (V8's out-of-object properties).
    set =
      name === 'electronic'
        ? {
            n_calculations: steps,
            structures,
            available_properties: SINGLE_POINT_PROPERTIES,
            electronic: section,
          }
        : {
            n_calculations: steps,
            structures,
            available_properties: TRAJECTORY_PROPERTIES,
            thermodynamic: section,
          }
    sets.set(key, set)
  }
  return set
}

function thermodynamicSection(timeStep: number): Section {
  return {
    trajectory: [
      {
        available_properties: ['pressure', 'temperature', 'volume'],
        methodology: { molecular_dynamics: { time_step: timeStep, ensemble_type: 'NVT' } },
      },
    ],
  }
}

function electronicSection(type: string, value: number): Section {
  const gap = [{ type, value }]
  return {
    band_gap: gap,
    band_structure_electronic: [{ band_gap: gap }],
    dos_electronic: [{ band_gap: gap }],
  }
}

/**
 * results: shared by the entries with the same interned property set and method (two thirds
 * of them); a geometry optimisation's property set is its own, and so is its results object.
 */
function results(meta: EntryMeta, material: Section): Section {
  const method = methodPart(meta)
  const props = properties(meta)
  if (meta.workflow === 'geometry_optimization') return { material, method, properties: props }
  const byMethod = cached(resultSections, props, newMap<Section, Section>)
  let shared = byMethod.get(method)
  if (shared === undefined) byMethod.set(method, (shared = { material, method, properties: props }))
  return shared
}

function newMap<K, V>(): Map<K, V> {
  return new Map()
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

/** A generated entry's entry_create_time or last_processing_time: 1.3 s apart in its upload. */
export function entryTime(meta: EntryMeta, upload: UploadRecord, which: EntryTime): string {
  const createMs = upload.createMs + (meta.index - upload.entryStart + 1) * 1_300
  return esTime(which === 'created' ? createMs : createMs + 400)
}

/** One entry's search document (upload-level fields from `part`, id and mainfile from `resolver`). */
export function buildEntryDoc(
  meta: EntryMeta,
  part: UploadPart,
  resolver: DocResolver,
): StoredEntryDoc {
  const program = PROGRAMS[meta.programIndex] ?? PROGRAMS[0]
  const material = MATERIALS[meta.materialIndex]
  const parts = materialParts(meta.materialIndex, meta.supercell)
  const lists = definitionLists(meta.workflow)
  return new StoredEntryDoc(meta.index, resolver, part, {
    entry_name: cached(
      entryNames,
      meta.materialIndex * PROGRAMS.length + meta.programIndex,
      () => `${material?.descriptive ?? 'X'} ${program?.name ?? ''} simulation`,
    ),
    entry_type: program?.name ?? 'unknown',
    parser_name: program?.parser ?? 'parsers/archive',
    nomad_version: NOMAD_VERSION,
    lists,
    optimade: parts.optimade,
    results: results(meta, parts.material),
    comment:
      meta.workflow === 'single_point'
        ? undefined
        : cached(
            cached(comments, meta.workflow, newMap<number, string>),
            meta.steps,
            () => `${WORKFLOW_SECTIONS[meta.workflow].name} with ${meta.steps} steps`,
          ),
  })
}
