import { z } from 'zod'
import type { RefSegment } from '../../../shared/archive/references'

/** As archivePathSchema, but indices may count from the end (-1: the last item). */
const refPathSchema = z.array(z.union([z.string().min(1).max(300), z.number().int()])).max(64)

const IDENTIFIER = /^\.([A-Za-z_]\w*)/
const INDEX = /^\[(-?(?:0|[1-9]\d*))\]/
/** A JSON string in brackets, as jsonPathOf writes keys that are not identifiers. */
const QUOTED = /^\[("(?:[^"\\]|\\.)*")\]/

/**
 * Reads a JSON path as jsonPathOf writes it ($.run[0]["a b"]) back into an archive path: the
 * inverse used by #/archive links. Negative indices (`$.run[0].system[-1]`) count from the end of
 * their list, as references do; the viewer resolves them once it knows the list's length.
 * Anything else is undefined, never an exception.
 */
export function parseJsonPath(text: string): RefSegment[] | undefined {
  if (!text.startsWith('$')) return undefined
  const path: RefSegment[] = []
  let rest = text.slice(1)
  while (rest !== '') {
    const identifier = IDENTIFIER.exec(rest)
    const index = identifier ? null : INDEX.exec(rest)
    const quoted = identifier || index ? null : QUOTED.exec(rest)
    const match = identifier ?? index ?? quoted
    if (!match?.[1]) return undefined
    if (identifier) path.push(match[1])
    else if (index) path.push(Number(match[1]))
    else {
      const key = parseQuoted(match[1])
      if (key === undefined) return undefined
      path.push(key)
    }
    rest = rest.slice(match[0].length)
  }
  const checked = refPathSchema.safeParse(path)
  return checked.success ? checked.data : undefined
}

function parseQuoted(json: string): string | undefined {
  try {
    const value: unknown = JSON.parse(json)
    return typeof value === 'string' ? value : undefined
  } catch {
    return undefined
  }
}
