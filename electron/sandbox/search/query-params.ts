import { unprocessable } from '../http-error'

/**
 * Query-string values as fastify parses them (a string, or a list for repeated keys), read
 * the way Starlette/pydantic do: scalars take the last value, lists take all.
 */
export type RawQuery = Record<string, string | string[] | undefined>

export function lastValue(query: RawQuery, name: string): string | undefined {
  const value = query[name]
  return Array.isArray(value) ? value[value.length - 1] : value
}

export function allValues(query: RawQuery, name: string): string[] {
  const value = query[name]
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

/** pydantic int parsing of a parameter; 422 `value is not a valid integer` otherwise. */
export function intParam(query: RawQuery, name: string): number | undefined {
  const text = lastValue(query, name)
  if (text === undefined) return undefined
  if (!/^\s*[-+]?\d+\s*$/.test(text)) {
    throw unprocessable([
      { loc: ['query', name], msg: 'value is not a valid integer', type: 'type_error.integer' },
    ])
  }
  return Number(text)
}

const TRUE = ['1', 'on', 't', 'true', 'y', 'yes']
const FALSE = ['0', 'off', 'f', 'false', 'n', 'no']

/** pydantic bool parsing of a parameter. */
export function boolParam(query: RawQuery, name: string): boolean | undefined {
  const text = lastValue(query, name)
  if (text === undefined) return undefined
  const lower = text.toLowerCase()
  if (TRUE.includes(lower)) return true
  if (FALSE.includes(lower)) return false
  throw unprocessable([
    {
      loc: ['query', name],
      msg: 'value could not be parsed to a boolean',
      type: 'type_error.bool',
    },
  ])
}

/** Every parameter as a list of values, in first-appearance order (for normalizeGetParams). */
export function paramLists(query: RawQuery): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const key of Object.keys(query)) out[key] = allValues(query, key)
  return out
}
