import { describe, expect, it } from 'vitest'
import { LazyList, jsonChunks, toJsonText } from './json'

const sample = {
  a: 1,
  b: null,
  c: [1, null, { d: 'x', e: null, f: [] }],
  g: {},
  h: {
    i: [
      [1e-19, -2.5],
      [true, false],
    ],
  },
  j: undefined,
}

describe('json rendering', () => {
  it('indents by two spaces and omits null and undefined object values but keeps nulls in lists', () => {
    const text = toJsonText(sample)
    expect(JSON.parse(text)).toEqual({ a: 1, c: [1, null, { d: 'x', f: [] }], g: {}, h: sample.h })
    expect(text).toContain('\n  "a": 1,')
  })

  it('streams exactly the same text, including lazy lists', () => {
    const lazy = { ...sample, k: new LazyList(3, (i) => ({ n: i, skip: null })) }
    const streamed = [...jsonChunks(lazy)].join('')
    expect(streamed).toBe(toJsonText({ ...sample, k: [{ n: 0 }, { n: 1 }, { n: 2 }] }))
    expect([...jsonChunks([])].join('')).toBe('[]')
    expect([...jsonChunks('s')].join('')).toBe('"s"')
  })

  it('cuts large documents into bounded chunks', () => {
    const big = new LazyList(20_000, (i) => [i, i * 0.5, 'x'.repeat(20)])
    const chunks = [...jsonChunks({ big })]
    expect(chunks.length).toBeGreaterThan(5)
    for (const chunk of chunks) expect(chunk.length).toBeLessThan(70 * 1024)
    expect((JSON.parse(chunks.join('')) as { big: unknown[] }).big).toHaveLength(20_000)
  })
})
