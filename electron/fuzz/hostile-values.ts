import fc from 'fast-check'
import type { z } from 'zod'

/**
 * Hostile JSON values for the fuzz suite, described as small records and rendered to JSON text
 * only when sent: a shrunk counterexample then prints as `{kind: 'deepObject', depth: 2000}`
 * rather than as 12 KB of braces, and `__proto__` keys survive (a JS object literal would turn
 * them into a prototype instead of a member).
 */
export type Hostile =
  | { kind: 'deepObject'; depth: number }
  | { kind: 'deepArray'; depth: number }
  | { kind: 'json'; value: unknown }
  | { kind: 'loneSurrogate'; text: string; high: boolean }
  | { kind: 'protoKeys'; key: '__proto__' | 'constructor' | 'prototype' | 'toString' }
  | { kind: 'bigString'; length: number }
  | { kind: 'number'; text: string }
  | { kind: 'wideArray'; length: number }

/** Fixed seed in CI (reproducible); FUZZ_SEED and FUZZ_RUNS widen a local run. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261124)
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 12)

export function fuzzParameters(runs = FUZZ_RUNS): fc.Parameters<unknown> {
  return { seed: FUZZ_SEED, numRuns: runs, verbose: 1 }
}

export function render(value: Hostile): string {
  switch (value.kind) {
    case 'deepObject':
      return '{"query":'.repeat(value.depth) + '1' + '}'.repeat(value.depth)
    case 'deepArray':
      return '['.repeat(value.depth) + ']'.repeat(value.depth)
    case 'json':
      return JSON.stringify(value.value) ?? 'null'
    case 'loneSurrogate':
      // JSON escapes decode to a lone UTF-16 surrogate, which no valid UTF-8 text can carry.
      return JSON.stringify(value.text + (value.high ? '\ud800' : '\udc00') + value.text)
    case 'protoKeys':
      return `{"${value.key}":{"polluted":true,"prototype":{"polluted":true}},"name":"x"}`
    case 'bigString':
      return JSON.stringify('x'.repeat(value.length))
    case 'number':
      return value.text
    case 'wideArray':
      return '[' + Array.from({ length: value.length }, () => '{"and":[]}').join(',') + ']'
  }
}

export const hostileValue: fc.Arbitrary<Hostile> = fc.oneof(
  fc.record({
    kind: fc.constant('deepObject' as const),
    depth: fc.integer({ min: 50, max: 5000 }),
  }),
  fc.record({ kind: fc.constant('deepArray' as const), depth: fc.integer({ min: 50, max: 5000 }) }),
  fc.record({ kind: fc.constant('json' as const), value: fc.jsonValue({ maxDepth: 4 }) }),
  fc.record({
    kind: fc.constant('loneSurrogate' as const),
    text: fc.string({ maxLength: 8 }),
    high: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('protoKeys' as const),
    key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString'),
  }),
  fc.record({
    kind: fc.constant('bigString' as const),
    length: fc.integer({ min: 1000, max: 200_000 }),
  }),
  fc.record({
    kind: fc.constant('number' as const),
    text: fc.constantFrom('1e309', '-1e309', '-0', '1e-400', '9007199254740993', '0.1e1', '-1'),
  }),
  fc.record({
    kind: fc.constant('wideArray' as const),
    length: fc.integer({ min: 100, max: 20_000 }),
  }),
)

/** Keys a caller may add beside the known ones. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'then', ''),
  fc.string({ maxLength: 12 }),
)

/** One generated input: some known paths set to hostile values, plus unknown keys. */
export interface HostileInput {
  at: { path: readonly string[]; value: Hostile }[]
  extra: { key: string; value: Hostile }[]
  /** Sends a non-object as the whole input instead. */
  whole: Hostile | null
}

export function hostileInput(paths: readonly (readonly string[])[]): fc.Arbitrary<HostileInput> {
  const path = paths.length > 0 ? fc.constantFrom(...paths) : fc.constant<readonly string[]>([])
  return fc.record({
    at: fc.array(fc.record({ path, value: hostileValue }), { maxLength: 3 }),
    extra: fc.array(fc.record({ key: hostileKey, value: hostileValue }), { maxLength: 2 }),
    whole: fc.option(hostileValue, { freq: 6 }),
  })
}

const SLOT = (index: number) => `\u0000hostile-${index}\u0000`

/** Renders an input to JSON text; the hostile parts are spliced in as raw text. */
export function renderInput(input: HostileInput): string {
  if (input.whole) return render(input.whole)
  const root: Record<string, unknown> = {}
  const parts: Hostile[] = []
  for (const { path, value } of input.at) {
    if (path.length === 0) continue
    let node = root
    for (const key of path.slice(0, -1)) {
      const child = Object.hasOwn(node, key) ? node[key] : undefined
      if (typeof child === 'object' && child !== null) node = child as Record<string, unknown>
      else {
        const created: Record<string, unknown> = {}
        Object.defineProperty(node, key, { value: created, enumerable: true, writable: true })
        node = created
      }
    }
    parts.push(value)
    Object.defineProperty(node, path[path.length - 1] ?? '', {
      value: SLOT(parts.length - 1),
      enumerable: true,
      writable: true,
    })
  }
  let text = JSON.stringify(root)
  const extra = input.extra.map(({ key, value }) => `${JSON.stringify(key)}:${render(value)}`)
  if (extra.length > 0)
    text = text === '{}' ? `{${extra.join(',')}}` : `{${extra.join(',')},${text.slice(1)}`
  return parts.reduce(
    (out, value, index) => out.replace(JSON.stringify(SLOT(index)), () => render(value)),
    text,
  )
}

/** Zod internals we read to find a schema's object paths (zod 4 keeps them on `_zod.def`). */
interface SchemaDef {
  type: string
  shape?: Record<string, z.ZodType>
  innerType?: z.ZodType
  in?: z.ZodType
  element?: z.ZodType
  options?: z.ZodType[]
}

function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def
}

/**
 * Every object path in a schema down to `maxDepth` (e.g. ['search', 'query']), so a hostile
 * value lands at each place a handler reads, including nested ones, for channels that exist
 * today and those added later.
 */
export function schemaPaths(schema: z.ZodType, maxDepth = 3, prefix: string[] = []): string[][] {
  if (prefix.length >= maxDepth) return []
  const def = defOf(schema)
  const inner = def.innerType ?? def.in
  if (inner) return schemaPaths(inner, maxDepth, prefix)
  if (def.type === 'array' && def.element)
    return schemaPaths(def.element, maxDepth, [...prefix, '0'])
  if (def.type === 'union' && def.options)
    return def.options.flatMap((option) => schemaPaths(option, maxDepth, prefix))
  if (def.type !== 'object' || !def.shape) return []
  return Object.entries(def.shape).flatMap(([key, child]) => [
    [...prefix, key],
    ...schemaPaths(child, maxDepth, [...prefix, key]),
  ])
}
