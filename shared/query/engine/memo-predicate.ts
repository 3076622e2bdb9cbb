import type { DocPredicate } from '../evaluate'
import { optimadeToQuery } from '../optimade'
import { OPTIMADE_FILTER, type QuantityCatalogue } from '../quantities'
import { isAnd, isCriteria, isNested, isNot, isOr, type NormalizedQuery } from '../types'
import type { DocumentSource, SharedPart } from './source'

/**
 * Memoises a compiled query over the sub-documents entries share. Most criteria read only
 * parts that are one shared object per material, method, property set or upload (the sandbox's
 * entry-doc.ts interns them; a source names them in `sharedParts`). When every criterion of a
 * query reads such parts, the answer for an entry is the answer for its combination of shared
 * objects, so shared/query's predicate runs once per distinct combination (100 000 entries have
 * ~100 materials) and the rest is array lookups: each entry's shared objects are numbered once,
 * in typed arrays, so the loop does not chase pointers through 100 000 scattered documents.
 * Queries touching anything else (entry ids, files, mainfiles…) run per entry.
 */

/** The first (most specific) part that holds a path. */
function partFor(parts: readonly SharedPart[], path: string): SharedPart | null {
  for (const part of parts) if (part.covers(path)) return part
  return null
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

/**
 * Per source: each entry's number for each shared part (1 + index of the distinct object;
 * 0 for entries without the part, shared by all such entries).
 */
class PartNumbers {
  private readonly numbers = new Map<string, { ids: Int32Array; count: number }>()
  private version = -1

  constructor(private readonly source: DocumentSource) {}

  get(part: SharedPart): { ids: Int32Array; count: number } {
    const { source } = this
    if (this.version !== source.version) {
      this.numbers.clear()
      this.version = source.version
    }
    let entry = this.numbers.get(part.name)
    if (!entry) {
      const seen = new Map<unknown, number>()
      const ids = new Int32Array(source.size)
      for (let i = 0; i < source.size; i++) {
        const shared = part.of(source.doc(i))
        if (shared === undefined) continue
        let id = seen.get(shared)
        if (id === undefined) {
          id = seen.size + 1
          seen.set(shared, id)
        }
        ids[i] = id
      }
      entry = { ids, count: seen.size + 1 }
      this.numbers.set(part.name, entry)
    }
    return entry
  }
}

const perSource = new WeakMap<DocumentSource, PartNumbers>()

export type IndexedPredicate = (index: number, doc: Record<string, unknown>) => boolean

export function memoize(
  query: NormalizedQuery,
  predicate: DocPredicate,
  source: DocumentSource,
  catalogue: QuantityCatalogue,
): IndexedPredicate {
  const direct: IndexedPredicate = (_index, doc) => predicate(doc)
  const shared = source.sharedParts ?? []
  if (shared.length === 0) return direct
  const read = names(query, null, [])
  if (!read || read.length === 0) return direct
  const used: SharedPart[] = []
  for (const name of read) {
    // Where the evaluator reads the value (a few quantities live under another path).
    const path = catalogue.get(name)?.docPath ?? name
    const part = partFor(shared, path)
    if (!part) return direct
    if (!used.includes(part)) used.push(part)
  }
  let numbers = perSource.get(source)
  if (!numbers) perSource.set(source, (numbers = new PartNumbers(source)))
  const parts = used.map((part) => numbers.get(part))
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
