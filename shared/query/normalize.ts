/**
 * normalizeQuery: a request's `query` → the normalised form the real server echoes, validated
 * against the catalogue (search.py normalize_api_query + validate_api_query). Errors are thrown
 * as QueryValidationError with the server's 422 items:
 * - request-model errors (pydantic) are located under the body: `["body", "query", …]`;
 * - search-level errors (unknown quantity, unparsable OPTIMADE filter) are doubly nested,
 *   `[["mispelled"]]`, with type `value_error.exception`.
 */
import { bodyError, unknownQuantityError } from './errors'
import { optimadeToQuery } from './optimade'
import {
  attemptCriteriaValue,
  expandCriteria,
  isRawDict,
  parseQuery,
  tryRange,
  type ParsedQuery,
  type ParsedValue,
} from './parse-query'
import { OPTIMADE_FILTER, type QuantityCatalogue } from './quantities'
import {
  isAnd,
  isCriteria,
  isNested,
  isNot,
  isOr,
  isRangeValue,
  listOpOf,
  type CriteriaValue,
  type NormalizedQuery,
  type Scalar,
} from './types'

/**
 * Validates and normalises a POST body's `query`. A missing query (undefined or null) becomes
 * `{"and": []}` — what the server echoes when the body has no query — while `{}` stays `{}`.
 */
export function normalizeQuery(input: unknown, catalogue: QuantityCatalogue): NormalizedQuery {
  const normalized =
    input === undefined || input === null
      ? { and: [] }
      : normalizeParsed(parseQuery(input), catalogue, null)
  validateNormalized(normalized, catalogue, null)
  return normalized
}

function normalizeParsed(
  query: ParsedQuery,
  catalogue: QuantityCatalogue,
  prefix: string | null,
): NormalizedQuery {
  switch (query.kind) {
    case 'empty':
      return {}
    case 'and':
      return { and: query.items.map((q) => normalizeParsed(q, catalogue, prefix)) }
    case 'or':
      return { or: query.items.map((q) => normalizeParsed(q, catalogue, prefix)) }
    case 'not':
      return { not: normalizeParsed(query.item, catalogue, prefix) }
    case 'nested':
      return { prefix: query.prefix, query: normalizeParsed(query.query, catalogue, query.prefix) }
    case 'criteria':
      // The internal form is taken as given: no nested wrapping, as the server does.
      return { name: query.name, value: criteriaValue(query.value, ['query', 'value']) }
    case 'mapping': {
      const items = [...query.entries].map(([name, value]) =>
        normalizeCriteria(name, value, catalogue, prefix),
      )
      return items.length === 1 && items[0] ? items[0] : { and: items }
    }
  }
}

/**
 * One `name: value` pair: wraps names under nested prefixes into {prefix, query}, and turns a
 * dict that is not a range into the AND of its dotted sub-criteria.
 */
function normalizeCriteria(
  name: string,
  value: ParsedValue,
  catalogue: QuantityCatalogue,
  prefix: string | null,
): NormalizedQuery {
  const fullName = prefix === null ? name : `${prefix}.${name}`
  const prefixes: string[] = []
  let relativeName = name
  let nestedPrefix: string | null = null
  for (const key of catalogue.nestedPrefixes) {
    if (key === prefix) continue
    if (fullName === key || fullName.startsWith(`${key}.`)) {
      if (prefix === null || !prefix.startsWith(key)) {
        prefixes.push(key)
        relativeName = fullName.slice(key.length + 1)
        nestedPrefix = key
      }
    }
    if (fullName === key) break
  }

  let query: NormalizedQuery
  if (isRawDict(value)) {
    const range = tryRange(value.raw)
    query = range
      ? { name: relativeName, value: range }
      : {
          and: Object.entries(value.raw).map(([key, inner]) => {
            const innerName = relativeName === '' ? key : `${relativeName}.${key}`
            return normalizeInner(innerName, inner, catalogue, nestedPrefix)
          }),
        }
  } else {
    query = { name: relativeName, value: criteriaValue(value, ['query', name]) }
  }
  for (const p of prefixes.reverse()) query = { prefix: p, query }
  return query
}

/** Values inside a nested dict were not validated yet; the server validates them as Criteria. */
function normalizeInner(
  name: string,
  raw: unknown,
  catalogue: QuantityCatalogue,
  prefix: string | null,
): NormalizedQuery {
  const parsed = attemptCriteriaValue(raw, ['query', name])
  if (!parsed.ok) throw parsed.error
  if (isRawDict(parsed.value)) return normalizeCriteria(name, parsed.value, catalogue, prefix)
  const expanded = expandCriteria(name, parsed.value, ['query', name])
  if (!expanded.ok) throw expanded.error
  return normalizeCriteria(expanded.value[0], expanded.value[1], catalogue, prefix)
}

function criteriaValue(value: ParsedValue, loc: (string | number)[]): CriteriaValue {
  if (Array.isArray(value)) return { all: value }
  // The server crashes (500) on a dict value in the {name, value} form; we answer 422 instead.
  if (isRawDict(value)) throw bodyError(loc, 'value is not a valid criteria value', 'type_error')
  return value
}

/**
 * validate_api_query's checks, in its traversal order: every quantity must exist (empty lists
 * check nothing, as on the server) and OPTIMADE filters must parse.
 */
function validateNormalized(
  query: NormalizedQuery,
  catalogue: QuantityCatalogue,
  prefix: string | null,
): void {
  if (isAnd(query)) for (const q of query.and) validateNormalized(q, catalogue, prefix)
  else if (isOr(query)) for (const q of query.or) validateNormalized(q, catalogue, prefix)
  else if (isNot(query)) validateNormalized(query.not, catalogue, prefix)
  else if (isNested(query)) validateNormalized(query.query, catalogue, query.prefix)
  else if (isCriteria(query)) {
    const name = prefix === null ? query.name : `${prefix}.${query.name}`
    const value = query.value
    const op = listOpOf(value)
    if (op !== null) {
      for (const item of (value as Record<string, Scalar[]>)[op] ?? [])
        validateMatch(name, item, catalogue)
    } else if (isRangeValue(value)) {
      if (!catalogue.has(name)) throw unknownQuantityError(name)
    } else validateMatch(name, value as Scalar, catalogue)
  }
}

function validateMatch(name: string, value: Scalar, catalogue: QuantityCatalogue): void {
  if (name === OPTIMADE_FILTER) {
    optimadeToQuery(String(value))
    return
  }
  if (!catalogue.has(name)) throw unknownQuantityError(name)
}
