/**
 * Leaf matchers: given a quantity and a query value, a predicate over one document value.
 * Conversions happen once, at compile time; a value Elasticsearch could not use for the field
 * raises the 400 the real server forwards.
 */
import { QueryExecutionError } from './errors'
import type { SearchQuantity } from './quantity'
import type { RangeValue, Scalar } from './types'
import { parseInstant, textTokens, toBoolean, toNumber } from './values'

export type LeafMatcher = (value: unknown) => boolean

/** The comparable form of a query value for the quantity's type; throws 400 when impossible. */
export function queryKey(quantity: SearchQuantity, value: Scalar): string | number | boolean {
  switch (quantity.type) {
    case 'int':
    case 'float': {
      const n = toNumber(value)
      if (n === null)
        throw new QueryExecutionError(
          `failed to create query: For input string: "${String(value)}" (${quantity.name})`,
        )
      return n
    }
    case 'bool': {
      const b = toBoolean(value)
      if (b === null)
        throw new QueryExecutionError(
          `failed to create query: Can't parse boolean value [${String(value)}], expected [true] or [false] (${quantity.name})`,
        )
      return b
    }
    case 'datetime': {
      const t = parseInstant(value)
      if (t === null)
        throw new QueryExecutionError(
          `failed to create query: failed to parse date field [${String(value)}] with format [strict_date_optional_time||epoch_millis] (${quantity.name})`,
        )
      return t
    }
    case 'str':
    case 'enum':
    case 'text':
      return String(value)
  }
}

/** The comparable form of a document value, or undefined when it cannot match. */
function docKey(quantity: SearchQuantity, value: unknown): string | number | boolean | undefined {
  switch (quantity.type) {
    case 'datetime':
      return parseInstant(value) ?? undefined
    case 'int':
    case 'float':
      return typeof value === 'number' ? value : undefined
    case 'bool':
      return typeof value === 'boolean' ? value : undefined
    case 'str':
    case 'enum':
    case 'text':
      return typeof value === 'string' ? value : undefined
  }
}

/** Equality with one of the values (one value = plain equality); text quantities match words. */
export function equalsAny(quantity: SearchQuantity, values: readonly Scalar[]): LeafMatcher {
  if (quantity.type === 'text') {
    const matchers = values.map((v) => textMatcher(quantity, String(v)))
    return (value) => matchers.some((m) => m(value))
  }
  const keys = values.map((v) => queryKey(quantity, v))
  if (quantity.type === 'datetime') {
    const set = new Set(keys)
    return (value) => set.has(parseInstant(value) ?? NaN)
  }
  if (keys.length === 1) {
    const key = keys[0]
    return (value) => value === key
  }
  const set = new Set(keys)
  return (value) => set.has(value as string)
}

export function rangeMatcher(quantity: SearchQuantity, range: RangeValue): LeafMatcher {
  const bound = (v: Scalar | undefined) => {
    if (v === undefined) return undefined
    const key = queryKey(quantity, v)
    return typeof key === 'boolean' ? Number(key) : key
  }
  const lt = bound(range.lt)
  const lte = bound(range.lte)
  const gt = bound(range.gt)
  const gte = bound(range.gte)
  return (value) => {
    let key = docKey(quantity, value)
    if (key === undefined) return false
    if (typeof key === 'boolean') key = Number(key)
    if (lt !== undefined && !(key < lt)) return false
    if (lte !== undefined && !(key <= lte)) return false
    if (gt !== undefined && !(key > gt)) return false
    if (gte !== undefined && !(key >= gte)) return false
    return true
  }
}

/**
 * Text search, case-insensitive: every query word must start some word of the value; with
 * `phrase_prefix` the words must follow each other and only the last may be a prefix.
 */
export function textMatcher(quantity: SearchQuantity, query: string): LeafMatcher {
  const words = textTokens(query)
  if (words.length === 0) return () => false
  if (quantity.textMatch === 'phrase_prefix') {
    const last = words.length - 1
    return (value) => {
      if (typeof value !== 'string') return false
      const tokens = textTokens(value)
      for (let start = 0; start + last < tokens.length; start++) {
        let ok = true
        for (let k = 0; k <= last && ok; k++) {
          const token = tokens[start + k] ?? ''
          const word = words[k] ?? ''
          ok = k === last ? token.startsWith(word) : token === word
        }
        if (ok) return true
      }
      return false
    }
  }
  return (value) => {
    if (typeof value !== 'string') return false
    const tokens = textTokens(value)
    return words.every((word) => tokens.some((token) => token.startsWith(word)))
  }
}
