/**
 * The common OPTIMADE filter subset, translated into the normalised NOMAD query on
 * results.material.* that the evaluator runs. Precedence NOT > AND > OR, parentheses group.
 * Supported: `elements HAS | HAS ALL | HAS ANY | HAS ONLY "X", …`, `elements LENGTH [op] n`,
 * `nelements <op> n`, `chemical_formula_{reduced,hill,descriptive,anonymous} =|!= "…"`.
 */
import {
  describe,
  OptimadeParseError,
  tokenize,
  type Comparator,
  type Token,
} from './optimade-lexer'
import { searchError } from './errors'
import type { NormalizedQuery, RangeValue, Scalar } from './types'

export { OptimadeParseError } from './optimade-lexer'

const M = 'results.material'
export const OPTIMADE_PROPERTIES: Readonly<Record<string, string>> = {
  elements: `${M}.elements`,
  nelements: `${M}.n_elements`,
  chemical_formula_reduced: `${M}.chemical_formula_reduced`,
  chemical_formula_hill: `${M}.chemical_formula_hill`,
  chemical_formula_descriptive: `${M}.chemical_formula_descriptive`,
  chemical_formula_anonymous: `${M}.chemical_formula_anonymous`,
}

const RANGE_OF: Partial<Record<Comparator, keyof RangeValue>> = {
  '<': 'lt',
  '<=': 'lte',
  '>': 'gt',
  '>=': 'gte',
}

/** Parses a filter into a normalised NOMAD query; throws OptimadeParseError with a position. */
export function parseOptimadeFilter(filter: string): NormalizedQuery {
  return new Parser(tokenize(filter)).parse()
}

/**
 * The `optimade_filter` pseudo-quantity: the translated query, or the server's 422
 * (loc [["optimade_filter"]], "Could not parse optimade filter: …").
 */
export function optimadeToQuery(filter: string): NormalizedQuery {
  try {
    return parseOptimadeFilter(filter)
  } catch (error) {
    if (error instanceof OptimadeParseError)
      throw searchError(`Could not parse optimade filter: ${error.message}`, ['optimade_filter'])
    throw error
  }
}

class Parser {
  private i = 0
  constructor(private readonly tokens: Token[]) {}

  parse(): NormalizedQuery {
    if (this.peek().kind === 'end') throw new OptimadeParseError('the filter is empty', 0)
    const query = this.parseOr()
    const next = this.peek()
    if (next.kind !== 'end')
      throw new OptimadeParseError(
        `expected AND, OR or the end of the filter, not ${describe(next)}`,
        next.pos,
      )
    return query
  }

  private peek(): Token {
    return this.tokens[this.i] ?? { kind: 'end', pos: 0 }
  }

  private next(): Token {
    const token = this.peek()
    if (token.kind !== 'end') this.i++
    return token
  }

  private isKeyword(word: string): boolean {
    const t = this.peek()
    return t.kind === 'keyword' && t.value === word
  }

  private parseOr(): NormalizedQuery {
    const items = [this.parseAnd()]
    while (this.isKeyword('OR')) {
      this.next()
      items.push(this.parseAnd())
    }
    return items.length === 1 && items[0] ? items[0] : { or: items }
  }

  private parseAnd(): NormalizedQuery {
    const items = [this.parseNot()]
    while (this.isKeyword('AND')) {
      this.next()
      items.push(this.parseNot())
    }
    return items.length === 1 && items[0] ? items[0] : { and: items }
  }

  private parseNot(): NormalizedQuery {
    if (this.isKeyword('NOT')) {
      this.next()
      return { not: this.parseNot() }
    }
    return this.parseAtom()
  }

