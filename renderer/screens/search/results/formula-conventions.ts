/**
 * NOMAD stores one material's formula in several conventions (results.material.*); the same
 * material can read "CsPbI3" in one and "CsI3Pb" in another. The drawer names each one, so a
 * researcher never wonders why two formulas differ.
 */

export type FormulaConvention = 'descriptive' | 'reduced' | 'hill' | 'iupac' | 'anonymous'

export const FORMULA_CONVENTIONS: readonly {
  key: FormulaConvention
  field: string
  label: string
  meaning: string
}[] = [
  {
    key: 'descriptive',
    field: 'chemical_formula_descriptive',
    label: 'Descriptive',
    meaning: 'Written the way the material is usually written (e.g. CsPbI3, TiO2).',
  },
  {
    key: 'reduced',
    field: 'chemical_formula_reduced',
    label: 'Reduced',
    meaning: 'Elements in alphabetical order, counts divided by their greatest common divisor.',
  },
  {
    key: 'hill',
    field: 'chemical_formula_hill',
    label: 'Hill',
    meaning:
      'Hill system: carbon first, then hydrogen, then the rest alphabetically (all alphabetical without carbon). The search table’s Formula column uses it.',
  },
  {
    key: 'iupac',
    field: 'chemical_formula_iupac',
    label: 'IUPAC',
    meaning: 'Elements in the IUPAC electronegativity order, least electronegative first.',
  },
  {
    key: 'anonymous',
    field: 'chemical_formula_anonymous',
    label: 'Anonymous',
    meaning: 'Only the stoichiometry: elements replaced by A, B, C … from the largest count.',
  },
]

export interface FormulaGroup {
  value: string
  conventions: (typeof FORMULA_CONVENTIONS)[number][]
}

/**
 * The formulas a material record holds, one line per distinct value with every convention
 * that gives it (e.g. "CsI3Pb: reduced, Hill"), in the order of FORMULA_CONVENTIONS.
 */
export function formulaGroups(material: unknown): FormulaGroup[] {
  const record =
    typeof material === 'object' && material !== null && !Array.isArray(material)
      ? (material as Record<string, unknown>)
      : {}
  const groups: FormulaGroup[] = []
  for (const convention of FORMULA_CONVENTIONS) {
    const value = record[convention.field]
    if (typeof value !== 'string' || value === '') continue
    const group = groups.find((g) => g.value === value)
    if (group) group.conventions.push(convention)
    else groups.push({ value, conventions: [convention] })
  }
  return groups
}

/** The drawer's title formula and which convention it is: descriptive first, as NOMAD shows. */
export function titleFormula(material: unknown): { value: string; label: string } | undefined {
  const first = formulaGroups(material)[0]
  const convention = first?.conventions[0]
  return first && convention ? { value: first.value, label: convention.label } : undefined
}
