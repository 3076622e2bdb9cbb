import { z } from 'zod'
import { checkJsonBounds, INPUT_MAX_DEPTH, type JsonBounds } from './json-bounds'

export type JsonPrimitive = string | number | boolean | null
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue }
export type JsonObject = { [key: string]: JsonValue }

/**
 * Any value whose bounds (depth, size, keys, well-formed text) hold, checked iteratively; the
 * issue carries the limit's message and where it broke. The schemas below run it before zod's
 * recursive JSON schema, which would overflow the stack on a value nested thousands deep.
 */
export function withinBounds(bounds: JsonBounds) {
  return z.unknown().superRefine((value, ctx) => {
    const problem = checkJsonBounds(value, bounds)
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path })
  })
}

const defaultBounds: JsonBounds = {
  maxDepth: INPUT_MAX_DEPTH,
  label: 'The value',
  forbiddenKeys: ['__proto__'],
}

/** A JSON value within `bounds`, checked all the way down. */
export function boundedJsonValue(bounds: JsonBounds): z.ZodType<JsonValue> {
  return withinBounds(bounds).pipe(z.json())
}

/** A JSON object within `bounds`, checked all the way down. */
export function boundedJsonObject(bounds: JsonBounds): z.ZodType<JsonObject> {
  return withinBounds(bounds).pipe(z.record(z.string(), z.json()))
}

/**
 * Any JSON value, checked all the way down. Use it only for small echoes (queries, `required`
 * specs): it walks every node, so it would dominate the cost of decoding a big archive.
 */
export const jsonValue: z.ZodType<JsonValue> = boundedJsonValue(defaultBounds)

/** A JSON object checked all the way down (small echoes such as the uploads query). */
export const jsonObject: z.ZodType<JsonObject> = boundedJsonObject(defaultBounds)

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A JSON object whose contents are not inspected. Bodies reach the decoders from JSON.parse, so
 * everything below the top level is JSON by construction; checking an archive of millions of
 * nodes would cost far more than it could catch. The message is phrased "should be …" so the
 * issue formatter can append what was found instead.
 */
export const opaqueJsonObject = z.custom<JsonObject>(isPlainObject, {
  error: 'should be an object',
})
