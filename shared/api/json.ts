import { z } from 'zod'

export type JsonPrimitive = string | number | boolean | null
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue }
export type JsonObject = { [key: string]: JsonValue }

/**
 * Any JSON value, checked all the way down. Use it only for small echoes (queries, `required`
 * specs): it walks every node, so it would dominate the cost of decoding a big archive.
 */
export const jsonValue: z.ZodType<JsonValue> = z.json()

/** A JSON object checked all the way down (small echoes such as the uploads query). */
export const jsonObject: z.ZodType<JsonObject> = z.record(z.string(), jsonValue)

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
