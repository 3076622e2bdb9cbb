/**
 * The searchable-quantity catalogue: every quantity the query language accepts, with its type,
 * shape and a plain-language description. The client builds one from a server's GET /info
 * (catalogueFromInfo) and falls back to DEFAULT_QUANTITIES when the server says nothing useful.
 */
import { z } from 'zod'
import { METADATA_QUANTITIES } from './quantities-metadata'
import { MATERIAL_QUANTITIES } from './quantities-material'
import { METHOD_QUANTITIES } from './quantities-method'
import { PROPERTY_QUANTITIES } from './quantities-properties'
import { QUANTITY_TYPES, quantity, type QuantityType, type SearchQuantity } from './quantity'

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

const infoEntrySchema = z
  .object({
    name: z.string().optional(),
    description: z.string().nullish(),
    many: z.boolean().nullish(),
    type: z.unknown().optional(),
    unit: z.string().nullish(),
    enum_values: z.array(z.string()).nullish(),
    nested_prefix: z.string().nullish(),
  })
  .passthrough()

const infoSchema = z.record(z.string(), z.unknown())

/**
 * Builds the catalogue from GET /info's `search_quantities` (or the whole /info body). Known
 * names keep the built-in definition (its type, unit and researcher-facing description);
 * unknown names get a type from the server if it sends one we understand, otherwise a guess
 * from the name. An unusable or empty answer yields the fallback catalogue.
 */
export function catalogueFromInfo(
  info: unknown,
  fallback: QuantityCatalogue = DEFAULT_CATALOGUE,
): QuantityCatalogue {
  const root = infoSchema.safeParse(info)
  if (!root.success) return fallback
  const map = root.data.search_quantities !== undefined ? root.data.search_quantities : root.data
  const parsed = infoSchema.safeParse(map)
  if (!parsed.success) return fallback
  const quantities: SearchQuantity[] = []
  for (const [name, raw] of Object.entries(parsed.data)) {
    const entry = infoEntrySchema.safeParse(raw)
    if (!entry.success || name.startsWith('optimade.')) continue
    const known = fallback.get(name)
    if (known) {
      quantities.push(known)
      continue
    }
    const e = entry.data
    const type = typeFromInfo(e.type) ?? guessType(name)
    const nestedPrefix = fallback.nestedPrefixes.filter((p) => name.startsWith(`${p}.`)).pop()
    quantities.push(
      quantity(name, type, e.description ?? '', {
        many: e.many ?? false,
        ...(e.unit ? { unit: e.unit } : {}),
        ...(e.enum_values ? { enumValues: e.enum_values } : {}),
        ...((e.nested_prefix ?? nestedPrefix)
          ? { nestedPrefix: e.nested_prefix ?? nestedPrefix }
          : {}),
      }),
    )
  }
  return quantities.length > 0 ? new QuantityCatalogue(quantities) : fallback
}

/** Understands our own type names and the metainfo forms ({type_kind, type_data}, 'int32'…). */
function typeFromInfo(type: unknown): QuantityType | undefined {
  if (typeof type === 'string') {
    if ((QUANTITY_TYPES as readonly string[]).includes(type)) return type as QuantityType
    return typeFromMetainfo(type)
  }
  if (typeof type === 'object' && type !== null && 'type_kind' in type) {
    const { type_kind: kind, type_data: data } = type as {
      type_kind?: unknown
      type_data?: unknown
    }
    if (kind === 'Enum' || kind === 'enum') return 'enum'
    if (typeof data === 'string') return typeFromMetainfo(data)
  }
  return undefined
}

function typeFromMetainfo(name: string): QuantityType | undefined {
  const lower = name.toLowerCase()
  if (lower.includes('datetime')) return 'datetime'
  if (lower.startsWith('int') || lower === 'long') return 'int'
  if (lower.startsWith('float') || lower === 'double') return 'float'
  if (lower.startsWith('bool')) return 'bool'
  if (lower === 'str' || lower === 'string') return 'str'
  return undefined
}

function guessType(name: string): QuantityType {
  const last = name.split('.').pop() ?? name
  if (last.endsWith('_time') || last.endsWith('_date')) return 'datetime'
  if (last.startsWith('n_')) return 'int'
  return 'str'
}
