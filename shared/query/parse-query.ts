/**
 * Request-model validation of a `query`, mirroring the real server's pydantic models
 * (models.py): a query is the first of And | Or | Not | Nested | Criteria | Empty |
 * Mapping[str, CriteriaValue] that accepts it, and a criteria value is the first of
 * Value | List[Value] | Range | Any | All | None | Dict that accepts it. Following the same order
 * is what makes odd inputs behave like the server (e.g. `{"or": {...}}` is a mapping whose
 * quantity is "or"). Mappings then get their `:op` suffixes expanded and lists turned into `all`.
 */
import { bodyError, QueryValidationError, type ValidationItem } from './errors'
import {
  isPlainObject,
  isScalar,
  LIST_OPS,
  RANGE_OPS,
  type CriteriaValue,
  type ListOp,
  type RangeOp,
  type RangeValue,
  type Scalar,
} from './types'

/** A raw JSON object kept for normalisation's nested-dict rule (pydantic's Dict[str, Any]). */
export interface RawDict {
  raw: Record<string, unknown>
}

/** A criteria value after request validation, before normalisation. */
export type ParsedValue = CriteriaValue | Scalar[] | RawDict

export type ParsedQuery =
  | { kind: 'and'; items: ParsedQuery[] }
  | { kind: 'or'; items: ParsedQuery[] }
  | { kind: 'not'; item: ParsedQuery }
  | { kind: 'nested'; prefix: string; query: ParsedQuery }
  | { kind: 'criteria'; name: string; value: ParsedValue }
  | { kind: 'empty' }
  | { kind: 'mapping'; entries: Map<string, ParsedValue> }

type Loc = (string | number)[]
type Attempt<T> = { ok: true; value: T } | { ok: false; error: QueryValidationError }

const ok = <T>(value: T): Attempt<T> => ({ ok: true, value })
const fail = <T>(error: QueryValidationError): Attempt<T> => ({ ok: false, error })

export function isRawDict(value: ParsedValue): value is RawDict {
  return isPlainObject(value) && 'raw' in value && Object.keys(value).length === 1
}

/** Validates a request's `query` like the server's request model; throws 422 on failure. */
export function parseQuery(input: unknown, loc: Loc = ['query']): ParsedQuery {
  const attempt = attemptQuery(input, loc)
  if (!attempt.ok) throw attempt.error
  return attempt.value
}

function attemptQuery(input: unknown, loc: Loc): Attempt<ParsedQuery> {
  if (!isPlainObject(input))
    return fail(bodyError(loc, 'value is not a valid dict', 'type_error.dict'))
  // A discriminating key with the right container makes that member's inner error the one worth
  // reporting when nothing else accepts the input.
  let deepError: QueryValidationError | null = null
  for (const op of ['and', 'or'] as const) {
    const items = input[op]
    if (!Array.isArray(items)) continue
    const parsed: ParsedQuery[] = []
    let failed: QueryValidationError | null = null
    for (const [i, item] of items.entries()) {
      const a = attemptQuery(item, [...loc, op, i])
      if (!a.ok) {
        failed = a.error
        break
      }
      parsed.push(a.value)
    }
    if (failed === null) return ok({ kind: op, items: parsed })
    deepError ??= failed
  }
  if (isPlainObject(input.not)) {
    const a = attemptQuery(input.not, [...loc, 'not'])
    if (a.ok) return ok({ kind: 'not', item: a.value })
    deepError ??= a.error
  }
  if (typeof input.prefix === 'string' && 'query' in input) {
    const a = attemptQuery(input.query, [...loc, 'query'])
    if (a.ok) return ok({ kind: 'nested', prefix: input.prefix, query: a.value })
    deepError ??= a.error
  }
  const criteria = attemptCriteria(input, loc)
  if (criteria) return criteria
  if (Object.keys(input).length === 0) return ok({ kind: 'empty' })
  const mapping = attemptMapping(input, loc)
  if (mapping.ok) return ok(expandSuffixes(mapping.value, loc))
  return fail(deepError ?? containerError(input, loc) ?? mapping.error)
}

/** `{"not": [...]}` and friends: say what the operator needs rather than what the mapping lacks. */
function containerError(input: Record<string, unknown>, loc: Loc): QueryValidationError | null {
  if ('not' in input && !isPlainObject(input.not))
    return bodyError([...loc, 'not'], 'value is not a valid dict', 'type_error.dict')
  for (const op of ['and', 'or'])
    if (op in input && !Array.isArray(input[op]))
      return bodyError([...loc, op], 'value is not a valid list', 'type_error.list')
  return null
}

function attemptCriteria(input: Record<string, unknown>, loc: Loc): Attempt<ParsedQuery> | null {
  const keys = Object.keys(input)
  if (keys.length !== 2 || typeof input.name !== 'string' || !('value' in input)) return null
  const value = attemptCriteriaValue(input.value, [...loc, 'value'])
  if (!value.ok) return null
  const expanded = expandCriteria(input.name, value.value, [...loc, 'value'])
  if (!expanded.ok) return null
  return ok({ kind: 'criteria', name: expanded.value[0], value: expanded.value[1] })
}

