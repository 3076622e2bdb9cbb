/**
 * toQuery: the builder model → the service's query object, in the request form a researcher
 * would write by hand (one mapping of quantity → value where possible, `and`/`or`/`not` only
 * where needed). Empty criteria are left out; an empty model is `{}` (everything).
 */
import type { JsonObject, JsonValue } from '../../../../shared/api/json'
import { displayToStored } from './units'
import type {
  AuthorCriterion,
  BuilderModel,
  BuilderNode,
  Criterion,
  ElementsCriterion,
  GenericCriterion,
  Group,
  Scalar,
} from './types'

export const ELEMENTS = 'results.material.elements'
export const ELEMENTS_EXCLUSIVE = 'results.material.elements_exclusive'
export const OPTIMADE = 'optimade_filter'

/** One `quantity: value` pair a criterion contributes to a mapping. */
type Fragment = [string, JsonValue]

/** An item of an AND: a mapping being filled, or a finished query object. */
type Item = { mapping: JsonObject } | { object: JsonObject; andGroup: boolean }

export function toQuery(model: BuilderModel): JsonObject {
  return andQuery(model.children) ?? {}
}

/** The query of one node on its own (null when it has nothing to say). */
export function nodeQuery(node: BuilderNode): JsonObject | null {
  return node.kind === 'group' ? groupQuery(node) : andQuery([node])
}

function groupQuery(group: Group): JsonObject | null {
  switch (group.op) {
    case 'and':
      return andQuery(group.children)
    case 'or': {
      const items = group.children.map(nodeQuery).filter((q): q is JsonObject => q !== null)
      return items.length === 0 ? null : { or: items }
    }
    case 'not': {
      const inner = andQuery(group.children)
      return inner === null ? null : { not: inner }
    }
  }
}

/**
 * Criteria side by side share one mapping; a quantity may appear only once per mapping, so a
 * second use of it (elements included and excluded) opens another mapping under `and`.
 */
function andQuery(children: readonly BuilderNode[]): JsonObject | null {
  const items: Item[] = []
  const place = ([key, value]: Fragment) => {
    const target = items.find(
      (item): item is { mapping: JsonObject } => 'mapping' in item && !(key in item.mapping),
    )
    if (target) target.mapping[key] = value
    else items.push({ mapping: { [key]: value } })
  }
  for (const child of children) {
    if (child.kind === 'group') {
      const query = groupQuery(child)
      if (query === null) continue
      // A nested AND that came out as a plain mapping is wrapped, so it stays a visible group
      // when the query is read back instead of melting into its parent.
      const wrapped = child.op === 'and' && !isLogical(query) ? { and: [query] } : query
      items.push({ object: wrapped, andGroup: child.op === 'and' })
    } else if (child.kind === 'raw') {
      if (Object.keys(child.query).length > 0) items.push({ object: child.query, andGroup: false })
    } else {
      for (const fragment of fragments(child)) place(fragment)
    }
  }
  const objects = items.map((item) => ('mapping' in item ? item.mapping : item.object))
  if (objects.length === 0) return null
  // A lone OR, NOT or raw piece is the query itself; a lone nested AND stays wrapped (above).
  const only = items[0]
  if (items.length === 1 && only && ('mapping' in only || !only.andGroup)) return objects[0] ?? null
  return { and: objects }
}

function isLogical(query: JsonObject): boolean {
  return 'and' in query || 'or' in query || 'not' in query
}

/** What a (non-raw) criterion contributes; nothing while it is still empty. */
export function fragments(criterion: Exclude<Criterion, { kind: 'raw' }>): Fragment[] {
  switch (criterion.kind) {
    case 'elements':
      return elementFragments(criterion)
    case 'terms':
      return listFragment(criterion.quantity, criterion.op, criterion.values)
    case 'author':
      return authorFragments(criterion)
    case 'range': {
      const range: JsonObject = {}
      if (criterion.lower)
        range[criterion.lower.op] = displayToStored(criterion.lower.value, criterion.unit)
      if (criterion.upper)
        range[criterion.upper.op] = displayToStored(criterion.upper.value, criterion.unit)
      return Object.keys(range).length === 0 ? [] : [[criterion.quantity, range]]
    }
    case 'date': {
      const range: JsonObject = {}
      if (criterion.lower && criterion.lower.value !== '')
        range[criterion.lower.op] = criterion.lower.value
      if (criterion.upper && criterion.upper.value !== '')
        range[criterion.upper.op] = criterion.upper.value
      return Object.keys(range).length === 0 ? [] : [[criterion.quantity, range]]
    }
    case 'generic':
      return genericFragments(criterion)
    case 'optimade':
      return criterion.filter.trim() === '' ? [] : [[OPTIMADE, criterion.filter.trim()]]
  }
}

function elementFragments(c: ElementsCriterion): Fragment[] {
  if (c.only) {
    // "Exactly these elements" already excludes every other one, so exclusions add nothing.
    if (c.include.length === 0) return []
    return [[ELEMENTS_EXCLUSIVE, [...new Set(c.include)].sort().join(' ')]]
  }
  const out: Fragment[] = []
  if (c.include.length > 0) out.push([ELEMENTS, { all: [...c.include] }])
  if (c.exclude.length > 0) out.push([ELEMENTS, { none: [...c.exclude] }])
  return out
}

function authorFragments(c: AuthorCriterion): Fragment[] {
  const names = c.names.filter((n) => n.trim() !== '')
  return listFragment(c.quantity, c.op, names)
}

/** `any` of one value is written as the value itself, the way people write `"VASP"`. */
function listFragment(quantity: string, op: 'any' | 'all' | 'none', values: Scalar[]): Fragment[] {
  if (values.length === 0) return []
  if (op === 'any' && values.length === 1 && values[0] !== undefined) return [[quantity, values[0]]]
  return [[quantity, { [op]: [...values] }]]
}

function genericFragments(c: GenericCriterion): Fragment[] {
  switch (c.op) {
    case 'equals': {
      const value = c.values[0]
      return value === undefined || value === '' ? [] : [[c.quantity, value]]
    }
    case 'any':
    case 'all':
    case 'none': {
      const values = c.values.filter((v) => v !== '')
      return values.length === 0 ? [] : [[c.quantity, { [c.op]: values }]]
    }
    case 'range': {
      const range: JsonObject = {}
      if (c.lower && c.lower.value !== '') range[c.lower.op] = c.lower.value
      if (c.upper && c.upper.value !== '') range[c.upper.op] = c.upper.value
      return Object.keys(range).length === 0 ? [] : [[c.quantity, range]]
    }
  }
}
