import { randomUUID } from 'node:crypto'
import type { SandboxContext } from '../context'
import type { SandboxUser } from '../state/types'
import { decodeJwtUnverified, signJwt, verifyJwt } from './jwt'

/**
 * The sandbox's two JWT kinds, both HS256 over ctx.tokenSecret:
 * - access tokens (POST /auth/token) stand in for Keycloak's: a Keycloak-like claim set, which
 *   matters because the server recognises a "simple token" by its payload keys being exactly
 *   {user, exp};
 * - simple tokens (app and signature tokens): payload exactly {user, exp}.
 */
export const ACCESS_TOKEN_ISSUER = 'nomad-sandbox'

/** Keycloak's one text for every invalid (also expired or non-JWT) access token. */
export const INVALID_ACCESS_TOKEN = 'Could not validate credentials. The given token is invalid.'

export type TokenCheck = { ok: true; userId: string } | { ok: false; detail: string }

const seconds = (ms: number) => Math.floor(ms / 1000)

export function issueAccessToken(ctx: SandboxContext, user: SandboxUser): string {
  const iat = seconds(ctx.now())
  return signJwt(
    {
      exp: iat + ctx.limits().accessTokenLifetimeSeconds,
      iat,
      jti: randomUUID(),
      iss: ACCESS_TOKEN_ISSUER,
      sub: user.user_id,
      typ: 'Bearer',
      azp: 'nomad_public',
      scope: 'openid profile email',
      preferred_username: user.username,
      name: user.name,
      given_name: user.first_name,
      family_name: user.last_name,
      email: user.email,
    },
    ctx.tokenSecret,
  )
}

/** An app token (expiresInSeconds as asked) or a signature token (10 s). */
export function issueSimpleToken(
  ctx: SandboxContext,
  userId: string,
  expiresInSeconds: number,
): string {
  return signJwt({ user: userId, exp: seconds(ctx.now()) + expiresInSeconds }, ctx.tokenSecret)
}

/** How the real server tells a simple token from a Keycloak one: unverified payload keys. */
export function looksLikeSimpleToken(token: string): boolean {
  const payload = decodeJwtUnverified(token)
  if (!payload) return false
  const keys = Object.keys(payload).sort()
  return keys.length === 2 && keys[0] === 'exp' && keys[1] === 'user'
}

/**
 * Texts of nomad's get_user_from_simple_token. An unknown user id is the KeyError branch there
 * (User.get raises it), hence "invalid/unexpected payload".
 */
export function checkSimpleToken(ctx: SandboxContext, token: string): TokenCheck {
  const result = verifyJwt(token, ctx.tokenSecret, ctx.now())
  if (!result.ok) {
    return { ok: false, detail: result.reason === 'expired' ? 'Expired token.' : 'Invalid token.' }
  }
  const userId = result.payload.user
  if (typeof userId !== 'string' || !ctx.state.users.byId(userId)) {
    return { ok: false, detail: 'Token with invalid/unexpected payload.' }
  }
  return { ok: true, userId }
}

/** Keycloak's verification: signature, expiry and issuer, then a `sub` claim. */
export function checkAccessToken(ctx: SandboxContext, token: string): TokenCheck {
  const result = verifyJwt(token, ctx.tokenSecret, ctx.now())
  if (!result.ok || result.payload.iss !== ACCESS_TOKEN_ISSUER || !('exp' in result.payload)) {
    return { ok: false, detail: INVALID_ACCESS_TOKEN }
  }
  const userId = result.payload.sub
  if (typeof userId !== 'string') {
    return {
      ok: false,
      detail: 'Could not validate credentials.\nThe given token does not contain a user_id.',
    }
  }
  return { ok: true, userId }
}
