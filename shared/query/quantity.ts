/**
 * The shape of one searchable quantity and the small builder the catalogue files use, so every
 * definition states only what differs from the defaults.
 */

export type QuantityType = 'str' | 'enum' | 'int' | 'float' | 'datetime' | 'bool' | 'text'

export const QUANTITY_TYPES: readonly QuantityType[] = [
  'str',
  'enum',
  'int',
  'float',
  'datetime',
  'bool',
  'text',
]

export interface SearchQuantity {
  name: string
  type: QuantityType
  /** List-valued in the document (or reached through a list of sections). */
  many: boolean
  /** Repeated GET params combine as `all` instead of `any` — only results.material.elements. */
  manyAll?: boolean
  enumValues?: readonly string[]
  /** SI unit of stored values, e.g. 'J', 'm', 'Pa', 'K'. */
  unit?: string
  description: string
  /** ES nested document prefix: criteria under it are echoed and evaluated as {prefix, query}. */
  nestedPrefix?: string
  aggregatable: boolean
  /** Scalar and indexed, so usable as order_by. */
  sortable: boolean
  /** Where the value lives in the document when it differs from `name` (e.g. entry_name.prefix). */
  docPath?: string
  /** For `text` quantities: word prefixes anywhere (default) or a phrase prefix from the start. */
  textMatch?: 'words' | 'phrase_prefix'
  /** Terms aggregation size when the request gives none (before enum length and 10). */
  defaultAggregationSize?: number
  /** Values the server always lists in terms aggregations, with count 0 when absent. */
  aggregationValues?: readonly string[]
}

export type QuantityOptions = Partial<Omit<SearchQuantity, 'name' | 'type' | 'description'>>

/** Builds a quantity with the defaults of the real index: aggregatable and sortable unless text or list. */
export function quantity(
  name: string,
  type: QuantityType,
  description: string,
  options: QuantityOptions = {},
): SearchQuantity {
  const many = options.many ?? false
  return {
    name,
    type,
    description,
    ...options,
    many,
    aggregatable: options.aggregatable ?? type !== 'text',
    sortable: options.sortable ?? (!many && type !== 'text'),
  }
}

/**
 * Marks every quantity under `prefix` as living in that ES nested document. `many` keeps the
 * definition's shape (as GET /info reports it); the list of nested sections is implied.
 */
export function nestedUnder(prefix: string, quantities: SearchQuantity[]): SearchQuantity[] {
  return quantities.map((q) => ({ ...q, nestedPrefix: prefix }))
}
