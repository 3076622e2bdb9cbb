/**
 * Display units for range inputs: what a researcher expects to type for a quantity stored in SI
 * (band gaps in eV, lengths in Å), and the rounding that hides float noise after converting.
 */
import { findUnit, fromSI, toSI, unitsFor } from '../../../../shared/query'

const PREFERRED: Record<string, string> = {
  J: 'eV',
  m: 'Å',
  Pa: 'GPa',
  'm^3': 'Å^3',
  'm^2': 'Å^2',
  rad: '°',
  s: 'fs',
  N: 'eV/Å',
  K: 'K',
}

/** The unit a range input starts in for a quantity stored in `siUnit` (null: unitless). */
export function preferredUnit(siUnit: string | undefined): string | null {
  if (siUnit === undefined) return null
  const preferred = PREFERRED[siUnit]
  if (preferred !== undefined && findUnit(preferred)) return preferred
  return unitsFor(siUnit)[0]?.symbol ?? siUnit
}

/** Whether `unit` can express values stored in `siUnit` (so a unit hint may be kept). */
export function unitFits(unit: string, siUnit: string): boolean {
  return unitsFor(siUnit).some((u) => u.symbol === unit)
}

/** 12 significant digits: enough for any typed value, and removes conversion noise. */
export function tidy(value: number): number {
  return Number(value.toPrecision(12))
}

/** A typed value in `unit` as stored; unknown units (e.g. 'A/m^2') pass through unchanged. */
export function displayToStored(value: number, unit: string | null): number {
  if (unit === null || !findUnit(unit)) return value
  return toSI(value, unit)
}

export function storedToDisplay(value: number, unit: string | null): number {
  if (unit === null || !findUnit(unit)) return value
  return tidy(fromSI(value, unit))
}
