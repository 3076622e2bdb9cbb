import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/**
 * The web host's gatekeeping, applied to every HTTP request and WebSocket upgrade:
 * - Host must name this server on loopback (127.0.0.1:<port> or localhost:<port>): blocks DNS
 *   rebinding, where a foreign site's name resolves to 127.0.0.1.
 * - Origin, when a browser sends one, must be this same origin: blocks other local pages and
 *   websites from driving the API (for WebSockets the Origin is required).
 * - The session token (random, 32 bytes) must be presented, as ?token= on first load (which
 *   sets an HttpOnly, SameSite=Strict cookie) or as that cookie afterwards.
 */
export interface GuardConfig {
  port: number
  token: string
}

export type GuardResult =
  { ok: true; host: string } | { ok: false; status: 401 | 403; reason: string }

/** The cookie name carries the port: browsers share cookies across ports of one host. */
export const cookieName = (port: number) => `nomad_session_${port}`

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`]
}

/** Compares tokens in constant time (hashing first makes the lengths equal). */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim()
  }
  return undefined
}

/** Checks Host and Origin. `requireOrigin` is set for WebSocket upgrades. */
export function checkHostAndOrigin(
  req: Pick<IncomingMessage, 'headers'>,
  config: GuardConfig,
  requireOrigin: boolean,
): GuardResult {
  const host = req.headers.host?.toLowerCase()
  if (!host || !allowedHosts(config.port).includes(host))
    return { ok: false, status: 403, reason: `unexpected Host header “${host ?? ''}”` }
  const origin = req.headers.origin
  if (origin === undefined) {
    if (requireOrigin) return { ok: false, status: 403, reason: 'missing Origin header' }
  } else if (origin.toLowerCase() !== `http://${host}`) {
    return { ok: false, status: 403, reason: `foreign Origin “${origin}”` }
  }
  return { ok: true, host }
}

/** Where the request carries the token: the query (first load, WebSocket) or the cookie. */
export function presentedToken(
  req: Pick<IncomingMessage, 'headers'>,
  url: URL,
  config: GuardConfig,
): { source: 'query' | 'cookie' | 'none'; valid: boolean } {
  const fromQuery = url.searchParams.get('token')
  if (fromQuery !== null) return { source: 'query', valid: tokensEqual(fromQuery, config.token) }
  const fromCookie = readCookie(req.headers.cookie, cookieName(config.port))
  if (fromCookie !== undefined)
    return { source: 'cookie', valid: tokensEqual(fromCookie, config.token) }
  return { source: 'none', valid: false }
}
