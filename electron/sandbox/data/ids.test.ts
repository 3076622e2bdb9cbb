import { describe, expect, it } from 'vitest'
import { entryIdFor, shortUuid, uuidString } from './ids'

describe('ids', () => {
  it('derives entry ids like the real server (facts §0 example)', () => {
    expect(entryIdFor('YXUIZpw5RJyV3LAsFI2MmQ', 'Si/vasprun.xml')).toBe(
      'rq2Kdk3iINZhSeGBlIiWYcSPvwd8',
    )
  })

  it('makes 22-char URL-safe upload ids that are stable per seed and differ per index', () => {
    const a = shortUuid(1, 'upload', 0)
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(shortUuid(1, 'upload', 0)).toBe(a)
    expect(shortUuid(1, 'upload', 1)).not.toBe(a)
    expect(shortUuid(2, 'upload', 0)).not.toBe(a)
  })

  it('makes version-4 UUID strings', () => {
    expect(uuidString(7, 'alice')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })
})
