import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE, normalizeQuery } from '../../../../shared/query'
import { ECHO_CASES } from './echo-cases'
import { PINNED_ECHOES } from './echo-cases.pinned'
import { toQuery } from './to-query'

// The sandbox side of this check is electron/core/search/builder-echo.int.test.ts: it posts every
// pinned query and compares the server's echo with the same file.
const cases = PINNED_ECHOES

describe('normalizeQuery(toQuery(model)) equals the echo pinned for the server', () => {
  it('covers every case in both files', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(ECHO_CASES).sort())
  })
  for (const [name, make] of Object.entries(ECHO_CASES)) {
    it(name, () => {
      const expected = cases[name]
      const query = toQuery(make())
      expect(query).toEqual(expected?.query)
      expect(normalizeQuery(query, DEFAULT_CATALOGUE)).toEqual(expected?.echo)
    })
  }
})
