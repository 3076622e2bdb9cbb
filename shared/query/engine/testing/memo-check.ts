import { compileQuery } from '../../evaluate'
import { normalizeQuery } from '../../normalize'
import type { QuantityCatalogue } from '../../quantities'
import { memoize } from '../memo-predicate'
import type { DocumentSource } from '../source'

/**
 * Runs a query memoised and plain over every document of a source: how many match, and the
 * documents on which the two disagree (none, if the source's shared parts are what it interns).
 */
export function memoCheck(
  source: DocumentSource,
  raw: unknown,
  catalogue: QuantityCatalogue,
): { hits: number; mismatches: number[] } {
  const query = normalizeQuery(raw, catalogue)
  const compiled = compileQuery(query, catalogue)
  const memo = memoize(query, compiled, source, catalogue)
  const out = { hits: 0, mismatches: [] as number[] }
  for (let i = 0; i < source.size; i++) {
    const doc = source.doc(i)
    const expected = compiled(doc)
    if (memo(i, doc) !== expected) out.mismatches.push(i)
    if (expected) out.hits++
  }
  return out
}
