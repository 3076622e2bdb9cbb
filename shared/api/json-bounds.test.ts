import { describe, expect, it } from 'vitest'
import { boundedJsonObject } from './json'
import { checkJsonBounds, hasLoneSurrogate, PROTOTYPE_KEYS, QUERY_MAX_DEPTH } from './json-bounds'

function nested(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = { and: [value] }
  return value
}

describe('checkJsonBounds', () => {
  const bounds = { maxDepth: 4, label: 'The query' }

  it('accepts a value within the limits', () => {
    expect(checkJsonBounds({ a: [1, { b: 'x' }] }, bounds)).toBeNull()
  })

  it('names the depth limit and where it broke, without recursing', () => {
    expect(checkJsonBounds({ a: { b: { c: { d: { e: 1 } } } } }, bounds)).toMatchObject({
      kind: 'depth',
      message: 'The query is nested deeper than the limit of 4 levels at a.b.c.d….',
    })
    expect(checkJsonBounds(nested(100_000), { maxDepth: 64, label: 'x' })?.kind).toBe('depth')
  })

  it('counts size as indented text when asked, so the echo is bounded too', () => {
    const value = [[[['a', 'b', 'c']]]]
    const compact = checkJsonBounds(value, { maxDepth: 10, maxChars: 30, label: 'The query' })
    expect(compact).toBeNull()
    const indented = { maxDepth: 10, maxChars: 30, indent: 2, label: 'The query' }
    expect(checkJsonBounds(value, indented)).toMatchObject({
      kind: 'size',
      message: 'The query is larger than the limit of 30 characters.',
    })
  })

  it('refuses reserved keys and lone surrogates', () => {
    const forbidden = { ...bounds, forbiddenKeys: PROTOTYPE_KEYS }
    expect(checkJsonBounds(JSON.parse('{"a":{"__proto__":1}}'), forbidden)).toMatchObject({
      kind: 'forbidden_key',
      path: ['a', '__proto__'],
    })
    expect(checkJsonBounds({ id: 'x\ud800' }, bounds)?.kind).toBe('lone_surrogate')
    expect(checkJsonBounds({ ['\udc00']: 1 }, bounds)?.kind).toBe('lone_surrogate')
    expect(hasLoneSurrogate('a\ud83d\ude00b')).toBe(false)
  })
})

describe('boundedJsonObject', () => {
  it('answers a deep query with an issue naming the limit instead of overflowing', () => {
    const schema = boundedJsonObject({ maxDepth: QUERY_MAX_DEPTH, label: 'The query' })
    const result = schema.safeParse({ and: [nested(5000)] })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toContain('deeper than the limit of 32 levels')
    expect(schema.safeParse({ and: [nested(10)] }).success).toBe(true)
  })
})
