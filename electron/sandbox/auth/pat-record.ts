/** A stored PAT (the Mongo document, times in ms) and its wire form (PATResponse). */
export interface PatRecord {
  id: string
  userId: string
  name: string
  scopes: string[]
  description: string | null
  tokenDigest: string
  revoked: boolean
  revokedAt: number | null
  createdAt: number
  updatedAt: number
  expiredAt: number | null
  lastUsedAt: number | null
}

/** The wire record: all eight keys, nulls kept, never the digest. */
export interface PatView {
  id: string
  name: string
  scopes: string[]
  description: string | null
  revoked: boolean
  created_at: string
  expired_at: string | null
  last_used_at: string | null
}

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export function toView(record: PatRecord): PatView {
  return {
    id: record.id,
    name: record.name,
    scopes: [...record.scopes],
    description: record.description,
    revoked: record.revoked,
    created_at: new Date(record.createdAt).toISOString(),
    expired_at: iso(record.expiredAt),
    last_used_at: iso(record.lastUsedAt),
  }
}
