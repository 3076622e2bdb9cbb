/**
 * Bounds on untrusted JSON-like values, checked by an iterative walk before any recursive code
 * (zod's recursive schemas, the query normaliser, JSON.stringify) sees the value: a value nested
 * a few thousand levels deep overflows the stack of recursive code, and a RangeError there is
 * not an answer.
 */

/** Any input of an IPC call: far deeper than any real one (queries stay below 32). */
export const INPUT_MAX_DEPTH = 64

/**
 * A search query at a server (the sandbox): depth in nested objects and arrays, and size of its
 * JSON text indented by two spaces per level, as the server echoes it.
 */
export const QUERY_MAX_DEPTH = 32
export const QUERY_MAX_CHARS = 1_000_000

export interface JsonBounds {
  maxDepth: number
  /** Characters of the value's JSON text; unchecked when absent. */
  maxChars?: number
  /**
   * Counts the text as indented by this many spaces per level (the server echoes queries that
   * way), so the limit also bounds the echo; 0 (default) counts compact JSON.
   */
  indent?: number
  /** What the value is called in messages: "The query", "The input". */
  label: string
  /** Keys that are refused wherever they appear (prototype names, for instance). */
  forbiddenKeys?: readonly string[]
}

export interface BoundsProblem {
  kind: 'depth' | 'size' | 'lone_surrogate' | 'forbidden_key'
  message: string
  path: (string | number)[]
}

/** Keys that would reach an object's prototype or its constructor when used as a lookup. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** True when the text holds a UTF-16 surrogate without its pair (not representable in UTF-8). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text)
}

function describePath(path: readonly (string | number)[]): string {
  return path.length === 0 ? '' : ` at ${path.join('.')}`
}

/**
 * The first way `value` breaks `bounds`, or null. Walks with an explicit stack (never
 * recursion), counts characters as it goes and stops at the first problem, so its own cost is
 * bounded by the limits rather than by the input. Strings are checked for lone surrogates.
 */
export function checkJsonBounds(value: unknown, bounds: JsonBounds): BoundsProblem | null {
  const forbidden = new Set(bounds.forbiddenKeys ?? [])
  const maxChars = bounds.maxChars ?? Infinity
  const indent = bounds.indent ?? 0
  const stack: { value: unknown; depth: number; path: (string | number)[] }[] = [
    { value, depth: 0, path: [] },
  ]
  let chars = 0
  while (stack.length > 0) {
    const item = stack.pop()
    if (!item) break
    const current = item.value
    // Each value starts a line of the indented text.
    if (indent > 0) chars += 1 + indent * item.depth
    if (typeof current === 'string') {
      chars += current.length + 2
      if (hasLoneSurrogate(current))
        return {
          kind: 'lone_surrogate',
          message: `${bounds.label} holds text with an unpaired UTF-16 surrogate${describePath(item.path)}.`,
          path: item.path,
        }
    } else if (typeof current === 'object' && current !== null) {
      if (item.depth >= bounds.maxDepth)
        return {
          kind: 'depth',
          message: `${bounds.label} is nested deeper than the limit of ${bounds.maxDepth} levels${describePath(item.path.slice(0, 8))}….`,
          path: item.path.slice(0, 8),
        }
      chars += 2
      if (Array.isArray(current)) {
        for (let i = current.length - 1; i >= 0; i--)
          stack.push({ value: current[i], depth: item.depth + 1, path: [...item.path, i] })
        chars += current.length
      } else {
        for (const key of Object.keys(current)) {
          if (forbidden.has(key))
            return {
              kind: 'forbidden_key',
              message: `${bounds.label} uses the reserved key “${key}”${describePath(item.path)}; it names no quantity or operator and is refused because it would reach JavaScript object internals.`,
              path: [...item.path, key],
            }
          if (hasLoneSurrogate(key))
            return {
              kind: 'lone_surrogate',
              message: `${bounds.label} has a key with an unpaired UTF-16 surrogate${describePath(item.path)}.`,
              path: item.path,
            }
          chars += key.length + 4
          stack.push({
            value: (current as Record<string, unknown>)[key],
            depth: item.depth + 1,
            path: [...item.path, key],
          })
        }
      }
    } else {
      chars += 5
    }
    if (chars > maxChars)
      return {
        kind: 'size',
        message: `${bounds.label} is larger than the limit of ${maxChars.toLocaleString('en')} characters.`,
        path: [],
      }
  }
  return null
}
