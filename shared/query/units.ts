/**
 * Unit conversions for the query builder: the index stores physical values in SI units (facts
 * §9, 1 eV = 1.602176634e-19 J); researchers type eV, Å or GPa. A unit converts by
 * `si = value * factor + offset` (offset only for temperatures).
 */

export interface UnitDef {
  /** What the user sees and what toSI/fromSI accept. */
  symbol: string
  label: string
  /** The SI unit this converts to, as written in the catalogue (SearchQuantity.unit). */
  si: string
  factor: number
  offset?: number
}

const EV = 1.602176634e-19
const AVOGADRO = 6.02214076e23

const DEFS: UnitDef[] = [
  { symbol: 'J', label: 'joule', si: 'J', factor: 1 },
  { symbol: 'eV', label: 'electronvolt', si: 'J', factor: EV },
  { symbol: 'meV', label: 'millielectronvolt', si: 'J', factor: EV * 1e-3 },
  { symbol: 'Ry', label: 'rydberg', si: 'J', factor: 2.1798723611035e-18 },
  { symbol: 'Ha', label: 'hartree', si: 'J', factor: 4.3597447222071e-18 },
  { symbol: 'kJ/mol', label: 'kilojoule per mole', si: 'J', factor: 1e3 / AVOGADRO },
  { symbol: 'kcal/mol', label: 'kilocalorie per mole', si: 'J', factor: 4184 / AVOGADRO },
  { symbol: 'm', label: 'metre', si: 'm', factor: 1 },
  { symbol: 'nm', label: 'nanometre', si: 'm', factor: 1e-9 },
  { symbol: 'Å', label: 'ångström', si: 'm', factor: 1e-10 },
  { symbol: 'pm', label: 'picometre', si: 'm', factor: 1e-12 },
  { symbol: 'bohr', label: 'bohr radius', si: 'm', factor: 5.29177210903e-11 },
  { symbol: 'Pa', label: 'pascal', si: 'Pa', factor: 1 },
  { symbol: 'kPa', label: 'kilopascal', si: 'Pa', factor: 1e3 },
  { symbol: 'MPa', label: 'megapascal', si: 'Pa', factor: 1e6 },
  { symbol: 'GPa', label: 'gigapascal', si: 'Pa', factor: 1e9 },
  { symbol: 'bar', label: 'bar', si: 'Pa', factor: 1e5 },
  { symbol: 'kbar', label: 'kilobar', si: 'Pa', factor: 1e8 },
  { symbol: 'atm', label: 'standard atmosphere', si: 'Pa', factor: 101325 },
  { symbol: 'K', label: 'kelvin', si: 'K', factor: 1 },
  { symbol: '°C', label: 'degree Celsius', si: 'K', factor: 1, offset: 273.15 },
  { symbol: 's', label: 'second', si: 's', factor: 1 },
  { symbol: 'ms', label: 'millisecond', si: 's', factor: 1e-3 },
  { symbol: 'µs', label: 'microsecond', si: 's', factor: 1e-6 },
  { symbol: 'ns', label: 'nanosecond', si: 's', factor: 1e-9 },
  { symbol: 'ps', label: 'picosecond', si: 's', factor: 1e-12 },
  { symbol: 'fs', label: 'femtosecond', si: 's', factor: 1e-15 },
  { symbol: 'N', label: 'newton', si: 'N', factor: 1 },
  { symbol: 'eV/Å', label: 'electronvolt per ångström', si: 'N', factor: EV / 1e-10 },
  { symbol: 'm^3', label: 'cubic metre', si: 'm^3', factor: 1 },
  { symbol: 'Å^3', label: 'cubic ångström', si: 'm^3', factor: 1e-30 },
  { symbol: 'nm^3', label: 'cubic nanometre', si: 'm^3', factor: 1e-27 },
  { symbol: 'm^2', label: 'square metre', si: 'm^2', factor: 1 },
  { symbol: 'Å^2', label: 'square ångström', si: 'm^2', factor: 1e-20 },
  { symbol: 'rad', label: 'radian', si: 'rad', factor: 1 },
  { symbol: '°', label: 'degree', si: 'rad', factor: Math.PI / 180 },
]

/** ASCII spellings people type. */
const ALIASES: Record<string, string> = {
  A: 'Å',
  angstrom: 'Å',
  Angstrom: 'Å',
  'A^3': 'Å^3',
  'A^2': 'Å^2',
  'eV/A': 'eV/Å',
  degC: '°C',
  C: '°C',
  deg: '°',
  us: 'µs',
  hartree: 'Ha',
  rydberg: 'Ry',
  a0: 'bohr',
  // Pint's names, as NOMAD's metainfo declares units (archive definitions, facts §4).
  meter: 'm',
  nanometer: 'nm',
  second: 's',
  femtosecond: 'fs',
  picosecond: 'ps',
  kelvin: 'K',
  joule: 'J',
  electron_volt: 'eV',
  pascal: 'Pa',
  gigapascal: 'GPa',
  newton: 'N',
  degree_Celsius: '°C',
}

const BY_SYMBOL = new Map(DEFS.map((d) => [d.symbol, d]))

export const UNITS: readonly UnitDef[] = DEFS

export function findUnit(unit: string): UnitDef | undefined {
  return BY_SYMBOL.get(unit) ?? BY_SYMBOL.get(ALIASES[unit] ?? '')
}

function unitOrThrow(unit: string): UnitDef {
  const def = findUnit(unit)
  if (!def) throw new Error(`unknown unit '${unit}'`)
  return def
}

/** A value in `unit` expressed in its SI unit. Throws for unknown units. */
export function toSI(value: number, unit: string): number {
  const def = unitOrThrow(unit)
  return value * def.factor + (def.offset ?? 0)
}

/** A value in SI units expressed in `unit`. Throws for unknown units. */
export function fromSI(value: number, unit: string): number {
  const def = unitOrThrow(unit)
  return (value - (def.offset ?? 0)) / def.factor
}

/**
 * The units a value stored in `siUnit` can be shown in, the SI unit first. Unknown SI units
 * (e.g. 'A/m^2') yield just themselves, so the builder can still label the field.
 */
export function unitsFor(siUnit: string): UnitDef[] {
  const units = DEFS.filter((d) => d.si === siUnit)
  return units.length > 0 ? units : [{ symbol: siUnit, label: siUnit, si: siUnit, factor: 1 }]
}
