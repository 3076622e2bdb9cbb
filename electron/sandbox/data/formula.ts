/** Chemical formula conventions used by NOMAD's results.material section. */

export type Composition = Record<string, number>

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}

export function reduce(composition: Composition): Composition {
  const counts = Object.values(composition)
  const divisor = counts.reduce((acc, n) => gcd(acc, n), counts[0] ?? 1) || 1
  const out: Composition = {}
  for (const [element, count] of Object.entries(composition)) out[element] = count / divisor
  return out
}

function render(order: string[], composition: Composition): string {
  return order.map((el) => `${el}${composition[el] === 1 ? '' : String(composition[el])}`).join('')
}

/** Alphabetical element symbols. */
export function elementsOf(composition: Composition): string[] {
  return Object.keys(composition).sort()
}

/** Hill order: C first, then H, then alphabetical; without carbon purely alphabetical. */
export function hill(composition: Composition): string {
  const elements = elementsOf(composition)
  const order = composition.C
    ? ['C', ...(composition.H ? ['H'] : []), ...elements.filter((e) => e !== 'C' && e !== 'H')]
    : elements
  return render(order, composition)
}

/** Reduced formula in alphabetical order, as results.material.chemical_formula_reduced. */
export function reducedFormula(composition: Composition): string {
  const reduced = reduce(composition)
  return render(elementsOf(reduced), reduced)
}

/** Anonymous formula: counts sorted descending, elements renamed A, B, C… (e.g. A2B). */
export function anonymousFormula(composition: Composition): string {
  const counts = Object.values(reduce(composition)).sort((a, b) => b - a)
  return counts.map((n, i) => `${String.fromCharCode(65 + i)}${n === 1 ? '' : String(n)}`).join('')
}

export function atomCount(composition: Composition): number {
  return Object.values(composition).reduce((a, b) => a + b, 0)
}

/** Labels of every atom in a cell, grouped by element in alphabetical order. */
export function atomLabels(composition: Composition): string[] {
  const labels: string[] = []
  for (const element of elementsOf(composition)) {
    for (let i = 0; i < (composition[element] ?? 0); i++) labels.push(element)
  }
  return labels
}

/** Scales a composition (e.g. a 2×2×2 supercell). */
export function scale(composition: Composition, factor: number): Composition {
  const out: Composition = {}
  for (const [element, count] of Object.entries(composition)) out[element] = count * factor
  return out
}
