import { createHash } from 'node:crypto'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import type { StoredRecord } from './vault-file'

/**
 * What actually gets encrypted: the raw value together with the server and record it belongs
 * to and a digest of the metadata that decides how it is used (kind, server id, scopes, expiry).
 * The metadata is plain text in vault.json, so without this binding someone who edits the file
 * could move a value to another record or make an expired token look valid; with it, such an
 * edit makes the value unreadable, and the vault says so.
 */
type BoundFields = Pick<StoredRecord, 'id' | 'kind' | 'serverTokenId' | 'scopes' | 'expiresAt'>

const envelopeSchema = z.strictObject({
  v: z.literal(1),
  server: z.string(),
  record: z.string(),
  meta: z.string(),
  value: z.string().min(1),
})

function metaDigest(fields: BoundFields): string {
  const canonical = JSON.stringify([
    fields.kind,
    fields.serverTokenId ?? null,
    [...fields.scopes].sort(),
    fields.expiresAt,
  ])
  return createHash('sha256').update(canonical).digest('base64url')
}

export class VaultIntegrityError extends AppError {
  constructor(message: string) {
    super('internal', message)
    this.name = 'VaultIntegrityError'
  }
}

export function wrapValue(serverId: string, fields: BoundFields, value: string): string {
  return JSON.stringify({
    v: 1,
    server: serverId,
    record: fields.id,
    meta: metaDigest(fields),
    value,
  })
}

/** Checks the binding and returns the raw value; any mismatch is a VaultIntegrityError. */
export function unwrapValue(
  serverId: string,
  record: BoundFields & Pick<StoredRecord, 'name'>,
  plain: string,
): string {
  const broken = (why: string) =>
    new VaultIntegrityError(
      `The stored value of “${record.name}” failed its integrity check (${why}): the vault file was changed outside the app. Remove this token from the app and store it again.`,
    )
  let json: unknown
  try {
    json = JSON.parse(plain)
  } catch {
    throw broken('not a vault envelope')
  }
  const parsed = envelopeSchema.safeParse(json)
  if (!parsed.success) throw broken('not a vault envelope')
  const envelope = parsed.data
  if (envelope.server !== serverId || envelope.record !== record.id)
    throw broken('it belongs to another entry')
  if (envelope.meta !== metaDigest(record)) throw broken('its scopes, kind or expiry were edited')
  return envelope.value
}
