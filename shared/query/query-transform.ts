/** Rewrites of normalised queries. */
import { isAnd, isCriteria, isNested, isNot, isOr, type NormalizedQuery } from './types'

/**
 * remove_quantity_from_query: every criterion on `quantity` (full name, also inside nested
 * queries and under and/or/not) becomes `{}`. This is how exclude_from_search drops the
 * aggregation's own quantity. Faithful to the server, `{"not": X}` becomes `{"not": {}}`,
 * which matches nothing.
 */
export function removeQuantity(
  query: NormalizedQuery,
  quantity: string,
  prefix: string | null = null,
): NormalizedQuery {
  if (isAnd(query)) return { and: query.and.map((q) => removeQuantity(q, quantity, prefix)) }
  if (isOr(query)) return { or: query.or.map((q) => removeQuantity(q, quantity, prefix)) }
  if (isNot(query)) return { not: removeQuantity(query.not, quantity, prefix) }
  if (isNested(query))
    return { prefix: query.prefix, query: removeQuantity(query.query, quantity, query.prefix) }
  if (isCriteria(query)) {
    const name = prefix === null ? query.name : `${prefix}.${query.name}`
    return name === quantity ? {} : query
  }
  return query
}
