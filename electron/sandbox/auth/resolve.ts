import type { SandboxContext } from '../context'
import { forbidden, unauthorized } from '../http-error'
import type { Caller } from './caller'
import { PAT_PREFIX } from './pat-secret'
import {
  ACCESS_TOKEN_SCOPES,
  ANONYMOUS_SCOPES,
  SIMPLE_TOKEN_SCOPES,
  effectivePatScopes,
} from './scopes'
import { checkAccessToken, checkSimpleToken, looksLikeSimpleToken } from './tokens'

/**
 * Credential resolution as in the real server's `_resolve_user_with_scopes`
 * (nomad-pat-facts §3.1): one bearer value is offered to the simple-token, access-token and
 * PAT paths in that order. Simple and access tokens that fail validation are a 401 at once; a
 * PAT that is unknown, expired, revoked or whose user is gone silently means "anonymous".
 */
/** What resolution needs from the PAT store (auth/pats.ts). */
export interface PatAuthenticator {
  /** The owner and stored scopes of an active PAT (and marks it used), else null. */
  authenticate(rawToken: string): { userId: string; scopes: readonly string[] } | null
}

export interface CredentialHeaders {
  authorization?: string | undefined
  cookie?: string | undefined
}

export const ANONYMOUS: Caller = Object.freeze({
  user: null,
  scopes: ANONYMOUS_SCOPES,
  kind: 'anonymous',
})

/** FastAPI's OAuth2PasswordBearer: the value after a `Bearer` scheme ('' if none follows). */
function bearerValue(authorization: string | undefined): string | null {
  if (!authorization) return null
  const space = authorization.indexOf(' ')
  const scheme = space < 0 ? authorization : authorization.slice(0, space)
  if (scheme.toLowerCase() !== 'bearer') return null
  return space < 0 ? '' : authorization.slice(space + 1)
}

/** The GUI's `Authorization` cookie: URL-encoded `Bearer <access token>`. */
function cookieToken(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== 'Authorization') continue
    const raw = part.slice(eq + 1).trim()
    let value = raw
    try {
      value = decodeURIComponent(raw.replace(/\+/g, ' '))
    } catch {
      // Python's unquote leaves malformed escapes alone; so do we.
    }
    return value.startsWith('Bearer ') ? value.slice('Bearer '.length) : value
  }
  return null
}

function invalid(detail: string): never {
  throw unauthorized(detail, 'Bearer')
}

/** Resolves the caller or throws the 401/403 HttpError the real server would answer with. */
export function resolveCaller(
  ctx: SandboxContext,
  pats: PatAuthenticator,
  headers: CredentialHeaders,
): Caller {
  const bearer = bearerValue(headers.authorization)

  if (bearer && !bearer.startsWith(PAT_PREFIX) && looksLikeSimpleToken(bearer)) {
    const check = checkSimpleToken(ctx, bearer)
    if (!check.ok) invalid(check.detail)
    return userCaller(ctx, check.userId, SIMPLE_TOKEN_SCOPES, 'app-token')
  }

  // The cookie is consulted only without a bearer header, and it never carries a PAT.
  const accessToken = bearer ?? cookieToken(headers.cookie)
  if (accessToken !== null && !accessToken.startsWith(PAT_PREFIX)) {
    const check = checkAccessToken(ctx, accessToken)
    if (!check.ok) invalid(check.detail)
    return userCaller(ctx, check.userId, ACCESS_TOKEN_SCOPES, 'access-token')
  }

  if (bearer?.startsWith(PAT_PREFIX)) {
    const pat = pats.authenticate(bearer)
    const user = pat ? ctx.state.users.byId(pat.userId) : undefined
    if (pat && user) return { user, scopes: effectivePatScopes(pat.scopes), kind: 'pat' }
  }
  return ANONYMOUS
}

/**
 * A `signature_token` query parameter (download endpoints): a simple token, with the same 401
 * texts as in the Authorization header.
 */
export function resolveSignatureToken(ctx: SandboxContext, token: string): Caller {
  const check = checkSimpleToken(ctx, token)
  if (!check.ok) invalid(check.detail)
  return userCaller(ctx, check.userId, SIMPLE_TOKEN_SCOPES, 'app-token')
}

function userCaller(
  ctx: SandboxContext,
  userId: string,
  scopes: ReadonlySet<string>,
  kind: Caller['kind'],
): Caller {
  const user = ctx.state.users.byId(userId)
  // The server looks every resolved user up again; a vanished one is a 403, not a 401.
  if (!user) throw forbidden('You are logged in with an unknown user')
  return { user, scopes, kind }
}
