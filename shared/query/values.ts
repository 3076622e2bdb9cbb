/**
 * Value conversions shared by the evaluator, aggregations, ordering and GET parsing: datetimes
 * as instants (Elasticsearch's `strict_date_optional_time||epoch_millis`), Python's string forms
 * (the server prints sort values and datetimes with Python), and text tokens.
 */

const ISO =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i

interface DateParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  /** Fraction of a second as written, digits only ('' when absent). */
  fraction: string
  /** Offset in minutes, null when the string has none (naive). */
  offset: number | null
  hasTime: boolean
}

function parseDateParts(text: string): DateParts | null {
  const m = ISO.exec(text.trim())
  if (!m) return null
  const num = (s: string | undefined, fallback: number) => (s === undefined ? fallback : Number(s))
  const parts: DateParts = {
    year: num(m[1], 0),
    month: num(m[2], 1),
    day: num(m[3], 1),
    hour: num(m[4], 0),
    minute: num(m[5], 0),
    second: num(m[6], 0),
    fraction: m[7] ?? '',
    offset: null,
    hasTime: m[4] !== undefined,
  }
  const tz = m[8]
  if (tz !== undefined) {
    if (tz.toUpperCase() === 'Z') parts.offset = 0
    else {
      const digits = tz.slice(1).replace(':', '')
      const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')
      parts.offset = tz.startsWith('-') ? -minutes : minutes
    }
  }
  const valid =
    parts.month >= 1 &&
    parts.month <= 12 &&
    parts.day >= 1 &&
    parts.day <= daysInMonth(parts.year, parts.month) &&
    parts.hour <= 23 &&
    parts.minute <= 59 &&
    parts.second <= 59
  return valid ? parts : null
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

const instantCache = new Map<string, number | null>()

/**
 * Epoch milliseconds of a datetime given as ISO text (date-only and naive times are UTC, as in
 * Elasticsearch), as a digit string of epoch millis, or as a number. Null if not a datetime.
 */
export function parseInstant(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string') return null
  const fast = fastInstant(value)
  if (fast !== null) return fast
  const cached = instantCache.get(value)
  if (cached !== undefined) return cached
  let result: number | null = null
  const parts = parseDateParts(value)
  if (parts) {
    const ms = Number((parts.fraction + '000').slice(0, 3))
    const utc = Date.UTC(
      parts.year,
      parts.month - 1,
      parts.day,
      parts.hour,
      parts.minute,
      parts.second,
      ms,
    )
    result = utc - (parts.offset ?? 0) * 60_000
  } else if (/^-?\d+$/.test(value.trim())) result = Number(value.trim())
  // Documents repeat the same timestamps a lot; a bounded cache keeps evaluation cheap.
  if (instantCache.size > 100_000) instantCache.clear()
  instantCache.set(value, result)
  return result
}

const digit = (s: string, i: number) => s.charCodeAt(i) - 48
const isDigit = (s: string, i: number) => {
  const c = s.charCodeAt(i)
  return c >= 48 && c <= 57
}
/** Two digits at i as a number, NaN if either is not a digit. */
const two = (s: string, i: number) =>
  isDigit(s, i) && isDigit(s, i + 1) ? digit(s, i) * 10 + digit(s, i + 1) : NaN

/**
 * The layouts documents actually carry (`2023-05-02`, `2023-05-02T09:14:11[.201000](Z|+00:00)`)
 * without a regex: evaluation parses one timestamp per document. Null means "use the full parser".
 */
function fastInstant(s: string): number | null {
  const n = s.length
  if (n < 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return null
  const year = two(s, 0) * 100 + two(s, 2)
  const month = two(s, 5)
  const day = two(s, 8)
  // Days beyond 28 take the full parser, which knows month lengths.
  if (!(year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= 28)) return null
  if (n === 10) return Date.UTC(year, month - 1, day)
  if (n < 19 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58)
    return null
  const hour = two(s, 11)
  const minute = two(s, 14)
  const second = two(s, 17)
  if (!(hour <= 23 && minute <= 59 && second <= 59)) return null
  let i = 19
  let ms = 0
  if (s.charCodeAt(i) === 46) {
    let scale = 100
    for (i++; i < n && isDigit(s, i); i++) {
      ms += digit(s, i) * scale
      scale /= 10
    }
    ms = Math.floor(ms)
  }
  let offset = 0
  if (i === n - 1 && s.charCodeAt(i) === 90) offset = 0
  else if (
    i === n - 6 &&
    (s.charCodeAt(i) === 43 || s.charCodeAt(i) === 45) &&
    s.charCodeAt(i + 3) === 58
  ) {
    offset = two(s, i + 1) * 60 + two(s, i + 4)
    if (s.charCodeAt(i) === 45) offset = -offset
  } else if (i !== n) return null
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 60_000
}

/**
 * Python's `datetime.fromisoformat(text).isoformat()` — how the server echoes a datetime it
 * parsed from a GET parameter. Null when Python would reject the text.
 */
export function pythonIsoformat(text: string): string | null {
  const parts = parseDateParts(text)
  if (!parts || /^\d{4}(-\d{2})?$/.test(text.trim())) return null
  const p2 = (n: number) => String(n).padStart(2, '0')
  let out = `${String(parts.year).padStart(4, '0')}-${p2(parts.month)}-${p2(parts.day)}T${p2(parts.hour)}:${p2(parts.minute)}:${p2(parts.second)}`
  const micro = (parts.fraction + '000000').slice(0, 6)
  if (Number(micro) !== 0) out += `.${micro}`
  if (parts.offset !== null) {
    const sign = parts.offset < 0 ? '-' : '+'
    const abs = Math.abs(parts.offset)
    out += `${sign}${p2(Math.floor(abs / 60))}:${p2(abs % 60)}`
  }
  return out
}

/** Python's repr() of a float: how the server prints float sort values. */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan'
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf'
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0'
  const [mantissa = '0', expText = '0'] = value.toExponential().split('e')
  const exp = Number(expText)
  const negative = mantissa.startsWith('-')
  const digits = mantissa.replace('-', '').replace('.', '')
  const sign = negative ? '-' : ''
  if (exp >= -4 && exp < 16) {
    if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`
    const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0')
    const fracPart = digits.slice(exp + 1) || '0'
    return `${sign}${intPart}.${fracPart}`
  }
  const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits
  return `${sign}${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`
}

/** A number from a JSON number or numeric text (Elasticsearch coerces "2" for numeric fields). */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string' || value.trim() === '') return null
  const n = Number(value.trim())
  return Number.isFinite(n) ? n : null
}

/** A boolean from true/false or their text forms (what Elasticsearch accepts for booleans). */
export function toBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value
  if (value === 'true') return true
  if (value === 'false') return false
  return null
}

const WORD = /[\p{L}\p{N}]+/gu

/** Lower-cased words of a text, as a standard analyzer would index them. */
export function textTokens(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? []
}
