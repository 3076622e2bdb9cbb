import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE } from '../../../../shared/query'
import { checkQueryText, lineAndColumn } from './json-check'

const check = (text: string) => checkQueryText(text, DEFAULT_CATALOGUE)

describe('checkQueryText', () => {
  it('accepts a valid query', () => {
    expect(check('{"results.material.elements": ["Ti"]}')).toEqual({
      ok: true,
      query: { 'results.material.elements': ['Ti'] },
    })
  })

  it('places a syntax error at its line and column', () => {
    const text = '{\n  "a": 1,\n  "b" 2\n}'
    const result = check(text)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.problem).toMatchObject({ line: 3, column: 7 })
    expect(result.problem.message).toMatch(/^Not valid JSON at line 3, column 7: /)
  })

  it('points at an unknown quantity with the server’s message and its line', () => {
    const result = check(
      '{\n  "results.material.elements": ["Ti"],\n  "results.material.elemets": ["O"]\n}',
    )
    expect(result).toEqual({
      ok: false,
      problem: {
        message: 'results.material.elemets: results.material.elemets is not a doc quantity',
        path: ['results.material.elemets'],
        line: 3,
      },
    })
  })

  it('explains request-model errors such as {"any": "x"}', () => {
    const result = check('{"results.method.simulation.program_name": {"any": "VASP"}}')
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.problem.line).toBe(1)
  })

  it('refuses what is not an object', () => {
    expect(check('[1]')).toMatchObject({ ok: false, problem: { line: 1 } })
  })

  it('counts lines and columns from 1', () => {
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 })
  })
})
