import type { HttpRequest } from './http-request'

/**
 * Redirects are followed by hand, not by undici's interceptor, because each hop must decide
 * what may travel with it: undici resends a body on 301/302 and, for an Authorization header,
 * would still follow a hop from https to plain http on the same host name. These are the rules.
 */

// Three hops cover NOMAD's trailing-slash redirects (/datasets → /datasets/) and an Oasis
// behind a login proxy.
export const MAX_REDIRECTS = 3

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
/** Headers that identify the user; they never leave the origin they were meant for. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization']
const BODY_HEADERS = ['content-type', 'content-length']

export type RedirectPlan =
  | { kind: 'none' }
  | { kind: 'follow'; request: HttpRequest; carriesCredentials: boolean }
  | { kind: 'refuse'; target: string; reason: string }

/** What to do with an answer of `status` and `location` to `current`. */
export function planRedirect(
  current: HttpRequest,
  status: number,
  location: string | undefined,
): RedirectPlan {
  if (!REDIRECT_STATUSES.has(status) || location === undefined || location === '')
    return { kind: 'none' }
  const from = new URL(current.url)
  let to: URL
  try {
    to = new URL(location, from)
  } catch {
    return { kind: 'refuse', target: location, reason: 'that address is not valid' }
  }
  const target = `${to.origin}${to.pathname}`
  if (to.protocol !== 'https:' && to.protocol !== 'http:')
    return { kind: 'refuse', target, reason: `the app only talks http and https` }
  const sameOrigin = to.origin === from.origin
  const hasBody = current.body !== undefined

  let method = current.method
  let keepBody = hasBody
  if (status === 303) {
    // "See other": fetch the answer with GET; the body was meant for the first address only.
    method = 'GET'
    keepBody = false
  } else if (hasBody && (status === 301 || status === 302)) {
    // Clients disagree whether 301/302 repeat a POST or turn it into a GET; either would be a
    // guess about a request that may already have done something (or carried a password).
    return {
      kind: 'refuse',
      target,
      reason: `the request body would have to be sent again, which the app never does after HTTP ${status}`,
    }
  } else if (hasBody && !sameOrigin) {
    // 307/308 require the same body, and a body (a sign-in form, a query) belongs to its origin.
    return { kind: 'refuse', target, reason: 'the request body would go to another server' }
  }

  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(current.headers)) {
    const lower = name.toLowerCase()
    if (!sameOrigin && CREDENTIAL_HEADERS.includes(lower)) continue
    if (!keepBody && BODY_HEADERS.includes(lower)) continue
    headers[name] = value
  }
  const request: HttpRequest = { method, url: to.href, headers }
  if (keepBody && current.body !== undefined) request.body = current.body
  const carriesCredentials = Object.keys(headers).some((name) =>
    CREDENTIAL_HEADERS.includes(name.toLowerCase()),
  )
  return { kind: 'follow', request, carriesCredentials }
}
