/**
 * The searchable-quantity catalogue: every quantity the query language accepts, with its type,
 * shape and a plain-language description. The client builds one from a server's GET /info
 * (catalogueFromInfo) and falls back to DEFAULT_QUANTITIES when the server says nothing useful.
 */
import { METADATA_QUANTITIES } from './quantities-metadata'
import { MATERIAL_QUANTITIES } from './quantities-material'
import { METHOD_QUANTITIES } from './quantities-method'
import { PROPERTY_QUANTITIES } from './quantities-properties'
import type { QuantityType, SearchQuantity } from './quantity'

export type { QuantityType, SearchQuantity } from './quantity'
export { QUANTITY_TYPES } from './quantity'

/** Pseudo-quantity holding an OPTIMADE filter string; not a document field (§12). */
export const OPTIMADE_FILTER = 'optimade_filter'

export const DEFAULT_QUANTITIES: readonly SearchQuantity[] = [
  ...METADATA_QUANTITIES,
  ...MATERIAL_QUANTITIES,
  ...METHOD_QUANTITIES,
  ...PROPERTY_QUANTITIES,
]

export class QuantityCatalogue {
  private readonly byName = new Map<string, SearchQuantity>()
  /** Nested prefixes, parents before children (the order normalisation walks them in). */
  readonly nestedPrefixes: readonly string[]

  constructor(quantities: Iterable<SearchQuantity> = DEFAULT_QUANTITIES) {
    for (const q of quantities) this.byName.set(q.name, q)
    const prefixes = new Set<string>()
    for (const q of this.byName.values()) if (q.nestedPrefix) prefixes.add(q.nestedPrefix)
    this.nestedPrefixes = [...prefixes].sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
  }

  get(name: string): SearchQuantity | undefined {
    return this.byName.get(name)
  }

  has(name: string): boolean {
    return this.byName.has(name)
  }

  list(): SearchQuantity[] {
    return [...this.byName.values()]
  }

  get size(): number {
    return this.byName.size
  }

  isNestedPrefix(prefix: string): boolean {
    return this.nestedPrefixes.includes(prefix)
  }

  /**
   * Case-insensitive substring search over names and descriptions; name matches first (those
   * starting with the text before the others), then description matches, each alphabetical.
   */
  search(text: string, limit = Infinity): SearchQuantity[] {
    const needle = text.trim().toLowerCase()
    if (needle === '') return this.list().slice(0, limit)
    const rank = (q: SearchQuantity): number => {
      const name = q.name.toLowerCase()
      if (name.startsWith(needle) || name.split('.').some((part) => part.startsWith(needle)))
        return 0
      if (name.includes(needle)) return 1
      if (q.description.toLowerCase().includes(needle)) return 2
      return 3
    }
    return this.list()
      .map((q) => ({ q, r: rank(q) }))
      .filter(({ r }) => r < 3)
      .sort((a, b) => a.r - b.r || (a.q.name < b.q.name ? -1 : 1))
      .slice(0, limit)
      .map(({ q }) => q)
  }
}

/** The built-in catalogue, shared because it is immutable. */
export const DEFAULT_CATALOGUE = new QuantityCatalogue(DEFAULT_QUANTITIES)

/** One entry of GET /info `search_quantities`, as the real server sends it (plus our extras). */
export interface InfoSearchQuantity {
  name: string
  description: string
  many: boolean
  type?: QuantityType
  unit?: string
  enum_values?: readonly string[]
  nested_prefix?: string
}

/**
 * GET /info `search_quantities`. The real server sends only name, description and many; pass
 * `extended` to add type, unit, enum values and nested prefix for clients that understand them.
 */
export function catalogueToInfo(
  catalogue: QuantityCatalogue = DEFAULT_CATALOGUE,
  options: { extended?: boolean } = {},
): Record<string, InfoSearchQuantity> {
  const out: Record<string, InfoSearchQuantity> = {}
  for (const q of catalogue.list()) {
    const entry: InfoSearchQuantity = { name: q.name, description: q.description, many: q.many }
    if (options.extended) {
      entry.type = q.type
      if (q.unit !== undefined) entry.unit = q.unit
      if (q.enumValues !== undefined) entry.enum_values = q.enumValues
      if (q.nestedPrefix !== undefined) entry.nested_prefix = q.nestedPrefix
    }
    out[q.name] = entry
  }
  return out
}
