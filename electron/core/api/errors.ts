import { describeErrorBody, extractMissingScopes, type LocPart } from '../../../shared/api'
import { AppError, type ErrorDetails } from '../../../shared/errors'
import { BodyIdleTimeoutError } from '../network/scheduler'
import type { Credential } from './credentials'

/**
 * Server answers and network failures → the closed codes of shared/errors, with messages that
 * say what happened in the server's own words (docs/network.md, "Error mapping").
 */

/** What a mapper needs to know about the request that failed. */
export interface FailedRequest {
  /** "GET /entries/abc": how messages name the request. */
  what: string
  /** host[:port] of the server. */
  host: string
  credential: Credential | undefined
}

// 400/422 texts that name one of NOMAD's limits (nomad-api-facts §2.4, §7; nomad-pat-facts):
// page size, the 10 000 window ("10.000 entries"), entries per download, token lifetime and
// count, "Page out of range", unpublished uploads per user.
const LIMIT_TEXT =
  /\bmaxim(um|al)\b|\bmax\.? |\blimit(ed|s)?\b|exceed|\bout of range\b|\b10[.,]0{3,4}\b|less than or equal/i

// NOMAD answers 401 not only for a missing or refused credential but also when a valid one lacks
// a permission (nomad-api-facts §2.1, §5, §6): another user's upload or group, owner=admin,
// owner=all on downloads, an action on a published upload. Those are refusals of the action, not
// of the token; signing in again would not help, and the token must not be marked as refused.
const PERMISSION_401_TEXT =
  /\bdo(es)? not have (\w+ )?access\b|\bnot authorized to\b|\bcan only be used by the admin\b|\bowner=all is not allowed\b|\balready published, (only admins|operation not possible)\b/i

/** True for a 401 that refuses the credential itself (not one that refuses a permission). */
export function refusesCredential(error: AppError): boolean {
  return error.code === 'auth_required' && error.details?.status === 401
}

/** The items of a 422 `loc` as a field path: sources ("body", "query") and __root__ dropped. */
export function locToPath(loc: readonly LocPart[]): (string | number)[] {
  const flat = (parts: readonly LocPart[]): (string | number)[] =>
    parts.flatMap((part) => (Array.isArray(part) ? flat(part) : [part]))
  const parts = flat(loc).filter((part) => part !== '__root__')
  const first = parts[0]
  if (parts.length > 1 && ['body', 'query', 'path', 'header', 'cookie'].includes(String(first)))
    parts.shift()
  return parts
}

function tokenName(credential: Credential | undefined): string {
  if (credential === undefined) return 'this request'
  if (credential.label !== undefined && credential.label !== '')
    return `the token '${credential.label}'`
  return credential.kind === 'access-token' ? 'your sign-in session' : 'your token'
}

function scopeSentence(scopes: string[], credential: Credential | undefined): string {
  const names = scopes.join(', ')
  const noun = scopes.length === 1 ? 'the scope' : 'the scopes'
  if (credential === undefined)
    return `This needs ${noun} ${names}. Sign in or choose a token that has ${scopes.length === 1 ? 'it' : 'them'}.`
  return `This needs ${noun} ${names}, which ${tokenName(credential)} does not have.`
}

/**
 * Maps a non-2xx answer (other than an exhausted throttle, which the scheduler reports) to an
 * AppError. `text` is the (possibly truncated) body as received.
 */
