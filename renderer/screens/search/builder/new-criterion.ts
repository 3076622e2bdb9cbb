/** The criterion a newly picked quantity starts as, by its type. */
import type { QuantityCatalogue } from '../../../../shared/query'
import { ELEMENTS, newId, preferredUnit, type Criterion } from '../model'

export function newCriterionFor(name: string, catalogue: QuantityCatalogue): Criterion {
  const id = newId('c')
  const q = catalogue.get(name)
  if (name === ELEMENTS) return { kind: 'elements', id, include: [], exclude: [], only: false }
  if (name === 'authors.name') return { kind: 'author', id, quantity: name, op: 'any', names: [] }
  switch (q?.type) {
    case 'enum':
    case 'str':
    case 'bool':
      return { kind: 'terms', id, quantity: name, op: 'any', values: [] }
    case 'int':
    case 'float':
      return {
        kind: 'range',
        id,
        quantity: name,
        unit: preferredUnit(q.unit),
        lower: null,
        upper: null,
      }
    case 'datetime':
      return { kind: 'date', id, quantity: name, lower: null, upper: null }
    case 'text':
    case undefined:
      return {
        kind: 'generic',
        id,
        quantity: name,
        op: 'equals',
        values: [],
        lower: null,
        upper: null,
      }
  }
}

/** Typed text as a value of the quantity (numbers for numeric quantities, booleans for bool). */
export function typedValue(text: string, type: string | undefined): string | number | boolean {
  if (type === 'int' || type === 'float') {
    const n = Number(text)
    return text.trim() !== '' && Number.isFinite(n) ? n : text
  }
  if (type === 'bool') return text === 'true' ? true : text === 'false' ? false : text
  return text
}
