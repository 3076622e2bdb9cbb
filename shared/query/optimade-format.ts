/**
 * formatOptimadeFilter: a normalised NOMAD query back into an OPTIMADE filter ("copy as
 * OPTIMADE", the builder's bridge). Only what parseOptimadeFilter understands can be expressed;
 * anything else returns null rather than a filter that means something different.
 */
import { OPTIMADE_FILTER } from './quantities'
import {
  isAnd,
  isCriteria,
  isNot,
  isOr,
  isRangeValue,
  listOpOf,
  type Criteria,
  type NormalizedQuery,
  type Scalar,
} from './types'

const M = 'results.material'
const FORMULAS: Record<string, string> = {
  [`${M}.chemical_formula_reduced`]: 'chemical_formula_reduced',
  [`${M}.chemical_formula_hill`]: 'chemical_formula_hill',
  [`${M}.chemical_formula_descriptive`]: 'chemical_formula_descriptive',
  [`${M}.chemical_formula_anonymous`]: 'chemical_formula_anonymous',
}
const RANGE_SYMBOL = { lt: '<', lte: '<=', gt: '>', gte: '>=' } as const

/** A formatted term and whether it needs parentheses inside a tighter operator. */
interface Term {
  text: string
  precedence: 0 | 1 | 2 | 3 // OR, AND, NOT, atom
}

export function formatOptimadeFilter(query: NormalizedQuery): string | null {
  return format(query)?.text ?? null
}

function format(query: NormalizedQuery): Term | null {
  if (isAnd(query)) return join(query.and.map(format), 'AND', 1)
  if (isOr(query)) return join(query.or.map(format), 'OR', 0)
  if (isNot(query)) {
    const inner = format(query.not)
    return inner && { text: `NOT ${wrap(inner, 2)}`, precedence: 2 }
  }
  if (isCriteria(query)) return criteria(query)
  return null
}

function join(terms: (Term | null)[], op: 'AND' | 'OR', precedence: 0 | 1): Term | null {
  if (terms.length === 0 || terms.some((t) => t === null)) return null
  const valid = terms as Term[]
  if (valid.length === 1 && valid[0]) return valid[0]
  return { text: valid.map((t) => wrap(t, precedence)).join(` ${op} `), precedence }
}

function wrap(term: Term, outer: number): string {
  return term.precedence < outer ? `(${term.text})` : term.text
}

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
const strings = (values: Scalar[]) => (values.every((v) => typeof v === 'string') ? values : null)

function criteria({ name, value }: Criteria): Term | null {
  const op = listOpOf(value)
  const list = op === null ? null : ((value as Record<string, Scalar[]>)[op] ?? [])
  if (name === OPTIMADE_FILTER && op === null && typeof value === 'string')
    return { text: value, precedence: 0 }
  if (name === `${M}.elements`) {
    const symbols = strings(list ?? [value as Scalar])
    if (symbols === null || symbols.length === 0 || isRangeValue(value)) return null
    const listed = symbols.map(quote).join(', ')
    if (op === null) return atom(`elements HAS ${listed}`)
    if (op === 'all') return atom(`elements HAS ALL ${listed}`)
    if (op === 'any') return atom(`elements HAS ANY ${listed}`)
    return { text: `NOT elements HAS ANY ${listed}`, precedence: 2 }
  }
  if (name === `${M}.elements_exclusive` && typeof value === 'string' && value.trim() !== '')
    return atom(`elements HAS ONLY ${value.trim().split(/\s+/).map(quote).join(', ')}`)
  if (name === `${M}.n_elements`) return numeric('nelements', value, op, list)
  const property = FORMULAS[name]
  if (property === undefined) return null
  if (typeof value === 'string') return atom(`${property} = ${quote(value)}`)
  const texts = list && strings(list)
  if (!texts || texts.length === 0 || op === 'all') return null
  const any = join(
    texts.map((t) => atom(`${property} = ${quote(t)}`)),
    'OR',
    0,
  )
  return op === 'none' && any ? { text: `NOT ${wrap(any, 2)}`, precedence: 2 } : any
}

function numeric(
  property: string,
  value: Criteria['value'],
  op: string | null,
  list: Scalar[] | null,
): Term | null {
  if (typeof value === 'number') return atom(`${property} = ${value}`)
  if (isRangeValue(value)) {
    const parts = (Object.keys(RANGE_SYMBOL) as (keyof typeof RANGE_SYMBOL)[])
      .filter((k) => typeof value[k] === 'number')
      .map((k) => atom(`${property} ${RANGE_SYMBOL[k]} ${String(value[k])}`))
    return Object.keys(value).length === parts.length ? join(parts, 'AND', 1) : null
  }
  if (!list || list.length === 0 || !list.every((v) => typeof v === 'number')) return null
  const terms = list.map((v) => atom(`${property} = ${v}`))
  if (op === 'all') return join(terms, 'AND', 1)
  const any = join(terms, 'OR', 0)
  return op === 'none' && any ? { text: `NOT ${wrap(any, 2)}`, precedence: 2 } : any
}

const atom = (text: string): Term => ({ text, precedence: 3 })