export function httpError(status: number, text: string, request: FailedRequest): AppError {
  const { detail, items } = describeErrorBody(text)
  const base: ErrorDetails = { status, serverMessage: detail }
  if (status === 401 && PERMISSION_401_TEXT.test(detail))
    return new AppError('forbidden', `${request.host} refused ${request.what}: ${detail}`, base)
  if (status === 401) {
    const who =
      request.credential === undefined
        ? 'This needs you to sign in'
        : `${request.host} did not accept ${tokenName(request.credential)}`
    return new AppError('auth_required', `${who}: ${detail}`, base)
  }
  if (status === 403) {
    const missingScopes = extractMissingScopes(detail)
    if (missingScopes.length > 0)
      return new AppError('forbidden', scopeSentence(missingScopes, request.credential), {
        ...base,
        missingScopes,
      })
    return new AppError('forbidden', `${request.host} refused ${request.what}: ${detail}`, base)
  }
  if (status === 404) return new AppError('not_found', `${request.what}: ${detail}`, base)
  if (status === 400 || status === 422) {
    const first = items?.[0]
    const details = first === undefined ? base : { ...base, path: locToPath(first.loc) }
    if (LIMIT_TEXT.test(detail))
      return new AppError('limit_exceeded', `The server's limit was reached: ${detail}`, details)
    return new AppError(
      'invalid_input',
      `The server did not accept ${request.what}: ${detail}`,
      details,
    )
  }
  if (status === 503 || status === 429)
    return new AppError('throttled', `${request.host} is limiting requests (HTTP ${status}).`, base)
  if (status >= 500)
    return new AppError(
      'server_error',
      `${request.host} reported an error (HTTP ${status}) for ${request.what}: ${detail}`,
      base,
    )
  if (status >= 300 && status < 400)
    return new AppError(
      'invalid_response',
      `${request.what} answered with a redirect (HTTP ${status}) the app could not follow.`,
      base,
    )
  return new AppError(
    'invalid_input',
    `${request.host} refused ${request.what} (HTTP ${status}): ${detail}`,
    base,
  )
}

function errorCode(error: unknown): string {
  let current: unknown = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && typeof current.code === 'string' && current.code !== '')
      return current.code
    current = (current as { cause?: unknown }).cause
  }
  return ''
}

function causeText(error: unknown): string {
  let current: unknown = error
  let text = ''
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    text = current.message
    current = current.cause
  }
  return text === '' ? String(error) : text
}

/** True when an error is a socket/DNS/TLS failure (as opposed to a bug in our code). */
export function isNetworkFailure(error: unknown): boolean {
  return errorCode(error) !== '' || error instanceof BodyIdleTimeoutError
}

/** A failed connection or transfer, naming the host and the cause (DNS, refused, reset, …). */
export function networkError(error: unknown, host: string): AppError {
  if (error instanceof BodyIdleTimeoutError) {
    const idle =
      error.idleMs >= 1000
        ? `${Math.round(error.idleMs / 1000)} s`
        : `${Math.round(error.idleMs)} ms`
    // Only silence fires the watchdog: a slow answer whose bytes keep coming meets the deadline
    // of its call instead (answer-deadline.ts), whose message says so.
    return new AppError(
      'network',
      error.started
        ? `${host} stopped sending data for ${idle}; the transfer stalled.`
        : `${host} did not start answering for ${idle} (not even the response headers arrived); the request stalled.`,
    )
  }
  const code = errorCode(error)
  const make = (message: string) => new AppError('network', message)
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return make(`Could not look up ${host} (DNS). Check the address or your internet connection.`)
    case 'ECONNREFUSED':
      return make(`${host} refused the connection. Is the server running?`)
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return make(`${host} closed the connection unexpectedly (connection reset).`)
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return make(`Connecting to ${host} timed out.`)
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return make(`${host} stopped answering (timeout).`)
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
    case 'ENETDOWN':
      return make(`No network route to ${host}. Are you offline?`)
    default:
      if (/CERT|SSL|TLS/i.test(code))
        return make(`The TLS certificate of ${host} was not accepted (${code}).`)
      return make(`Could not reach ${host}: ${causeText(error)}${code ? ` (${code})` : ''}`)
  }
}

/** Anything a request rejected with, as an AppError (AppErrors pass unchanged). */
export function toClientError(error: unknown, host: string): AppError {
  if (error instanceof AppError) return error
  if (isNetworkFailure(error)) return networkError(error, host)
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return new AppError('internal', `A request to ${host} failed inside the app: ${text}`)
}
