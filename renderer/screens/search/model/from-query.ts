/**
 * fromQuery: a query object (hand-written, pasted, restored or the server's normalised echo) →
 * the builder model. Best effort: whatever has no visual form stays as a raw criterion with its
 * JSON verbatim, so toQuery(fromQuery(q)) always means the same as q.
 */
import type { JsonObject, JsonValue } from '../../../../shared/api/json'
import type { QuantityCatalogue } from '../../../../shared/query'
import { newId } from './ids'
import { mergeElements } from './merge-elements'
import { ELEMENTS, ELEMENTS_EXCLUSIVE, OPTIMADE } from './to-query'
import type {
  BuilderModel,
  BuilderNode,
  Criterion,
  Group,
  ListOp,
  LowerOp,
  Scalar,
  UpperOp,
} from './types'
import { preferredUnit, storedToDisplay, unitFits } from './units'

export interface FromQueryOptions {
  /** Display units to keep per quantity (the ones the researcher picked before). */
  unitHints?: Readonly<Record<string, string>>
}

const AUTHOR_QUANTITIES = new Set(['authors.name'])
const LIST_OPS = ['any', 'all', 'none'] as const
const RANGE_KEYS = new Set(['lt', 'lte', 'gt', 'gte'])

type Ctx = { catalogue: QuantityCatalogue; hints: Readonly<Record<string, string>> }

export function fromQuery(
  query: JsonValue | undefined,
  catalogue: QuantityCatalogue,
  options: FromQueryOptions = {},
): BuilderModel {
  const ctx: Ctx = { catalogue, hints: options.unitHints ?? {} }
  const children = isObject(query) ? andContext(query, ctx) : []
  return { kind: 'group', id: newId('g'), op: 'and', children }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
}

const raw = (query: JsonObject): Criterion => ({ kind: 'raw', id: newId('c'), query })
const group = (op: Group['op'], children: BuilderNode[]): Group => ({
  kind: 'group',
  id: newId('g'),
  op,
  children,
})

const LOGICAL = ['and', 'or', 'not'] as const

/** The nodes of an object read as "all of this": mappings flatten, nested `and`s stay groups. */
function andContext(query: JsonObject, ctx: Ctx): BuilderNode[] {
  const keys = Object.keys(query)
  const logical = LOGICAL.filter((k) => k in query)
  if (logical.length > 0) {
    // The server drops keys beside a logical operator; keep such an object verbatim.
    if (keys.length !== 1) return [raw(query)]
    const value = query[keys[0] as string]
    if ('and' in query && Array.isArray(value)) {
      const nodes: BuilderNode[] = []
      for (const item of value) {
        if (!isObject(item)) return [raw(query)]
        if ('and' in item && Object.keys(item).length === 1 && Array.isArray(item.and))
          nodes.push(group('and', andContext(item, ctx)))
        else nodes.push(...andContext(item, ctx))
      }
      return mergeElements(nodes)
    }
    if ('or' in query && Array.isArray(value)) {
      if (!value.every(isObject)) return [raw(query)]
      return [
        group(
          'or',
          value.map((item) => orItem(item, ctx)),
        ),
      ]
    }
    if ('not' in query && isObject(value)) return [group('not', andContext(value, ctx))]
    return [raw(query)]
  }
  if (keys.length === 2 && 'name' in query && 'value' in query)
    return [internalCriteria(query, ctx)]
  if (keys.length === 2 && 'prefix' in query && 'query' in query)
    return [internalNested(query, ctx)]
  const nodes = Object.entries(query).map(([key, value]) => mappingEntry(key, value, ctx))
  return mergeElements(nodes)
}

/** One alternative of an OR: a single criterion when possible, else an AND group. */
function orItem(item: JsonObject, ctx: Ctx): BuilderNode {
  const nodes = andContext(item, ctx)
  if (nodes.length === 1 && nodes[0]) {
    const only = nodes[0]
    if (
      only.kind === 'group' &&
      only.op === 'and' &&
      only.children.length === 1 &&
      only.children[0]
    )
      return only.children[0]
    return only
  }
  return group('and', nodes)
}

