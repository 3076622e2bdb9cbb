import { describe, expect, it } from 'vitest'
import { nodeFromAnswer } from './archive-model'
import { jsonPreview } from './json-preview'

const node = (value: unknown) => nodeFromAnswer({ path: ['x'], value: value as never, marks: [] })

describe('jsonPreview', () => {
  it('writes what JSON.stringify(value, null, 2) writes', () => {
    const value = { a: [1, 'two', null, { b: [] }], c: {}, d: [[0.5, -1e-20]], 'e f': true }
    expect(jsonPreview(node(value), 10_000)).toEqual({
      text: JSON.stringify(value, null, 2),
      cut: false,
    })
  })
  it('stops at the limit on a big section', () => {
    const value = { energies: Array.from({ length: 200_000 }, (_, i) => i / 3) }
    const preview = jsonPreview(node(value), 20_000)
    expect(preview.cut).toBe(true)
    expect(preview.text).toBe(JSON.stringify(value, null, 2).slice(0, 20_000))
  })
})
