import { describe, expect, it } from 'vitest'
import { requiredForPlace, requiredSnippet } from './required-snippets'

describe('required for one place, as code', () => {
  it('indexes list keys and takes the place whole', () => {
    expect(requiredForPlace(['run', 0, 'calculation', 3, 'energy'])).toEqual({
      'run[0]': { 'calculation[3]': { energy: '*' } },
    })
    expect(requiredForPlace(['workflow2', 'results'])).toEqual({ workflow2: { results: '*' } })
  })
  it('writes the archive query as Python, curl and ArchiveQuery, never with a token', () => {
    const required = requiredForPlace(['run', 0, 'system', 1])
    const python = requiredSnippet('python', 'https://nomad.example/api/v1', 'e1', required)
    expect(python).toContain("url = 'https://nomad.example/api/v1/entries/archive/query'")
    expect(python).toContain("'required': {'run[0]': {'system[1]': '*'}}")
    expect(python).toContain("'query': {'entry_id': 'e1'}")
    const curl = requiredSnippet('curl', 'https://nomad.example/api/v1', 'e1', required)
    expect(curl).toContain('/entries/archive/query')
    const archiveQuery = requiredSnippet(
      'archive-query',
      'https://nomad.example/api/v1',
      'e1',
      required,
    )
    expect(archiveQuery).toContain("required={'run[0]': {'system[1]': '*'}}")
    for (const text of [python, curl, archiveQuery]) expect(text).not.toMatch(/Bearer|token/i)
  })
})