/** `quantity[:op]: value` of a mapping. */
function mappingEntry(key: string, value: JsonValue, ctx: Ctx): Criterion {
  const colon = key.lastIndexOf(':')
  const suffix = colon > 0 ? key.slice(colon + 1) : ''
  if ((LIST_OPS as readonly string[]).includes(suffix) || RANGE_KEYS.has(suffix)) {
    const name = key.slice(0, colon)
    const criterion = fromValue(name, { [suffix]: value }, ctx)
    return criterion.kind === 'raw' ? raw({ [key]: value }) : criterion
  }
  return fromValue(key, value, ctx)
}

/** The normalised `{name, value}` form (values already in object form). */
function internalCriteria(query: JsonObject, ctx: Ctx): Criterion {
  const { name, value } = query
  if (typeof name !== 'string' || value === undefined) return raw(query)
  const criterion = fromValue(name, value, ctx)
  return criterion.kind === 'raw' ? raw(query) : criterion
}

/** `{prefix, query}` with one criterion inside is that criterion under its full name. */
function internalNested(query: JsonObject, ctx: Ctx): Criterion {
  const { prefix, query: inner } = query
  if (typeof prefix !== 'string' || !isObject(inner)) return raw(query)
  const keys = Object.keys(inner)
  let name: unknown
  let value: JsonValue | undefined
  if (keys.length === 2 && 'name' in inner && 'value' in inner) {
    name = inner.name
    value = inner.value
  } else if (keys.length === 1 && keys[0] !== undefined && !LOGICAL.some((k) => k in inner)) {
    name = keys[0]
    value = inner[keys[0]]
  }
  if (typeof name !== 'string' || value === undefined || name.includes(':')) return raw(query)
  const criterion = fromValue(`${prefix}.${name}`, value, ctx)
  return criterion.kind === 'raw' ? raw(query) : criterion
}

type Shape =
  | { kind: 'scalar'; value: Scalar }
  | { kind: 'list'; op: ListOp; values: Scalar[] }
  | { kind: 'range'; lower: [LowerOp, Scalar] | null; upper: [UpperOp, Scalar] | null }
  | { kind: 'other' }

function shapeOf(value: JsonValue): Shape {
  if (isScalar(value)) return { kind: 'scalar', value }
  if (Array.isArray(value))
    return value.every(isScalar) ? { kind: 'list', op: 'all', values: value } : { kind: 'other' }
  if (!isObject(value)) return { kind: 'other' }
  const keys = Object.keys(value)
  if (keys.length === 1 && (LIST_OPS as readonly string[]).includes(keys[0] as string)) {
    const list = value[keys[0] as string]
    if (Array.isArray(list) && list.every(isScalar))
      return { kind: 'list', op: keys[0] as ListOp, values: list }
    return { kind: 'other' }
  }
  if (keys.length > 0 && keys.every((k) => RANGE_KEYS.has(k))) {
    if (('gt' in value && 'gte' in value) || ('lt' in value && 'lte' in value))
      return { kind: 'other' }
    const bound = <Op extends string>(op: Op): [Op, Scalar] | null => {
      const v = value[op]
      return isScalar(v) ? [op, v] : null
    }
    if (!keys.every((k) => isScalar(value[k]))) return { kind: 'other' }
    return {
      kind: 'range',
      lower: bound('gt') ?? bound('gte'),
      upper: bound('lt') ?? bound('lte'),
    }
  }
  return { kind: 'other' }
}

