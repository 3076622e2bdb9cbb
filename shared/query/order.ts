/**
 * Ordering of search results (order_by/order with the id field as tie-breaker, missing values
 * last in both directions, as Elasticsearch sorts) and the page_after_value cursor of §2.4:
 * the bare id when ordering by id, otherwise "<sort value>:<id>" with the sort value printed the
 * way the server prints Elasticsearch's sort value (datetimes as epoch millis).
 */
import { compilePath, type PathWalker } from './doc-path'
import { QueryExecutionError, searchError, unknownQuantityError } from './errors'
import type { QuantityCatalogue, SearchQuantity } from './quantities'
import type { Doc } from './types'
import { parseInstant, pythonFloatRepr, toBoolean } from './values'

export type SortOrder = 'asc' | 'desc'
/** A comparable sort value; null = the document has none (sorts last). */
export type SortKey = number | string | null

export interface OrderOptions {
  /** The id field used as tie-breaker and default order (materials use material_id). */
  idField?: string
}

const LONG_MAX = '9223372036854775807'
const LONG_MIN = '-9223372036854775808'

/**
 * Validates `pagination.order_by` like the server: the alias mainfile_path → mainfile, unknown
 * names and list quantities are 422s at loc [["pagination", "order_by"]] (the scalar check
 * prefixes `locPrefix`, e.g. ["aggregation"] for terms pagination). Returns the effective name.
 */
export function validateOrderBy(
  orderBy: string | null | undefined,
  catalogue: QuantityCatalogue,
  options: OrderOptions & { locPrefix?: string[] } = {},
): string {
  const idField = options.idField ?? 'entry_id'
  if (orderBy === null || orderBy === undefined) return idField
  const name = orderBy === 'mainfile_path' ? 'mainfile' : orderBy
  const quantity = catalogue.get(name)
  if (quantity === undefined) throw unknownQuantityError(name, ['pagination', 'order_by'])
  if (quantity.many)
    throw searchError('the order_by quantity must be a scalar', [
      ...(options.locPrefix ?? []),
      'pagination',
      'order_by',
    ])
  if (!quantity.sortable)
    throw new QueryExecutionError(
      `Text fields are not optimised for operations that require per-document field data like aggregations and sorting [${name}]`,
    )
  return name
}

/** The sort value of a document: the smallest value for asc, the largest for desc. */
export function sortKeyOf(
  doc: Doc,
  quantity: SearchQuantity,
  order: SortOrder,
  walker: PathWalker = compilePath(quantity.docPath ?? quantity.name),
): SortKey {
  let best: SortKey = null
  walker.each(doc, (value) => {
    const key = keyOf(quantity, value)
    if (key === null) return
    if (best === null || (order === 'asc' ? key < best : key > best)) best = key
  })
  return best
}

function keyOf(quantity: SearchQuantity, value: unknown): SortKey {
  switch (quantity.type) {
    case 'datetime':
      return parseInstant(value)
    case 'bool':
      return typeof value === 'boolean' ? Number(value) : null
    case 'int':
    case 'float':
      return typeof value === 'number' ? value : null
    case 'str':
    case 'enum':
    case 'text':
      return typeof value === 'string' ? value : null
  }
}

/** Compares two sort keys in the given direction, missing keys last either way. */
export function compareKeys(a: SortKey, b: SortKey, order: SortOrder): number {
  if (a === b) return 0
  if (a === null) return 1
  if (b === null) return -1
  const c = a < b ? -1 : a > b ? 1 : 0
  return order === 'asc' ? c : -c
}

/** A comparator for documents: order_by in the given direction, then the id in the same one. */
export function compareDocs(
  orderBy: string,
  order: SortOrder,
  catalogue: QuantityCatalogue,
  options: OrderOptions = {},
): (a: Doc, b: Doc) => number {
  const idField = options.idField ?? 'entry_id'
  const idOf = (doc: Doc) => (typeof doc[idField] === 'string' ? doc[idField] : null)
  const quantity = orderBy === idField ? undefined : catalogue.get(orderBy)
  if (quantity === undefined) return (a, b) => compareKeys(idOf(a), idOf(b), order)
  const walker = compilePath(quantity.docPath ?? quantity.name)
  // Sort keys are computed once per document, not once per comparison.
  const cache = new WeakMap<Doc, SortKey>()
  const key = (doc: Doc): SortKey => {
    let k = cache.get(doc)
    if (k === undefined) {
      k = sortKeyOf(doc, quantity, order, walker)
      cache.set(doc, k)
    }
    return k
  }
  return (a, b) => compareKeys(key(a), key(b), order) || compareKeys(idOf(a), idOf(b), order)
}

