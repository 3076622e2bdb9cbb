import { describe, expect, it } from 'vitest'
import { prettyJson } from './pretty-json'

describe('prettyJson', () => {
  it('keeps short containers on one line and parses back to the same value', () => {
    const value = {
      'results.material.elements': { all: ['Ti', 'O'] },
      'results.method.simulation.program_name': 'VASP',
      or: [{ a: 1 }, { b: [true, null, 'x,y'] }],
    }
    const text = prettyJson(value)
    expect(JSON.parse(text)).toEqual(value)
    expect(text).toContain('"results.material.elements": {"all": ["Ti", "O"]}')
    expect(text.split('\n').length).toBeGreaterThan(3)
  })

  it('leaves strings with commas and colons alone', () => {
    const value = { comment: 'a,"b":c', n: [1, -2] }
    expect(JSON.parse(prettyJson(value))).toEqual(value)
    expect(prettyJson({})).toBe('{}')
  })
})
