/**
 * normalizeGetParams: the query of GET /entries from its URL parameters (models.py
 * QueryParameters), then normalised like a POST body. Quantity parameters become criteria
 * (`?a=1&a=2` → any, or all for many_all quantities; `a__gte=3`), `q=quantity[__op]__value`
 * fragments add more, `json_query` is merged last, and unknown names are silently ignored.
 */
import { paramError, QueryValidationError, type ValidationItem } from './errors'
import { normalizeQuery } from './normalize'
import type { QuantityCatalogue, SearchQuantity } from './quantities'
import { isPlainObject, type NormalizedQuery, type Scalar } from './types'
import { pythonIsoformat } from './values'

export interface GetParamsOptions {
  /**
   * Reproduce the server's `bool(str)` quirk, where any non-empty text (even "false") means
   * true. Off by default: we parse true/false (any case) and 1/0, and reject anything else.
   */
  pythonBool?: boolean
}

const RANGE = new Set(['lt', 'lte', 'gt', 'gte'])

/**
 * `params` maps each parameter name to its values in URL order (repeated keys collected); pass
 * the names in the order they first appear, as the server keeps that order in its echo.
 */
export function normalizeGetParams(
  params: Readonly<Record<string, readonly string[]>>,
  catalogue: QuantityCatalogue,
  options: GetParamsOptions = {},
): NormalizedQuery {
  const byName = new Map<string, string[]>()
  for (const [key, values] of Object.entries(params)) byName.set(key, [...values])
  for (const parameter of params.q ?? []) addFragment(parameter, byName, catalogue)

  const query = new Map<string, unknown>()
  for (const [key, values] of byName) {
    const separator = key.indexOf('__')
    const name = separator < 0 ? key : key.slice(0, separator)
    const op = separator < 0 ? null : key.slice(separator + 2)
    const quantity = catalogue.get(name)
    if (quantity === undefined) continue
    const converted = values.map((v) => convert(v, quantity, key, options))
    query.set(name, criterionValue(op ?? (quantity.manyAll ? 'all' : 'any'), converted, key))
  }

  const json = params.json_query
  if (json !== undefined && json.length > 0) {
    for (const [key, value] of Object.entries(parseJsonQuery(json[json.length - 1] ?? '')))
      query.set(key, value)
  }
  try {
    return normalizeQuery(Object.fromEntries(query), catalogue)
  } catch (error) {
    throw error instanceof QueryValidationError ? relocate(error) : error
  }
}

function addFragment(
  parameter: string,
  byName: Map<string, string[]>,
  catalogue: QuantityCatalogue,
): void {
  const fragments = parameter.split('__')
  if (fragments.length === 1 || fragments.length > 3)
    throw paramError(['query', 'q'], 'wrong format, use <quantity>[__<op>]__<value>')
  const nameOp = fragments.slice(0, -1).join('__')
  const name = fragments[0] ?? ''
  if (!catalogue.has(name)) throw paramError(['query', parameter], `${name} is not a doc quantity`)
  const list = byName.get(nameOp) ?? []
  list.push(fragments[fragments.length - 1] ?? '')
  byName.set(nameOp, list)
}

function criterionValue(op: string, values: Scalar[], key: string): unknown {
  if (op === 'all' || op === 'any' || op === 'none') return { [op]: values }
  if (!RANGE.has(op)) throw paramError(['query', key], `operator ${op} is unknown`)
  if (values.length > 1)
    throw paramError(['query', key], `operator ${op} does not support multiple values`)
  return { [op]: values[0] }
}

/** Conversion by quantity type. The server answers 500 on failure; we answer 422. */
function convert(
  text: string,
  quantity: SearchQuantity,
  key: string,
  options: GetParamsOptions,
): Scalar {
  const fail = () => paramError(['query', key], `cannot convert '${text}' to ${quantity.type}`)
  switch (quantity.type) {
    case 'int': {
      if (!/^\s*[+-]?\d+(_\d+)*\s*$/.test(text)) throw fail()
      return Number(text.replace(/_/g, ''))
    }
    case 'float': {
      const n = Number(text.trim())
      if (text.trim() === '' || Number.isNaN(n)) throw fail()
      return n
    }
    case 'bool': {
      if (options.pythonBool) return text !== ''
      const lower = text.trim().toLowerCase()
      if (lower === 'true' || lower === '1') return true
      if (lower === 'false' || lower === '0') return false
      throw fail()
    }
    case 'datetime': {
      const iso = pythonIsoformat(text)
      if (iso === null) throw fail()
      return iso
    }
    case 'str':
    case 'enum':
    case 'text':
      return text
  }
}

function parseJsonQuery(text: string): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  if (!isPlainObject(parsed)) throw paramError(['json_query'], 'cannot parse json_query')
  return parsed
}

/** Request-model errors point into json_query here (the server itself fails with 500). */
function relocate(error: QueryValidationError): QueryValidationError {
  const items = error.items.map((item): ValidationItem => {
    const loc = item.loc
    if (loc[0] !== 'body') return item
    return { ...item, loc: ['query', 'json_query', ...(loc.slice(2) as (string | number)[])] }
  })
  return new QueryValidationError(items)
}