/** next_page_after_value for the last document of a page. */
export function encodePageAfterValue(
  doc: Doc,
  orderBy: string,
  order: SortOrder,
  catalogue: QuantityCatalogue,
  options: OrderOptions = {},
): string {
  const idField = options.idField ?? 'entry_id'
  const id = idString(doc, idField)
  const quantity = orderBy === idField ? undefined : catalogue.get(orderBy)
  if (quantity === undefined) return id
  return `${printSortKey(sortKeyOf(doc, quantity, order), quantity, order)}:${id}`
}

/** How Python prints the Elasticsearch sort value (missing values use ES's sentinels). */
function printSortKey(key: SortKey, quantity: SearchQuantity, order: SortOrder): string {
  const isFloat = quantity.type === 'float'
  if (key === null) {
    if (quantity.type === 'str' || quantity.type === 'enum' || quantity.type === 'text')
      return 'None'
    if (isFloat) return order === 'asc' ? 'inf' : '-inf'
    return order === 'asc' ? LONG_MAX : LONG_MIN
  }
  if (typeof key === 'string') return key
  return isFloat ? pythonFloatRepr(key) : String(Math.trunc(key))
}

function idString(doc: Doc, idField: string): string {
  const id = doc[idField]
  return typeof id === 'string' || typeof id === 'number' ? String(id) : ''
}

export interface PageCursor {
  key: SortKey
  id: string
}

/**
 * Reads a page_after_value. For non-id orders the value is split at its last ':' (a value
 * without one gets ':' appended, as on the server); an unusable sort value is the 400 the
 * server forwards from Elasticsearch.
 */
export function decodePageAfterValue(
  value: string,
  orderBy: string,
  catalogue: QuantityCatalogue,
  options: OrderOptions = {},
): PageCursor {
  const idField = options.idField ?? 'entry_id'
  const quantity = orderBy === idField ? undefined : catalogue.get(orderBy)
  if (quantity === undefined) return { key: null, id: value }
  const colon = value.lastIndexOf(':')
  const text = colon < 0 ? value : value.slice(0, colon)
  const id = colon < 0 ? '' : value.slice(colon + 1)
  return { key: parseSortKey(text, quantity), id }
}

function parseSortKey(text: string, quantity: SearchQuantity): SortKey {
  const fail = () =>
    new QueryExecutionError(
      `search_after value [${text}] cannot be parsed for field [${quantity.name}]`,
    )
  switch (quantity.type) {
    case 'str':
    case 'enum':
    case 'text':
      return text === 'None' ? null : text
    case 'bool': {
      const b = toBoolean(text)
      if (b !== null) return Number(b)
      if (text === '0' || text === '1') return Number(text)
      throw fail()
    }
    case 'datetime': {
      const t = parseInstant(text)
      if (t === null) throw fail()
      return Math.abs(t) >= 9.2e18 ? null : t
    }
    case 'int':
    case 'float': {
      if (text === 'inf' || text === '-inf') return null
      const n = Number(text)
      if (text.trim() === '' || !Number.isFinite(n)) throw fail()
      if (quantity.type === 'int' && !Number.isInteger(n)) throw fail()
      return Math.abs(n) >= 9.2e18 ? null : n
    }
  }
}

/** Keeps the documents strictly after the cursor in the sort order (Elasticsearch search_after). */
export function afterCursor(
  cursor: PageCursor,
  orderBy: string,
  order: SortOrder,
  catalogue: QuantityCatalogue,
  options: OrderOptions = {},
): (doc: Doc) => boolean {
  const idField = options.idField ?? 'entry_id'
  const idOf = (doc: Doc) => idString(doc, idField)
  const quantity = orderBy === idField ? undefined : catalogue.get(orderBy)
  if (quantity === undefined) return (doc) => compareKeys(idOf(doc), cursor.id, order) > 0
  const walker = compilePath(quantity.docPath ?? quantity.name)
  return (doc) => {
    const c = compareKeys(sortKeyOf(doc, quantity, order, walker), cursor.key, order)
    return c > 0 || (c === 0 && compareKeys(idOf(doc), cursor.id, order) > 0)
  }
}
