/**
 * Reads the JSON view's text as a query: JSON syntax first, then the server's own rules
 * (normalizeQuery with the server's catalogue). Errors say where: a line and column for syntax,
 * the field's path and line for rule violations.
 */
import type { JsonObject } from '../../../../shared/api/json'
import {
  normalizeQuery,
  QueryValidationError,
  type QuantityCatalogue,
} from '../../../../shared/query'

export interface JsonProblem {
  message: string
  /** 1-based line of the problem in the text, when it can be placed. */
  line?: number
  column?: number
  /** The query path the server would report, e.g. ['results.material.elemets']. */
  path?: (string | number)[]
}

export type JsonCheck = { ok: true; query: JsonObject } | { ok: false; problem: JsonProblem }

export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(position, text.length)))
  const lines = before.split('\n')
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 }
}

/**
 * The line where a key is written, for pointing at a path from a 422. The server names inner
 * objects by their joined path ("q.any" for {"q": {"any": …}}), so shorter prefixes and the last
 * part are tried too.
 */
function lineOf(text: string, token: string): number | undefined {
  const parts = token.split('.')
  const candidates = parts.map((_, i) => parts.slice(0, parts.length - i).join('.'))
  candidates.push(parts[parts.length - 1] ?? token)
  for (const candidate of candidates) {
    const index = text.indexOf(JSON.stringify(candidate))
    if (index >= 0) return lineAndColumn(text, index).line
  }
  return undefined
}

export function checkQueryText(text: string, catalogue: QuantityCatalogue): JsonCheck {
  let value: unknown
  try {
    value = JSON.parse(text) as unknown
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const position = /position (\d+)/.exec(message)?.[1]
    const where =
      position === undefined
        ? // "Unexpected end of JSON input": the problem is at the end.
          lineAndColumn(text, text.length)
        : lineAndColumn(text, Number(position))
    const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '')
    return {
      ok: false,
      problem: {
        message: `Not valid JSON at line ${where.line}, column ${where.column}: ${reason}`,
        ...where,
      },
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return {
      ok: false,
      problem: {
        message: 'A query is a JSON object: {"quantity": value, …}, or {} for everything.',
        line: 1,
      },
    }
  try {
    normalizeQuery(value, catalogue)
  } catch (error) {
    if (!(error instanceof QueryValidationError)) throw error
    const item = error.items[0]
    const flat = (item?.loc ?? []).flat()
    const path = flat.filter((p) => p !== 'body' && p !== 'query')
    const last = [...path].reverse().find((p): p is string => typeof p === 'string')
    const line = last === undefined ? undefined : lineOf(text, last)
    return {
      ok: false,
      problem: {
        message: `${path.length > 0 ? `${path.join(' › ')}: ` : ''}${item?.msg ?? error.message}`,
        path,
        ...(line === undefined ? {} : { line }),
      },
    }
  }
  return { ok: true, query: value as JsonObject }
}
