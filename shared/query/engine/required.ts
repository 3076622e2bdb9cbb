import { z } from 'zod'
import { QueryValidationError } from '../errors'
import type { QuantityCatalogue } from '../quantities'

/**
 * `required` of entry metadata (facts §2.5): include and/or exclude lists of dotted paths with
 * `*` wildcards, applied like Elasticsearch's _source filtering. entry_id is always included;
 * the order_by field is added to an include list. The caller gives the full output document
 * (the sandbox injects `license` there, so it is filtered like any field). Unknown keys of the
 * object are ignored (the GUI sends junk and gets 200).
 */
export interface MetadataRequired {
  include?: string[]
  exclude?: string[]
}

const schema = z.looseObject({
  include: z.array(z.string()).nullish(),
  exclude: z.array(z.string()).nullish(),
})

/**
 * Validates names (those without wildcards must be doc quantities or sections of them, or one
 * of `knownFields`, the top-level fields of the source's documents).
 */
export function parseRequired(
  raw: unknown,
  catalogue: QuantityCatalogue,
  knownFields: ReadonlySet<string>,
): MetadataRequired | undefined {
  if (raw === undefined || raw === null) return undefined
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    throw new QueryValidationError([
      { loc: ['body', 'required'], msg: 'value is not a valid dict', type: 'type_error.dict' },
    ])
  }
  const out: MetadataRequired = {}
  for (const key of ['include', 'exclude'] as const) {
    const list = parsed.data[key]
    if (!list) continue
    for (const name of list) {
      if (name.includes('*') || isKnown(name, catalogue, knownFields)) continue
      throw new QueryValidationError([
        {
          loc: [['required']],
          msg: `${name} is not a doc quantity`,
          type: 'value_error.exception',
        },
      ])
    }
    out[key] = [...list]
  }
  if (out.include && !out.include.includes('entry_id')) out.include.unshift('entry_id')
  return out
}

function isKnown(
  name: string,
  catalogue: QuantityCatalogue,
  knownFields: ReadonlySet<string>,
): boolean {
  if (catalogue.has(name) || knownFields.has(name)) return true
  const prefix = `${name}.`
  return catalogue.list().some((q) => q.name.startsWith(prefix))
}

function segmentMatcher(pattern: string): (key: string) => boolean {
  if (!pattern.includes('*')) return (key) => key === pattern
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  )
  return (key) => re.test(key)
}

type Node = Record<string, unknown>

/** Copies the values at `segments` from source into target, keeping the nesting (lists mapped). */
function pick(source: unknown, segments: string[], target: Node | undefined): unknown {
  if (segments.length === 0) return source
  if (Array.isArray(source)) {
    const existing = Array.isArray(target) ? (target as unknown[]) : []
    return source.map((item, i) => pick(item, segments, existing[i] as Node | undefined))
  }
  if (source === null || typeof source !== 'object') return undefined
  const [head = '', ...rest] = segments
  const out: Node = target && typeof target === 'object' && !Array.isArray(target) ? target : {}
  const match = segmentMatcher(head)
  for (const [key, value] of Object.entries(source as Node)) {
    if (!match(key) || value === undefined) continue
    const picked = pick(value, rest, out[key] as Node | undefined)
    if (picked !== undefined) out[key] = picked
  }
  return out
}

/** Removes the values at `segments`, copying only the objects on the way (shared parts stay intact). */
function drop(source: unknown, segments: string[]): unknown {
  if (segments.length === 0) return undefined
  if (Array.isArray(source)) return source.map((item: unknown) => drop(item, segments))
  if (source === null || typeof source !== 'object') return source
  const [head = '', ...rest] = segments
  const match = segmentMatcher(head)
  const out: Node = {}
  for (const [key, value] of Object.entries(source as Node)) {
    if (!match(key)) out[key] = value
    else if (rest.length > 0) out[key] = drop(value, rest)
  }
  return out
}

/** The parts of `full` (a whole output document) that `required` asks for. */
export function projectRequired(
  full: Record<string, unknown>,
  required: MetadataRequired | undefined,
  orderBy?: string,
): Record<string, unknown> {
  let out = full
  if (required?.include) {
    const include =
      orderBy && !required.include.includes(orderBy)
        ? [...required.include, orderBy]
        : required.include
    const picked: Node = {}
    for (const path of include) pick(out, path.split('.'), picked)
    out = picked
  }
  if (required?.exclude) {
    for (const path of required.exclude) {
      if (path === 'entry_id') continue
      out = drop(out, path.split('.')) as Node
    }
  }
  return out
}
