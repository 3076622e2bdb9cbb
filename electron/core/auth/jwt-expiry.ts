import { z } from 'zod'

/** When no expiry can be read from the token, assume this (Keycloak's shortest usual lifetime). */
export const FALLBACK_LIFETIME_MS = 5 * 60 * 1000

const claims = z.looseObject({ exp: z.number().finite().positive() })

/**
 * The expiry of an access token, read from its JWT `exp` claim without verifying the signature:
 * the server verifies; the app only wants to know when to stop using it and ask again. Tokens
 * that are not JWTs, or carry no readable exp, get now + 5 minutes.
 */
export function accessTokenExpiry(token: string, now: number): number {
  const payload = token.split('.')[1]
  if (payload === undefined) return now + FALLBACK_LIFETIME_MS
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    const parsed = claims.safeParse(json)
    if (parsed.success) return parsed.data.exp * 1000
  } catch {
    // not JSON: fall through
  }
  return now + FALLBACK_LIFETIME_MS
}
