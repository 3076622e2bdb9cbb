import {
  isAnd,
  isCriteria,
  isNested,
  isNot,
  isOr,
  OPTIMADE_FILTER,
  optimadeToQuery,
  type DocPredicate,
  type NormalizedQuery,
  type QuantityCatalogue,
} from '../../../shared/query'
import type { EntryDoc } from '../data/model'
import type { DataStore } from '../state/data-store'

/**
 * Memoises a compiled query over the sub-documents entries share. Most criteria read only
 * `results.material`, `results.method`, parts of `results.properties`, `optimade` or
 * upload-level fields, and those are one shared object per material, method, property set or
 * upload (entry-doc.ts interns them). When every criterion of a query reads such parts, the
 * answer for an entry is the answer for its combination of shared objects, so shared/query's
 * predicate runs once per distinct combination (100 000 entries have ~100 materials) and the
 * rest is array lookups: each entry's shared objects are numbered once, in typed arrays, so
 * the loop does not chase pointers through 100 000 scattered documents.
 * Queries touching anything else (entry ids, files, mainfiles…) run per entry.
 */
type Slot = (doc: EntryDoc) => unknown

type Properties = Record<string, unknown>
const properties = (d: EntryDoc) => (d.results as { properties: Properties }).properties
const UPLOAD_FIELDS = new Set([
  'upload_id',
  'upload_name',
  'upload_create_time',
  'published',
  'with_embargo',
  'publish_time',
  'origin',
  'main_author',
  'authors',
  'writers',
  'viewers',
  'writer_groups',
  'viewer_groups',
  'datasets',
])

// Most specific first. A part an entry lacks gets the number 0, shared by all such entries.
const SLOTS: [string, Slot][] = [
  ['results.material', (d) => (d.results as { material: object }).material],
  ['results.method', (d) => (d.results as { method: object }).method],
  ['results.properties.electronic', (d) => properties(d).electronic],
  ['results.properties.geometry_optimization', (d) => properties(d).geometry_optimization],
  ['results.properties.thermodynamic', (d) => properties(d).thermodynamic],
  ['results.properties', properties],
  ['optimade', (d) => d.optimade],
]
// All upload-level fields of a document come from one UploadPart; its authors list stands for it.
const UPLOAD: [string, Slot] = ['upload', (d) => d.authors]

function slotFor(name: string): [string, Slot] | null {
  for (const slot of SLOTS) if (name.startsWith(`${slot[0]}.`)) return slot
  return UPLOAD_FIELDS.has(name.split('.')[0] ?? name) ? UPLOAD : null
}

/** Quantity names a query reads (nested names made absolute; OPTIMADE filters translated). */
function names(query: NormalizedQuery, prefix: string | null, out: string[]): string[] | null {
  if (isAnd(query)) {
    for (const q of query.and) if (!names(q, prefix, out)) return null
  } else if (isOr(query)) {
    for (const q of query.or) if (!names(q, prefix, out)) return null
  } else if (isNot(query)) {
    if (!names(query.not, prefix, out)) return null
  } else if (isNested(query)) {
    if (!names(query.query, query.prefix, out)) return null
  } else if (isCriteria(query)) {
    if (query.name !== OPTIMADE_FILTER) {
      out.push(prefix === null ? query.name : `${prefix}.${query.name}`)
      return out
    }
    const value = query.value
    const filters = typeof value === 'string' ? [value] : Object.values(value).flat()
    for (const filter of filters) {
      if (typeof filter !== 'string') return null
      let translated: NormalizedQuery
      try {
        translated = optimadeToQuery(filter)
      } catch {
        return null // the evaluator reports it
      }
      if (!names(translated, null, out)) return null
    }
  }
  return out
}

/** Per store: each entry's number for each shared part (1 + index of the distinct object). */
class SlotNumbers {
  private readonly numbers = new Map<string, { ids: Int32Array; count: number }>()
  private version = -1

  constructor(private readonly store: DataStore) {}

  get([name, slot]: [string, Slot]): { ids: Int32Array; count: number } {
    if (this.version !== this.store.version) {
      this.numbers.clear()
      this.version = this.store.version
    }
    let entry = this.numbers.get(name)
    if (!entry) {
      const seen = new Map<unknown, number>()
      const ids = new Int32Array(this.store.size)
      this.store.docs.forEach((doc, i) => {
        const part = slot(doc)
        if (part === undefined) return
        let id = seen.get(part)
        if (id === undefined) {
          id = seen.size + 1
          seen.set(part, id)
        }
        ids[i] = id
      })
      entry = { ids, count: seen.size + 1 }
      this.numbers.set(name, entry)
    }
    return entry
  }
}

const perStore = new WeakMap<DataStore, SlotNumbers>()

export type EntryPredicate = (index: number, doc: EntryDoc) => boolean

export function memoize(
  query: NormalizedQuery,
  predicate: DocPredicate,
  store: DataStore,
  catalogue: QuantityCatalogue,
): EntryPredicate {
  const direct: EntryPredicate = (_index, doc) =>
    predicate(doc as unknown as Record<string, unknown>)
  const read = names(query, null, [])
  if (!read || read.length === 0) return direct
  const slots: [string, Slot][] = []
  for (const name of read) {
    // Where the evaluator reads the value (a few quantities live under another path).
    const path = catalogue.get(name)?.docPath ?? name
    const slot = slotFor(path)
    if (!slot) return direct
    if (!slots.includes(slot)) slots.push(slot)
  }
  let numbers = perStore.get(store)
  if (!numbers) perStore.set(store, (numbers = new SlotNumbers(store)))
  const parts = slots.map((slot) => numbers.get(slot))
  const size = parts.reduce((product, part) => product * part.count, 1)
  if (parts.length === 1 || size <= 1 << 22) {
    // A combined number per entry indexes a typed array of answers: 0 unknown, 1 no, 2 yes.
    const answers = new Uint8Array(size)
    return (index, doc) => {
      let key = 0
      for (const part of parts) key = key * part.count + (part.ids[index] ?? 0)
      let answer = answers[key]
      if (!answer) {
        answer = direct(index, doc) ? 2 : 1
        answers[key] = answer
      }
      return answer === 2
    }
  }
  const answers = new Map<number, boolean>()
  return (index, doc) => {
    let key = 0
    for (const part of parts) key = key * part.count + (part.ids[index] ?? 0)
    let answer = answers.get(key)
    if (answer === undefined) {
      answer = direct(index, doc)
      answers.set(key, answer)
    }
    return answer
  }
}
