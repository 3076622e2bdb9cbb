import { useEffect } from 'react'
import type { QuantityCatalogue } from '../../../../shared/query'
import { useFacetScope } from './facet-scope'
import { useTermsCounts, type FacetScope } from './use-facets'
import { useDebounced } from './use-debounced'

/** The most frequent values offered (the typed text narrows them on the server). */
const SUGGESTIONS = 50
const TYPING_DELAY_MS = 250
const NO_SCOPE: FacetScope = { serverId: '', owner: 'visible', query: {} }

/**
 * Quantities a server refused to aggregate ("server\nquantity"), asked no more in this run:
 * their rows stay plain free text instead of failing on every change of the query.
 */
const refused = new Set<string>()

/**
 * Values with counts for a criterion row on an enum or string quantity: a terms aggregation on
 * that quantity under the builder's query, the same request the dedicated terms inputs use.
 * An "any of" / "equals" row counts as if it were not there (exclude_from_search), so it shows
 * what else it could match. Quantities that cannot be aggregated (the catalogue says so, or the
 * server refuses) quietly get the catalogue's enum values, if any, and free text.
 */
export function useValueSuggestions(
  quantity: string,
  op: string,
  catalogue: QuantityCatalogue,
  typed: string,
): { values: string[]; counts: ReadonlyMap<string, number> | undefined } {
  const scope = useFacetScope()
  const q = catalogue.get(quantity)
  const text = useDebounced(typed.trim(), TYPING_DELAY_MS)
  const key = `${scope?.serverId ?? ''}\n${quantity}`
  const suggestable =
    scope !== null &&
    q !== undefined &&
    (q.type === 'enum' || q.type === 'str') &&
    q.aggregatable &&
    !refused.has(key)
  const facet = {
    quantity,
    size: SUGGESTIONS,
    excludeFromSearch: op === 'any' || op === 'equals',
    // Enum values are few and all listed anyway; narrowing on the server helps long string lists.
    ...(text !== '' && q?.type === 'str' ? { include: text.slice(0, 200) } : {}),
  }
  const result = useTermsCounts(scope ?? NO_SCOPE, [facet], suggestable)
  const rejected = result.error?.code === 'invalid_input'
  useEffect(() => {
    if (rejected) refused.add(key)
  }, [rejected, key])

  const counts = suggestable && !result.error ? result.counts?.[quantity] : undefined
  const values = new Set<string>(counts?.keys())
  for (const v of q?.enumValues ?? []) values.add(v)
  return { values: [...values], counts }
}

/** Tests start from nothing. */
export function forgetRefusedQuantities(): void {
  refused.clear()
}
