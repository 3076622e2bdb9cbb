/** One-line descriptions of criteria and groups: the chips above the table and history items. */
import type { JsonObject } from '../../../../shared/api/json'
import type { QuantityCatalogue } from '../../../../shared/query'
import { formatNumber } from './format'
import { fromQuery } from './from-query'
import { quantityLabel } from './labels'
import type { BuilderNode, Bound, Criterion, Scalar } from './types'

const OP_SYMBOL = { gt: '>', gte: '≥', lt: '<', lte: '≤' } as const

function list(values: readonly Scalar[], max = 3): string {
  const shown = values.slice(0, max).map(String)
  return values.length > max ? `${shown.join(', ')} +${values.length - max}` : shown.join(', ')
}

function bounds<V>(
  lower: Bound<'gt' | 'gte', V> | null,
  upper: Bound<'lt' | 'lte', V> | null,
  show: (v: V) => string,
): string {
  const parts: string[] = []
  if (lower) parts.push(`${OP_SYMBOL[lower.op]} ${show(lower.value)}`)
  if (upper) parts.push(`${OP_SYMBOL[upper.op]} ${show(upper.value)}`)
  return parts.join(' and ')
}

export function describeCriterion(c: Criterion): string {
  switch (c.kind) {
    case 'elements': {
      if (c.only) return `Only ${c.include.join(' ')}`
      const parts: string[] = []
      if (c.include.length > 0) parts.push(c.include.join(' '))
      if (c.exclude.length > 0) parts.push(`not ${c.exclude.join(' ')}`)
      return `Elements: ${parts.join('; ')}`
    }
    case 'terms': {
      const op = c.op === 'any' ? '' : c.op === 'all' ? 'all of ' : 'none of '
      return `${quantityLabel(c.quantity)}: ${op}${list(c.values)}`
    }
    case 'author':
      return `${quantityLabel(c.quantity)}: ${c.op === 'all' ? 'all of ' : ''}${list(c.names, 2)}`
    case 'range':
      return `${quantityLabel(c.quantity)} ${bounds(c.lower, c.upper, (v) =>
        c.unit ? `${formatNumber(v)} ${c.unit}` : formatNumber(v),
      )}`
    case 'date':
      return `${quantityLabel(c.quantity)} ${bounds(c.lower, c.upper, (v) => v)}`
    case 'generic':
      switch (c.op) {
        case 'equals':
          return `${quantityLabel(c.quantity)} = ${String(c.values[0] ?? '')}`
        case 'range':
          return `${quantityLabel(c.quantity)} ${bounds(c.lower, c.upper, String)}`
        case 'any':
        case 'all':
        case 'none':
          return `${quantityLabel(c.quantity)}: ${c.op} of ${list(c.values)}`
      }
      break
    case 'optimade':
      return `OPTIMADE: ${c.filter.length > 40 ? `${c.filter.slice(0, 40)}…` : c.filter}`
    case 'raw': {
      const text = JSON.stringify(c.query)
      return `JSON: ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`
    }
  }
}

export function describeNode(node: BuilderNode): string {
  if (node.kind !== 'group') return describeCriterion(node)
  const inner = node.children.map(describeNode)
  if (node.op === 'not') return `Not (${inner.join(' and ') || 'empty'})`
  const word = node.op === 'or' ? ' or ' : ' and '
  const text = inner.join(word)
  return text.length > 60
    ? `${node.op === 'or' ? 'Any' : 'All'} of ${inner.length} conditions`
    : `(${text})`
}

/** A whole query in one line (history items). */
export function describeQuery(query: JsonObject, catalogue: QuantityCatalogue): string {
  const model = fromQuery(query, catalogue)
  if (model.children.length === 0) return 'All entries'
  return model.children.map(describeNode).join(' · ')
}