/** The visual criterion for `name: value`, or a raw one. */
function fromValue(name: string, value: JsonValue, ctx: Ctx): Criterion {
  const shape = shapeOf(value)
  const keep = () => raw({ [name]: value })
  if (shape.kind === 'other') return keep()
  const id = newId('c')

  if (name === OPTIMADE)
    return shape.kind === 'scalar' && typeof shape.value === 'string'
      ? { kind: 'optimade', id, filter: shape.value }
      : keep()
  if (name === ELEMENTS_EXCLUSIVE && shape.kind === 'scalar' && typeof shape.value === 'string')
    return {
      kind: 'elements',
      id,
      include: shape.value.split(' ').filter((s) => s !== ''),
      exclude: [],
      only: true,
    }
  if (name === ELEMENTS && shape.kind !== 'range') {
    const values = shape.kind === 'scalar' ? [shape.value] : shape.values
    const op = shape.kind === 'scalar' ? 'all' : shape.op
    if (values.every((v) => typeof v === 'string') && op !== 'any')
      return {
        kind: 'elements',
        id,
        include: op === 'all' ? values : [],
        exclude: op === 'none' ? values : [],
        only: false,
      }
  }

  const quantity = ctx.catalogue.get(name)
  if (!quantity) return keep()

  if (AUTHOR_QUANTITIES.has(name)) {
    if (shape.kind === 'scalar' && typeof shape.value === 'string')
      return { kind: 'author', id, quantity: name, op: 'any', names: [shape.value] }
    if (shape.kind === 'list' && shape.op !== 'none' && shape.values.every(isString))
      return { kind: 'author', id, quantity: name, op: shape.op, names: shape.values }
  }

  switch (quantity.type) {
    case 'datetime':
      if (shape.kind === 'range' && boundsAre(shape, isString))
        return {
          kind: 'date',
          id,
          quantity: name,
          lower: shape.lower && { op: shape.lower[0], value: shape.lower[1] as string },
          upper: shape.upper && { op: shape.upper[0], value: shape.upper[1] as string },
        }
      break
    case 'int':
    case 'float':
      if (shape.kind === 'range' && boundsAre(shape, isNumber)) {
        const hint = ctx.hints[name]
        const unit =
          quantity.unit === undefined
            ? null
            : hint !== undefined && unitFits(hint, quantity.unit)
              ? hint
              : preferredUnit(quantity.unit)
        return {
          kind: 'range',
          id,
          quantity: name,
          unit,
          lower: shape.lower && {
            op: shape.lower[0],
            value: storedToDisplay(shape.lower[1] as number, unit),
          },
          upper: shape.upper && {
            op: shape.upper[0],
            value: storedToDisplay(shape.upper[1] as number, unit),
          },
        }
      }
      break
    case 'enum':
    case 'str':
    case 'bool':
      if (shape.kind === 'scalar')
        return { kind: 'terms', id, quantity: name, op: 'any', values: [shape.value] }
      if (shape.kind === 'list') return { kind: 'terms', id, quantity: name, ...listOf(shape) }
      break
    case 'text':
      break
  }
  return generic(id, name, shape)
}

function listOf(shape: { op: ListOp; values: Scalar[] }) {
  return { op: shape.op, values: [...shape.values] }
}

function generic(id: string, name: string, shape: Exclude<Shape, { kind: 'other' }>): Criterion {
  const base = { kind: 'generic' as const, id, quantity: name, lower: null, upper: null }
  switch (shape.kind) {
    case 'scalar':
      return { ...base, op: 'equals', values: [shape.value] }
    case 'list':
      return { ...base, op: shape.op, values: [...shape.values] }
    case 'range':
      return {
        ...base,
        op: 'range',
        values: [],
        lower: shape.lower && { op: shape.lower[0], value: shape.lower[1] },
        upper: shape.upper && { op: shape.upper[0], value: shape.upper[1] },
      }
  }
}

const isString = (v: Scalar): v is string => typeof v === 'string'
const isNumber = (v: Scalar): v is number => typeof v === 'number'

function boundsAre(
  shape: { lower: [string, Scalar] | null; upper: [string, Scalar] | null },
  test: (v: Scalar) => boolean,
): boolean {
  return (
    (shape.lower === null || test(shape.lower[1])) && (shape.upper === null || test(shape.upper[1]))
  )
}
