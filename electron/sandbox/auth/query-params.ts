import { z } from 'zod'

/**
 * Zod building blocks for query parameters parsed the way FastAPI/pydantic parse them: a
 * repeated scalar keeps its last value, list parameters are repeated keys, ints and booleans
 * come from strings, datetimes are ISO 8601 (date-only and naive values taken as UTC).
 * No transforms, so the same schemas render into OpenAPI; handlers convert with the helpers.
 */
const last = (value: unknown) => (Array.isArray(value) ? (value.at(-1) as unknown) : value)

/** A single-valued parameter: `?a=1&a=2` is `2`, as Starlette's QueryParams.get does. */
export function scalar<T extends z.ZodType>(schema: T) {
  return z.preprocess(last, schema)
}

/** A list parameter (`?group_id=a&group_id=b`); one value becomes a one-item list. */
export function list<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(schema))
}

/** pydantic's int parsing of a query string (no blanks, no decimals). */
export function int() {
  return z.preprocess((value) => {
    const text = last(value)
    return typeof text === 'string' && /^\s*[-+]?\d+\s*$/.test(text) ? Number(text) : text
  }, z.number().int())
}

const TRUE = ['1', 'on', 't', 'true', 'y', 'yes']
const FALSE = ['0', 'off', 'f', 'false', 'n', 'no']

/** pydantic's bool parsing: 1/0, true/false, yes/no, on/off, t/f, y/n in any case. */
export function bool() {
  return z.preprocess((value) => {
    const text = last(value)
    if (typeof text !== 'string') return text
    const lower = text.toLowerCase()
    return TRUE.includes(lower) ? true : FALSE.includes(lower) ? false : text
  }, z.boolean())
}

/** Parses a pydantic-acceptable datetime; null if it is not one. */
export function parseDateTime(text: string): number | null {
  if (/^\s*[-+]?\d+(\.\d+)?\s*$/.test(text)) {
    // pydantic takes numbers as Unix time, in ms when larger than 2e10.
    const number = Number(text)
    return Math.abs(number) > 2e10 ? number : number * 1000
  }
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      text.trim(),
    )
  if (!match) return null
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = match
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')
  const ms = fraction ? fraction.slice(0, 4).padEnd(4, '0') : ''
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${ms}${offset}`
  const parsed = Date.parse(iso)
  // Date.parse rolls 2025-02-30 over; pydantic refuses it.
  if (
    Number.isNaN(parsed) ||
    new Date(Date.parse(`${y}-${mo}-${d}T00:00:00Z`)).getUTCDate() !== Number(d)
  ) {
    return null
  }
  return parsed
}

export function dateTime() {
  return scalar(
    z.string().refine((text) => parseDateTime(text) !== null, {
      message: 'invalid datetime format',
      params: { type: 'value_error.datetime' },
    }),
  )
}
