import { z } from 'zod'
import { simpleIndexPaginationResponse } from './common'
import { isoDateTime, parseServerTime } from './dates'

// Personal access tokens (nomad-pat-facts §1.3-1.6). Unlike most endpoints these answers keep
// null keys. Fields that may be null are decoded to `null` also when a server omits them, so
// the tokens screen handles exactly one "no value" case.

/** A PAT record. There is no state field on the wire: use `derivePatState`. */
export const patRecord = z.looseObject({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  description: z.string().nullable().default(null),
  revoked: z.boolean(),
  created_at: isoDateTime,
  /** Expiry instant (the server's spelling); null means the token never expires. */
  expired_at: isoDateTime.nullable().default(null),
  /** Null until the token is first used. */
  last_used_at: isoDateTime.nullable().default(null),
})
export type PatRecord = z.infer<typeof patRecord>

/** POST /auth/pats (201) and POST /auth/pats/{id}/rotate (200). The raw token is shown once. */
export const patCreationResponse = z.looseObject({
  pat: patRecord,
  raw_token: z.string().min(1),
})
export type PatCreationResponse = z.infer<typeof patCreationResponse>

/** The list filters as echoed; unset ones come back as null. */
export const patQueryEcho = z.looseObject({
  search: z.string().nullish(),
  revoked: z.boolean().nullish(),
  state: z.string().nullish(),
  created_after: isoDateTime.nullish(),
  created_before: isoDateTime.nullish(),
  last_used_after: isoDateTime.nullish(),
  last_used_before: isoDateTime.nullish(),
  expires_after: isoDateTime.nullish(),
  expires_before: isoDateTime.nullish(),
})
export type PatQueryEcho = z.infer<typeof patQueryEcho>

/** GET /auth/pats */
export const patListResponse = z.looseObject({
  query: patQueryEcho,
  pagination: simpleIndexPaginationResponse,
  data: z.array(patRecord),
})
export type PatListResponse = z.infer<typeof patListResponse>

export type PatState = 'active' | 'revoked' | 'expired'

/**
 * The lifecycle state the server would compute: revoked wins over expired; expired means
 * `expired_at` is strictly before `now` (at the exact instant the token still works). An
 * unreadable expiry counts as not expired: the server, not the client, is the judge, and
 * calling a live token "expired" would hide it from the user.
 */
export function derivePatState(
  record: Pick<PatRecord, 'revoked' | 'expired_at'>,
  now: Date | number,
): PatState {
  if (record.revoked) return 'revoked'
  if (record.expired_at === null) return 'active'
  const expiresAt = parseServerTime(record.expired_at)
  const nowMs = typeof now === 'number' ? now : now.getTime()
  return expiresAt < nowMs ? 'expired' : 'active'
}