  private parseAtom(): NormalizedQuery {
    const token = this.next()
    if (token.kind === 'punct' && token.value === '(') {
      const inner = this.parseOr()
      const close = this.next()
      if (close.kind !== 'punct' || close.value !== ')')
        throw new OptimadeParseError(`expected ')' but found ${describe(close)}`, close.pos)
      return inner
    }
    if (token.kind === 'identifier') return this.parseComparison(token.value, token.pos)
    throw new OptimadeParseError(
      `expected a property name, NOT or '(' but found ${describe(token)}`,
      token.pos,
    )
  }

  private parseComparison(property: string, pos: number): NormalizedQuery {
    const quantity = OPTIMADE_PROPERTIES[property]
    if (quantity === undefined) throw new OptimadeParseError(`unknown property '${property}'`, pos)
    const op = this.next()
    if (property === 'elements') {
      if (op.kind === 'keyword' && op.value === 'HAS') return this.parseHas()
      if (op.kind === 'keyword' && op.value === 'LENGTH') return this.parseLength()
      throw new OptimadeParseError(
        `expected HAS or LENGTH after 'elements', not ${describe(op)}`,
        op.pos,
      )
    }
    if (op.kind !== 'comparator')
      throw new OptimadeParseError(
        `expected a comparison after '${property}', not ${describe(op)}`,
        op.pos,
      )
    if (property === 'nelements') return comparison(quantity, op.value, this.numberAfter(op.value))
    if (op.value !== '=' && op.value !== '!=')
      throw new OptimadeParseError(`only = and != work with '${property}'`, op.pos)
    return comparison(quantity, op.value, this.stringAfter(op.value))
  }

  private isPunct(value: string): boolean {
    const t = this.peek()
    return t.kind === 'punct' && t.value === value
  }

  private parseHas(): NormalizedQuery {
    const mode = this.peek()
    let keyword: 'HAS' | 'ALL' | 'ANY' | 'ONLY' = 'HAS'
    if (
      mode.kind === 'keyword' &&
      (mode.value === 'ALL' || mode.value === 'ANY' || mode.value === 'ONLY')
    ) {
      keyword = mode.value
      this.next()
    }
    const values = [this.stringAfter(keyword)]
    while (keyword !== 'HAS' && this.isPunct(',')) {
      this.next()
      values.push(this.stringAfter(','))
    }
    const elements = `${M}.elements`
    if (keyword === 'HAS') return { name: elements, value: values[0] ?? '' }
    if (keyword === 'ALL') return { name: elements, value: { all: values } }
    if (keyword === 'ANY') return { name: elements, value: { any: values } }
    // HAS ONLY = exactly these elements, which the index answers with elements_exclusive.
    return { name: `${M}.elements_exclusive`, value: [...new Set(values)].sort().join(' ') }
  }

  private parseLength(): NormalizedQuery {
    const t = this.peek()
    if (t.kind !== 'comparator')
      return comparison(`${M}.n_elements`, '=', this.numberAfter('LENGTH'))
    this.next()
    return comparison(`${M}.n_elements`, t.value, this.numberAfter(t.value))
  }

  private numberAfter(after: string): number {
    const t = this.next()
    if (t.kind === 'number' && Number.isFinite(t.value)) return t.value
    if (t.kind === 'string')
      throw new OptimadeParseError(`expected a number after '${after}', not ${describe(t)}`, t.pos)
    throw new OptimadeParseError(`expected a value after '${after}'`, t.pos)
  }

  private stringAfter(after: string): string {
    const t = this.next()
    if (t.kind === 'string') return t.value
    if (t.kind === 'number' || t.kind === 'identifier')
      throw new OptimadeParseError(
        `expected a quoted string after '${after}', not ${describe(t)}`,
        t.pos,
      )
    throw new OptimadeParseError(`expected a value after '${after}'`, t.pos)
  }
}

function comparison(name: string, op: Comparator, value: Scalar): NormalizedQuery {
  if (op === '=') return { name, value }
  if (op === '!=') return { not: { name, value } }
  const bound = RANGE_OF[op]
  return bound ? { name, value: { [bound]: value } } : { name, value }
}
