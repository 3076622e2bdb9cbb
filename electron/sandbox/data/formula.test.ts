import { describe, expect, it } from 'vitest'
import { anonymousFormula, atomLabels, hill, reducedFormula } from './formula'

describe('formula conventions', () => {
  it('renders rutile as the facts example does', () => {
    const rutile = { Ti: 2, O: 4 }
    expect(reducedFormula(rutile)).toBe('O2Ti')
    expect(hill(rutile)).toBe('O4Ti2')
    expect(anonymousFormula(rutile)).toBe('A2B')
  })

  it('puts C then H first in Hill order', () => {
    expect(hill({ O: 1, H: 6, C: 2 })).toBe('C2H6O')
    expect(hill({ Si: 8 })).toBe('Si8')
  })

  it('lists one label per atom', () => {
    expect(atomLabels({ Ti: 1, O: 2 })).toEqual(['O', 'O', 'Ti'])
  })
})
