import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Minimal HS256 JSON Web Tokens on node:crypto, enough for the sandbox's own access tokens
 * (standing in for Keycloak) and NOMAD's "simple" app/signature tokens. Header as PyJWT writes it.
 */
export type JwtPayload = Record<string, unknown>

export type JwtCheck =
  | { ok: true; payload: JwtPayload }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' }

const HEADER = base64url(Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })))

function base64url(data: Buffer): string {
  return data.toString('base64url')
}

function sign(input: string, secret: Buffer): Buffer {
  return createHmac('sha256', secret).update(input).digest()
}

export function signJwt(payload: JwtPayload, secret: Buffer): string {
  const body = `${HEADER}.${base64url(Buffer.from(JSON.stringify(payload)))}`
  return `${body}.${base64url(sign(body, secret))}`
}

function decodeSegment(segment: string): unknown {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) throw new Error('not base64url')
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The payload without checking the signature (how the server tells token kinds apart). */
export function decodeJwtUnverified(token: string): JwtPayload | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  try {
    const header = decodeSegment(parts[0] ?? '')
    const payload = decodeSegment(parts[1] ?? '')
    return isObject(header) && isObject(payload) ? payload : null
  } catch {
    return null
  }
}

/**
 * Verifies signature, algorithm and `exp` like PyJWT: a token is expired once `exp <= now`;
 * a non-numeric `exp` makes the token malformed.
 */
export function verifyJwt(token: string, secret: Buffer, nowMs: number): JwtCheck {
  const parts = token.split('.')
  if (parts.length !== 3) return { ok: false, reason: 'malformed' }
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts
  let header: unknown
  let payload: unknown
  try {
    header = decodeSegment(headerPart)
    payload = decodeSegment(payloadPart)
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  if (!isObject(header) || !isObject(payload)) return { ok: false, reason: 'malformed' }
  if (header.alg !== 'HS256' || !/^[A-Za-z0-9_-]*$/.test(signaturePart)) {
    return { ok: false, reason: 'bad-signature' }
  }
  const expected = sign(`${headerPart}.${payloadPart}`, secret)
  const given = Buffer.from(signaturePart, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad-signature' }
  }
  if ('exp' in payload) {
    if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) {
      return { ok: false, reason: 'malformed' }
    }
    if (payload.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' }
  }
  return { ok: true, payload }
}