function attemptMapping(input: Record<string, unknown>, loc: Loc): Attempt<ParsedQuery> {
  const entries = new Map<string, ParsedValue>()
  for (const [key, raw] of Object.entries(input)) {
    const value = attemptCriteriaValue(raw, [...loc, key])
    if (!value.ok) return fail(value.error)
    entries.set(key, value.value)
  }
  return ok({ kind: 'mapping', entries })
}

/** Value | List[Value] | Range | Any | All | None | Dict, in the server's union order. */
export function attemptCriteriaValue(raw: unknown, loc: Loc): Attempt<ParsedValue> {
  if (isScalar(raw)) return ok(raw)
  if (raw === null || raw === undefined)
    return fail(bodyError(loc, 'none is not an allowed value', 'type_error.none.not_allowed'))
  if (Array.isArray(raw)) {
    for (const [i, item] of raw.entries())
      if (!isScalar(item)) return fail(notAValue(item, [...loc, i]))
    return ok(raw as Scalar[])
  }
  if (!isPlainObject(raw)) return fail(bodyError(loc, 'str type expected', 'type_error.str'))
  return ok(tryRange(raw) ?? tryListOp(raw) ?? { raw })
}

function notAValue(item: unknown, loc: Loc): QueryValidationError {
  if (item === null)
    return bodyError(loc, 'none is not an allowed value', 'type_error.none.not_allowed')
  return bodyError(loc, 'str type expected', 'type_error.str')
}

const isComparable = (v: unknown): v is string | number =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))

/** A Range: only bound keys, comparable values, at least one bound, not lt+lte nor gt+gte. */
export function tryRange(raw: Record<string, unknown>): RangeValue | null {
  const keys = Object.keys(raw)
  if (keys.length === 0 || !keys.every((k) => (RANGE_OPS as readonly string[]).includes(k)))
    return null
  const range: RangeValue = {}
  for (const op of RANGE_OPS) {
    const v = raw[op]
    if (v === undefined || v === null) continue
    if (!isComparable(v)) return null
    range[op] = v
  }
  if (Object.keys(range).length === 0) return null
  if (
    (range.lt !== undefined && range.lte !== undefined) ||
    (range.gt !== undefined && range.gte !== undefined)
  )
    return null
  return range
}

function tryListOp(raw: Record<string, unknown>): CriteriaValue | null {
  const keys = Object.keys(raw)
  if (keys.length !== 1) return null
  const op = keys[0] as ListOp
  if (!(LIST_OPS as readonly string[]).includes(op)) return null
  const list = raw[op]
  if (!Array.isArray(list) || !list.every(isScalar)) return null
  return { [op]: list }
}

/**
 * `_validate_criteria_value`: a known `:op` suffix turns the value into that operator (which can
 * fail like the server's constructor), a list becomes `all`. Unknown suffixes stay in the name.
 */
export function expandCriteria(
  name: string,
  value: ParsedValue,
  loc: Loc,
): Attempt<[string, ParsedValue]> {
  const colon = name.lastIndexOf(':')
  const op = colon >= 0 ? name.slice(colon + 1) : ''
  if ((LIST_OPS as readonly string[]).includes(op)) {
    if (!Array.isArray(value))
      return fail(bodyError([...loc, op], 'value is not a valid list', 'type_error.list'))
    return ok([name.slice(0, colon), { [op]: value }])
  }
  if ((RANGE_OPS as readonly string[]).includes(op)) {
    if (typeof value === 'boolean' || !isComparable(value))
      return fail(rangeBoundError([...loc, op]))
    return ok([name.slice(0, colon), { [op as RangeOp]: value }])
  }
  if (Array.isArray(value)) return ok([name, { all: value }])
  return ok([name, value])
}

/** pydantic reports every member of the bound's union (StrictInt | StrictFloat | str | datetime). */
function rangeBoundError(loc: Loc): QueryValidationError {
  const items: ValidationItem[] = [
    { loc: ['body', ...loc], msg: 'value is not a valid integer', type: 'type_error.integer' },
    { loc: ['body', ...loc], msg: 'value is not a valid float', type: 'type_error.float' },
    { loc: ['body', ...loc], msg: 'str type expected', type: 'type_error.str' },
    { loc: ['body', ...loc], msg: 'invalid datetime format', type: 'value_error.datetime' },
  ]
  return new QueryValidationError(items)
}

/**
 * `_validate_query` on the mappings of a parsed query: expands suffixes, turns lists into `all`
 * and rejects a quantity given twice. Renamed keys move to the end, as in the server's dict.
 */
function expandSuffixes(query: ParsedQuery, loc: Loc): ParsedQuery {
  if (query.kind !== 'mapping') return query
  const entries = new Map(query.entries)
  for (const [key, value] of query.entries) {
    const expanded = expandCriteria(key, value, loc)
    if (!expanded.ok) throw expanded.error
    const [name, converted] = expanded.value
    if (name !== key) {
      if (entries.has(name))
        throw new QueryValidationError([
          {
            loc: ['body', ...loc],
            msg: 'a quantity can only appear once in a query',
            type: 'assertion_error',
          },
        ])
      entries.delete(key)
    }
    entries.set(name, converted)
  }
  return { kind: 'mapping', entries }
}
