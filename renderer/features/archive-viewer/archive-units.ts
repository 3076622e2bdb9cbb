import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { findUnit, fromSI } from '../../../shared/query/units'
import { nodeAt, type NumberUnit, type TreeNode } from './archive-model'

/**
 * Units of archive quantities. Values are SI on the wire (facts §9); researchers read energies
 * in eV, lengths in Å, forces in eV/Å, pressures in GPa, temperatures in K and times in fs or ps.
 * The conversions are shared/query/units.ts's (the search's), not a second table; this file
 * only says which quantity a key is, by NOMAD's metainfo names.
 */

export type UnitMode = 'researcher' | 'si'

/** A quantity family: its SI unit (as units.ts writes it) and the unit researchers read. */
interface Family {
  si: string
  shown: (value: number) => string
  /** Key names (the last key, or an ancestor's within a few steps) of this family. */
  test: RegExp
}

const FAMILIES: Family[] = [
  { si: 'N', shown: () => 'eV/Å', test: /(^|_)forces?($|_)/ },
  { si: 'J', shown: () => 'eV', test: /energ|(^|_)fermi($|_)|(^|_)(homo|lumo)($|_)/ },
  { si: 'Pa', shown: () => 'GPa', test: /pressure|stress|modulus/ },
  { si: 'K', shown: () => 'K', test: /temperature/ },
  { si: 'm^3', shown: () => 'Å^3', test: /(^|_)volumes?($|_)/ },
  {
    si: 'm',
    shown: () => 'Å',
    test: /^(positions|lattice_vectors|cartesian_site_positions)$|displacement|(^|_)(length|lengths|distance|radius|thickness)($|_)/,
  },
  {
    si: 's',
    shown: (value) => (Math.abs(value) >= 1e-12 ? 'ps' : 'fs'),
    test: /time_?step|(^|_)time_(physical|calculation)$|^(time|times)$/,
  },
]

/** How far up the path a key may decide (energy.total.value: `energy` two steps up). */
const ANCESTOR_STEPS = 3

/** The family of the quantity at `path`, from its key or a near ancestor's. */
function familyOf(path: ArchivePath): Family | undefined {
  let steps = 0
  for (let i = path.length - 1; i >= 0 && steps < ANCESTOR_STEPS; i--) {
    const key = path[i]
    if (typeof key !== 'string') continue
    steps++
    const family = FAMILIES.find((f) => f.test.test(key))
    if (family) return family
  }
  return undefined
}

/**
 * The unit a quantity at `path` is shown in: the researcher's unit, or its SI unit in 'si'
 * mode; the metainfo's declared unit (from the archive's own definitions) for ELN data, whose
 * values are stored in it. undefined for numbers that are not a known quantity (counts, ids).
 */
export function unitAt(
  path: ArchivePath,
  mode: UnitMode,
  declared: ReadonlyMap<string, string>,
  sample = 0,
): NumberUnit | undefined {
  const key = [...path].reverse().find((s): s is string => typeof s === 'string')
  const declaredUnit = path[0] === 'data' && key ? declared.get(key) : undefined
  if (declaredUnit !== undefined) {
    const symbol = findUnit(declaredUnit)?.symbol ?? declaredUnit
    return { symbol, convert: (v) => v }
  }
  const family = familyOf(path)
  if (!family) return undefined
  if (mode === 'si') return { symbol: family.si, convert: (v) => v }
  const symbol = family.shown(sample)
  return { symbol, convert: (v) => fromSI(v, symbol) }
}

/**
 * Units the archive declares for its own quantities (ELN schemas: `definitions`
 * section_definitions[].quantities[] with name and unit), by quantity name, from what is
 * loaded. Pint spells them out (`meter`, `kelvin`); units.ts knows the common ones.
 */
export function declaredUnits(root: TreeNode | null): Map<string, string> {
  const units = new Map<string, string>()
  const sections = root ? nodeAt(root, ['definitions', 'section_definitions']) : undefined
  if (sections?.t !== 'list') return units
  for (const section of sections.items) {
    const quantities = section?.t === 'object' ? section.children.quantities : undefined
    if (quantities?.t !== 'list') continue
    for (const quantity of quantities.items) {
      if (quantity?.t !== 'object') continue
      const name = quantity.children.name
      const unit = quantity.children.unit
      if (name?.t === 'value' && unit?.t === 'value' && typeof name.value === 'string')
        if (typeof unit.value === 'string') units.set(name.value, unit.value)
    }
  }
  return units
}
