import { badRequest } from '../http-error'
import { pySet } from './python-repr'
import { TOKEN_SCOPES, isScope } from './scopes'

/**
 * PAT lifecycle and creation rules of the real server (generation B, nomad/auth/pat/domain.py),
 * with its exact 400 texts and check order.
 */
export const DAY_MS = 24 * 60 * 60 * 1000

export interface PatLifetime {
  revoked: boolean
  createdAt: number
  /** Expiry instant in ms; null = never expires. */
  expiredAt: number | null
}

export type PatState = 'active' | 'revoked' | 'expired'

/** Revoked wins over expired; at exactly `expiredAt` a token is still active. */
export function patState(pat: PatLifetime, now: number): PatState {
  if (pat.revoked) return 'revoked'
  if (pat.expiredAt !== null && pat.expiredAt < now) return 'expired'
  return 'active'
}

export const isActiveAt = (pat: PatLifetime, now: number) => patState(pat, now) === 'active'

/** The router rejects an empty list before anything else (also when the domain would). */
export const EMPTY_SCOPES = 'At least one scope must be selected.'

export interface CreationRequest {
  scopes: readonly string[]
  /** null = never expires. */
  expiresInDays: number | null
  /** limits().patMaxLifetimeDays; null allows non-expiring tokens. */
  maxLifetimeDays: number | null
}

/** domain.validate_creation: lifetime, infinite vs max, over max, empty, unknown, tokens:*. */
export function validateCreation({
  scopes,
  expiresInDays,
  maxLifetimeDays,
}: CreationRequest): void {
  if (expiresInDays !== null && expiresInDays <= 0) {
    throw badRequest('Cannot create an already expired token.')
  }
  if (expiresInDays === null && maxLifetimeDays !== null) {
    throw badRequest(`Infinite tokens are disabled. Max lifetime is ${maxLifetimeDays} days.`)
  }
  if (expiresInDays !== null && maxLifetimeDays !== null && expiresInDays > maxLifetimeDays) {
    throw badRequest(
      `Requested lifetime (${expiresInDays} days) exceeds the maximum allowed (${maxLifetimeDays} days).`,
    )
  }
  if (scopes.length === 0) throw badRequest(EMPTY_SCOPES)
  // Wildcards, legacy aliases and typos alike: only concrete current names are grantable.
  const unknown = scopes.filter((scope) => !isScope(scope))
  if (unknown.length > 0) throw badRequest(`Invalid scopes: ${pySet(unknown)}`)
  if (scopes.some((scope) => (TOKEN_SCOPES as readonly string[]).includes(scope))) {
    throw badRequest('Personal access tokens are not allowed to operate on PATs.')
  }
}

/** Rotation keeps the old whole-day lifetime (counted again from now); none stays none. */
export function rotationLifetimeDays(pat: PatLifetime): number | null {
  return pat.expiredAt === null ? null : Math.floor((pat.expiredAt - pat.createdAt) / DAY_MS)
}
