import { describe, expect, it } from 'vitest'
import { findUnit, fromSI, toSI, UNITS, unitsFor } from './units'

describe('units', () => {
  it('converts the builder units to SI', () => {
    expect(toSI(1, 'eV')).toBe(1.602176634e-19)
    expect(toSI(2, 'Å')).toBeCloseTo(2e-10, 25)
    expect(toSI(1, 'GPa')).toBe(1e9)
    expect(toSI(0, '°C')).toBe(273.15)
    expect(toSI(1, 'Ha')).toBeCloseTo(2 * toSI(1, 'Ry'), 30)
    expect(toSI(1, 'bohr')).toBeCloseTo(0.529177210903e-10, 25)
    expect(fromSI(1.602176634e-19, 'meV')).toBeCloseTo(1000, 9)
  })

  it('round-trips every unit', () => {
    for (const unit of UNITS)
      for (const value of [-3.5, 0, 1, 42.125, 1e5])
        expect(fromSI(toSI(value, unit.symbol), unit.symbol)).toBeCloseTo(value, 6)
  })

  it('lists the units of an SI unit, SI first, and accepts ASCII spellings', () => {
    expect(unitsFor('J').map((u) => u.symbol)).toEqual([
      'J',
      'eV',
      'meV',
      'Ry',
      'Ha',
      'kJ/mol',
      'kcal/mol',
    ])
    expect(unitsFor('m').map((u) => u.symbol)).toContain('Å')
    expect(unitsFor('A/m^2')).toEqual([{ symbol: 'A/m^2', label: 'A/m^2', si: 'A/m^2', factor: 1 }])
    expect(findUnit('angstrom')?.symbol).toBe('Å')
    expect(() => toSI(1, 'furlong')).toThrow("unknown unit 'furlong'")
  })
})
