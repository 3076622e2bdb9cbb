import { z } from 'zod'

// Error bodies of the real server (nomad-api-facts §7, nomad-pat-facts §1.7, §4) and one
// readable sentence for each, for messages such as "The server refused: <detail>".

/** A FastAPI `loc` element. Search-level validation nests the path: `[["pagination","order_by"]]`. */
export type LocPart = string | number | LocPart[]
export const locPart: z.ZodType<LocPart> = z.lazy(() =>
  z.union([z.string(), z.number(), z.array(locPart)]),
)

/** One FastAPI validation problem. Hand-made 422s carry only `loc` and `msg`. */
export const validationItem = z.looseObject({
  loc: z.array(locPart),
  msg: z.string(),
  type: z.string().optional(),
  ctx: z.unknown().optional(),
  input: z.unknown().optional(),
})
export type ValidationItem = z.infer<typeof validationItem>

/** 400/401/403/404/409 and most others: `{"detail": "<text>"}` (text may contain newlines). */
export const detailErrorBody = z.looseObject({ detail: z.string() })
/** 422 request validation. */
export const validationErrorBody = z.looseObject({ detail: z.array(validationItem) })
/** 500 from the v1 exception handler; the traceback is for bug reports, never for the UI. */
export const serverExceptionBody = z.looseObject({
  detail: z.looseObject({
    reason: z.string(),
    exception: z.string().optional(),
    exception_class: z.string().optional(),
    exception_traceback: z.string().optional(),
  }),
})
export const errorBody = z.union([detailErrorBody, validationErrorBody, serverExceptionBody])
export type ErrorBody = z.infer<typeof errorBody>

export interface ErrorBodyDescription {
  /** One line, whitespace collapsed, capped; safe to show as is. */
  detail: string
  /** The 422 items, for forms that mark the offending field. */
  items?: ValidationItem[]
}

const MAX_DETAIL_LENGTH = 400
const MAX_ITEMS_SHOWN = 3
const NO_DETAILS = 'The server gave no details.'
// FastAPI puts where a value came from first; users know the field, not the transport.
const LOC_SOURCES = new Set(['body', 'query', 'path', 'header', 'cookie'])

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > MAX_DETAIL_LENGTH ? `${flat.slice(0, MAX_DETAIL_LENGTH - 1)}…` : flat
}

function flattenLoc(loc: readonly LocPart[]): (string | number)[] {
  return loc.flatMap((part) => (Array.isArray(part) ? flattenLoc(part) : [part]))
}

/**
 * A 422 `loc` as a field path: nested arrays flattened, the leading source ("body", "query")
 * and "__root__" dropped, numbers as indices: ["body","pagination","page_size"] →
 * "pagination.page_size"; [["optimade_filter"]] → "optimade_filter".
 */
export function formatLoc(loc: readonly LocPart[]): string {
  const parts = flattenLoc(loc).filter((part) => part !== '__root__')
  const first = parts[0]
  if (parts.length > 1 && typeof first === 'string' && LOC_SOURCES.has(first)) parts.shift()
  return parts
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`,
    )
    .join('')
}

function describeItem(item: ValidationItem): string {
  const field = formatLoc(item.loc)
  return field === '' ? item.msg : `${field}: ${item.msg}`
}

function describeText(text: string): string {
  // Proxies (nginx 502/503/504) answer with HTML; its title is the only readable part.
  const title =
    /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1] ?? /<h1[^>]*>([^<]*)<\/h1>/i.exec(text)?.[1]
  const plain = oneLine(title ?? text.replace(/<[^>]*>/g, ' '))
  return plain === '' ? NO_DETAILS : plain
}

function parseJsonContainer(text: string): unknown {
  const trimmed = text.trim()
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined
  try {
    return JSON.parse(trimmed) as unknown
  } catch {
    return undefined
  }
}

/**
 * One readable sentence for any error body: a parsed JSON value, or the raw text when it was not
 * JSON (HTML from a proxy, plain text). Never includes a server traceback.
 */
export function describeErrorBody(body: unknown): ErrorBodyDescription {
  if (typeof body === 'string') {
    const parsed = parseJsonContainer(body)
    return parsed === undefined ? { detail: describeText(body) } : describeErrorBody(parsed)
  }
  const plain = detailErrorBody.safeParse(body)
  if (plain.success) return { detail: oneLine(plain.data.detail) || NO_DETAILS }
  const validation = validationErrorBody.safeParse(body)
  if (validation.success) {
    const items = validation.data.detail
    if (items.length === 0) return { detail: 'The server did not accept the request.', items }
    const shown = items.slice(0, MAX_ITEMS_SHOWN).map(describeItem)
    const more = items.length - shown.length
    const suffix = more > 0 ? ` (and ${more} more)` : ''
    return { detail: oneLine(`${shown.join('; ')}${suffix}`), items }
  }
  const crash = serverExceptionBody.safeParse(body)
  if (crash.success) {
    const { reason, exception, exception_class: exceptionClass } = crash.data.detail
    const cause = [exceptionClass, exception].filter((part) => part).join(': ')
    return { detail: oneLine(cause ? `${reason}: ${cause}` : reason) }
  }
  if (body === null || body === undefined) return { detail: NO_DETAILS }
  if (typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return { detail: oneLine(body.message) || NO_DETAILS }
  }
  return { detail: oneLine(`The server answered: ${JSON.stringify(body)}`) }
}

const MISSING_SCOPES = /missing scopes?\s*:/i
// Scope names are resource:action in lower case. The enum form also contains "Scope.X: '…'",
// which this cannot match (upper case, and a space after the colon).
const SCOPE_NAME = /\b[a-z][a-z0-9_]*:[a-z][a-z0-9_]*\b/g

/**
 * The scope names in a 403 "Missing scopes: [...]" detail, in order and without duplicates.
 * Works for the enum rendering (`[<Scope.TOKENS_CREATE: 'tokens:create'>]`) and the plain list
 * (`['uploads:write']`); returns [] when the detail is about something else.
 */
export function extractMissingScopes(detail: string): string[] {
  const marker = MISSING_SCOPES.exec(detail)
  if (!marker) return []
  const rest = detail.slice(marker.index + marker[0].length)
  return [...new Set(rest.match(SCOPE_NAME) ?? [])]
}
