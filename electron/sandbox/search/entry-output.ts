import { projectRequired, type MetadataRequired } from '../../../shared/query/engine'
import type { EntryDoc } from '../data/model'
import { DERIVED_DOC_FIELDS, DOC_FIELDS } from '../data/stored-doc'

/**
 * Entry documents as the sandbox answers them: the document's fields (DOC_FIELDS, some of them
 * getters, then a recorded entry's extra own fields), derived fields and the `license` injected
 * into every hit (unless `required` filters it out).
 */

export const LICENSE = 'CC BY 4.0'

/** Every top-level field an entry document can have (for validating `required`). */
export function docFieldNames(sample: EntryDoc | undefined): Set<string> {
  return new Set([
    ...DOC_FIELDS,
    ...(sample ? Object.keys(sample) : []),
    ...DERIVED_DOC_FIELDS,
    'license',
    'mainfile_key',
  ])
}

/** The full output document: own fields, derived fields and the license. */
export function fullDoc(doc: EntryDoc): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of DOC_FIELDS) out[field] = doc[field]
  // A recorded entry keeps the real document's other fields as own keys, after these.
  for (const [field, value] of Object.entries(doc))
    if (!Object.hasOwn(out, field)) out[field] = value
  for (const field of DERIVED_DOC_FIELDS) {
    const value = doc[field]
    if (value !== undefined) out[field] = value
  }
  out.license = LICENSE
  return out
}

/** The entry as `required` asks for it (the order_by field added to an include list). */
export function project(
  doc: EntryDoc,
  required: MetadataRequired | undefined,
  orderBy?: string,
): Record<string, unknown> {
  return projectRequired(fullDoc(doc), required, orderBy)
}
