import type { DocumentSource, SharedPart } from '../../../shared/query/engine'
import { UPLOAD_DOC_FIELDS } from '../data/stored-doc'
import type { DataStore } from '../state/data-store'

/**
 * The sandbox's entries as a document source of the query engine. Its shared parts are the
 * sub-objects entry-doc.ts interns: one object per material, method, property set and
 * OPTIMADE section, and per upload the fields of its UploadPart.
 */

type Doc = Record<string, unknown>
type Properties = Record<string, unknown>
const results = (d: Doc) =>
  d.results as { material: object; method: object; properties: Properties }
const properties = (d: Doc) => results(d).properties

const UPLOAD_FIELDS = new Set<string>(UPLOAD_DOC_FIELDS)

function under(prefix: string, of: (doc: Doc) => unknown): SharedPart {
  return { name: prefix, covers: (path) => path.startsWith(`${prefix}.`), of }
}

// Most specific first. A part an entry lacks gets the number 0, shared by all such entries.
export const ENTRY_SHARED_PARTS: readonly SharedPart[] = [
  under('results.material', (d) => results(d).material),
  under('results.method', (d) => results(d).method),
  under('results.properties.electronic', (d) => properties(d).electronic),
  under('results.properties.geometry_optimization', (d) => properties(d).geometry_optimization),
  under('results.properties.thermodynamic', (d) => properties(d).thermodynamic),
  under('results.properties', properties),
  under('optimade', (d) => d.optimade),
  // All upload-level fields of a document come from one UploadPart; its authors list stands for it.
  {
    name: 'upload',
    covers: (path) => UPLOAD_FIELDS.has(path.split('.')[0] ?? path),
    of: (d) => d.authors,
  },
]

/** A live view of the store: size and version follow its mutations. */
export function entrySource(store: DataStore): DocumentSource {
  return {
    get size() {
      return store.size
    },
    get version() {
      return store.version
    },
    doc: (index) => store.docs[index] as unknown as Doc,
    id: (index) => store.entryId(index),
    sharedParts: ENTRY_SHARED_PARTS,
  }
}
