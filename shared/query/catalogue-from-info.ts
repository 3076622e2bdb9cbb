/**
 * The catalogue from a server's GET /info, decoded with zod. Its own module, outside the
 * `shared/query` barrel: the renderer uses the catalogue (quantities.ts) on its first screen but
 * never decodes /info (core does), and a barrel export would bring zod and these schemas into the
 * Search screen's chunks.
 */
import { z } from 'zod'
import { DEFAULT_CATALOGUE, QuantityCatalogue } from './quantities'
import { QUANTITY_TYPES, quantity, type QuantityType, type SearchQuantity } from './quantity'

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
