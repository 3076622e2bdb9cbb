import { unitReader, type BucketKey } from '../aggregate-common'
import type { TermCount } from '../aggregate-terms'
import type { SearchQuantity } from '../quantities'
import type { DocumentSource } from './source'

/**
 * Per-quantity term columns for terms aggregations, like Elasticsearch's doc values: for each
 * document, the distinct values of a quantity and how many nested units hold each. Counting a
 * search's buckets is then a walk over its match bitmap adding small integers, instead of
 * reading every matching document's nested objects again for every aggregation of every
 * request. A column is read once from the documents, on first use, and dropped when the
 * source's version changes. Documents that share the quantity's part (one material object for
 * many entries) are read once per distinct part.
 */
interface Column {
  /** Distinct values; a value's id is its index. */
  keys: BucketKey[]
  /** Document d's values are ids[starts[d] .. starts[d + 1]). */
  starts: Int32Array
  ids: Int32Array
  /** Nested units of document d holding that value (1 for quantities that are not nested). */
  units: Int32Array
}

/** One document's distinct values with their unit counts, as parallel lists. */
interface DocTerms {
  ids: number[]
  units: number[]
}

export class TermsIndex {
  private version = Number.NaN
  private readonly columns = new Map<string, Column>()

  constructor(private readonly source: DocumentSource) {}

  /** Documents (count) and nested units (nested) per value over the matching documents. */
  count(quantity: SearchQuantity, matches: Uint8Array): TermCount[] {
    const { keys, starts, ids, units } = this.column(quantity)
    const count = new Int32Array(keys.length)
    const nested = new Int32Array(keys.length)
    const size = Math.min(matches.length, starts.length - 1)
    for (let doc = 0; doc < size; doc++) {
      if (matches[doc] !== 1) continue
      const end = starts[doc + 1] ?? 0
      for (let j = starts[doc] ?? 0; j < end; j++) {
        const id = ids[j] ?? 0
        count[id] = (count[id] ?? 0) + 1
        nested[id] = (nested[id] ?? 0) + (units[j] ?? 0)
      }
    }
    const out: TermCount[] = []
    keys.forEach((key, id) => {
      const n = count[id] ?? 0
      if (n > 0) out.push({ key, count: n, nested: nested[id] ?? 0 })
    })
    return out
  }

  private column(quantity: SearchQuantity): Column {
    if (this.version !== this.source.version) {
      this.columns.clear()
      this.version = this.source.version
    }
    let column = this.columns.get(quantity.name)
    if (!column) {
      column = this.build(quantity)
      this.columns.set(quantity.name, column)
    }
    return column
  }

  private build(quantity: SearchQuantity): Column {
    const read = unitReader(quantity)
    const keys: BucketKey[] = []
    const idOf = new Map<BucketKey, number>()
    const termsOf = (doc: Record<string, unknown>): DocTerms => {
      const at = new Map<number, number>()
      read(doc, (unitKeys) => {
        // A value counts once per unit however often the unit lists it.
        for (const id of new Set(unitKeys.map((key) => keyId(key))))
          at.set(id, (at.get(id) ?? 0) + 1)
      })
      return { ids: [...at.keys()], units: [...at.values()] }
    }
    const keyId = (key: BucketKey): number => {
      let id = idOf.get(key)
      if (id === undefined) {
        id = keys.length
        keys.push(key)
        idOf.set(key, id)
      }
      return id
    }
    const path = quantity.docPath ?? quantity.name
    const part = this.source.sharedParts?.find((p) => p.covers(path))
    const byPart = new Map<unknown, DocTerms>()
    const size = this.source.size
    const perDoc: DocTerms[] = new Array<DocTerms>(size)
    let total = 0
    for (let d = 0; d < size; d++) {
      const doc = this.source.doc(d)
      let terms: DocTerms | undefined
      if (part) {
        const shared = part.of(doc)
        terms = byPart.get(shared)
        if (!terms) byPart.set(shared, (terms = termsOf(doc)))
      } else terms = termsOf(doc)
      perDoc[d] = terms
      total += terms.ids.length
    }
    const starts = new Int32Array(size + 1)
    const ids = new Int32Array(total)
    const units = new Int32Array(total)
    let at = 0
    for (let d = 0; d < size; d++) {
      starts[d] = at
      const terms = perDoc[d]
      if (!terms) continue
      ids.set(terms.ids, at)
      units.set(terms.units, at)
      at += terms.ids.length
    }
    starts[size] = at
    return { keys, starts, ids, units }
  }
}
