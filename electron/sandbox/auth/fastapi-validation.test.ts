import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { toValidationItems } from './fastapi-validation'
import { bool, dateTime, int, list, parseDateTime, scalar } from './query-params'

const items = (schema: z.ZodType, value: unknown, root: 'body' | 'query' = 'body') => {
  const result = schema.safeParse(value, { reportInput: true })
  return result.success ? [] : toValidationItems(result.error.issues, root)
}

describe('zod issues as FastAPI/pydantic-1 items', () => {
  it('reports missing fields, wrong types and nulls with pydantic texts', () => {
    const schema = z.object({
      a: z.string(),
      b: z.array(z.string()),
      c: z.object({}),
      d: z.string(),
    })
    expect(items(schema, { b: 'x', c: [], d: null })).toEqual([
      { loc: ['body', 'a'], msg: 'field required', type: 'value_error.missing' },
      { loc: ['body', 'b'], msg: 'value is not a valid list', type: 'type_error.list' },
      { loc: ['body', 'c'], msg: 'value is not a valid dict', type: 'type_error.dict' },
      {
        loc: ['body', 'd'],
        msg: 'none is not an allowed value',
        type: 'type_error.none.not_allowed',
      },
    ])
    expect(items(z.object({ a: z.string() }), undefined)).toEqual([
      { loc: ['body'], msg: 'field required', type: 'value_error.missing' },
    ])
  })

  it('keeps only the first failure per field, as pydantic stops at the first failing check', () => {
    expect(items(z.object({ n: z.string().min(3).regex(/^x+$/) }), { n: 'ab' })).toEqual([
      {
        loc: ['body', 'n'],
        msg: 'ensure this value has at least 3 characters',
        type: 'value_error.any_str.min_length',
        ctx: { limit_value: 3 },
      },
    ])
  })

  it('renders number bounds, enums and array positions', () => {
    const schema = z.object({
      lt: z.number().lt(5),
      ge: z.number().gte(1),
      e: z.enum(['asc', 'desc']),
      l: z.array(z.string()),
    })
    expect(items(schema, { lt: 5, ge: 0, e: 'up', l: ['a', 1] })).toEqual([
      {
        loc: ['body', 'lt'],
        msg: 'ensure this value is less than 5',
        type: 'value_error.number.not_lt',
        ctx: { limit_value: 5 },
      },
      {
        loc: ['body', 'ge'],
        msg: 'ensure this value is greater than or equal to 1',
        type: 'value_error.number.not_ge',
        ctx: { limit_value: 1 },
      },
      {
        loc: ['body', 'e'],
        msg: "value is not a valid enumeration member; permitted: 'asc', 'desc'",
        type: 'type_error.enum',
        ctx: { enum_values: ['asc', 'desc'] },
      },
      { loc: ['body', 'l', 1], msg: 'str type expected', type: 'type_error.str' },
    ])
  })
})

describe('query parameter parsing', () => {
  it('parses ints and booleans like pydantic and keeps the last of repeated scalars', () => {
    const schema = z.object({ n: int(), b: bool(), s: scalar(z.string()), l: list(z.string()) })
    expect(schema.parse({ n: ' 12 ', b: 'YES', s: ['a', 'b'], l: 'x' })).toEqual({
      n: 12,
      b: true,
      s: 'b',
      l: ['x'],
    })
    expect(items(z.object({ n: int() }), { n: '' }, 'query')[0]?.msg).toBe(
      'value is not a valid integer',
    )
    expect(items(z.object({ n: int() }), { n: '1.5' }, 'query')[0]?.msg).toBe(
      'value is not a valid integer',
    )
    expect(items(z.object({ b: bool() }), { b: 'maybe' }, 'query')[0]).toEqual({
      loc: ['query', 'b'],
      msg: 'value could not be parsed to a boolean',
      type: 'type_error.bool',
    })
  })

  it('accepts ISO datetimes (date-only and naive as UTC) and Unix times, refuses the rest', () => {
    expect(parseDateTime('2025-01-02')).toBe(Date.parse('2025-01-02T00:00:00Z'))
    expect(parseDateTime('2025-01-02T03:04:05')).toBe(Date.parse('2025-01-02T03:04:05Z'))
    expect(parseDateTime('2025-01-02T03:04:05.123456+0200')).toBe(
      Date.parse('2025-01-02T01:04:05.123Z'),
    )
    expect(parseDateTime('1700000000')).toBe(1_700_000_000_000)
    expect(parseDateTime('1700000000000')).toBe(1_700_000_000_000)
    for (const text of ['yesterday', '2025-02-30', '2025-13-01', ''])
      expect(parseDateTime(text)).toBeNull()
    expect(items(z.object({ d: dateTime() }), { d: 'soon' }, 'query')).toEqual([
      { loc: ['query', 'd'], msg: 'invalid datetime format', type: 'value_error.datetime' },
    ])
  })
})
