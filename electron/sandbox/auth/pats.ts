import { z } from 'zod'
import type { SandboxContext } from '../context'
import { badRequest } from '../http-error'
import type { PersistentPart } from '../state/types'
import { digestToken, generateRawToken, isObjectId, newObjectId, PAT_PREFIX } from './pat-secret'
import { queryPats, type PatListRequest, type PatListResult } from './pat-query'
import { DAY_MS, isActiveAt, rotationLifetimeDays, validateCreation } from './pat-rules'
import type { PatAuthenticator } from './resolve'
import { iso, toView, type PatRecord, type PatView } from './pat-record'

export type { PatRecord, PatView } from './pat-record'

export interface PatCreation {
  pat: PatView
  raw_token: string
}

export interface PatSpec {
  name: string
  scopes: readonly string[]
  description?: string | null | undefined
}

/** Default lifetime when the request omits `expires_in_days`. */
export const DEFAULT_LIFETIME_DAYS = 30
/** `auth.pat_pruning_time`: days a revoked/expired record stays visible. */
export const PRUNING_DAYS = 365

const isoOrNull = z.union([z.iso.datetime({ offset: true }), z.null()])
const persistedSchema = z.object({
  version: z.literal(1),
  tokens: z.array(
    z.object({
      id: z.string(),
      user_id: z.string(),
      name: z.string(),
      scopes: z.array(z.string()),
      description: z.string().nullable(),
      token_digest: z.string().regex(/^[0-9a-f]{64}$/),
      revoked: z.boolean(),
      revoked_at: isoOrNull,
      created_at: z.iso.datetime({ offset: true }),
      updated_at: z.iso.datetime({ offset: true }),
      expired_at: isoOrNull,
      last_used_at: isoOrNull,
    }),
  ),
})

const ms = (value: string | null) => (value === null ? null : Date.parse(value))

/**
 * The sandbox's personal access token store, behaving like the real PATService (generation B):
 * raw tokens exist only in the create/rotate answer, records keep the SHA-256 digest; every
 * operation is scoped to the owner; revoked and expired records linger until the TTL prune
 * (365 days after expiry or revocation, `auth.pat_pruning_time`). Persisted under 'pats'.
 */
export class PatService implements PatAuthenticator, PersistentPart {
  /** Insertion order = creation order, the tie-break of sorts with equal keys. */
  private readonly records = new Map<string, PatRecord>()
  private readonly byDigest = new Map<string, PatRecord>()

  constructor(private readonly ctx: SandboxContext) {}

  /** POST /auth/pats. `expiresInDays` undefined = omitted (30 days), null = never expires. */
  create(userId: string, spec: PatSpec, expiresInDays: number | null | undefined): PatCreation {
    const now = this.ctx.now()
    this.prune(now)
    const days = expiresInDays === undefined ? DEFAULT_LIFETIME_DAYS : expiresInDays
    validateCreation({
      scopes: spec.scopes,
      expiresInDays: days,
      maxLifetimeDays: this.ctx.limits().patMaxLifetimeDays,
    })
    const limit = this.ctx.limits().patMaxActive
    if (this.activeCount(userId, now) >= limit) {
      throw badRequest(`Maximum number of active PAT (${limit}) reached.`)
    }
    const rawToken = generateRawToken()
    const record: PatRecord = {
      id: this.freshId(now),
      userId,
      name: spec.name,
      scopes: [...spec.scopes],
      description: spec.description ?? null,
      tokenDigest: digestToken(rawToken),
      revoked: false,
      revokedAt: null,
      createdAt: now,
      updatedAt: now,
      expiredAt: days === null ? null : now + days * DAY_MS,
      lastUsedAt: null,
    }
    this.records.set(record.id, record)
    this.byDigest.set(record.tokenDigest, record)
    this.ctx.state.persist()
    return { pat: toView(record), raw_token: rawToken }
  }

  /**
   * POST /auth/pats/{id}/rotate: null if not the caller's. The old token is revoked before the
   * new one is validated (so rotation works at the count limit, and a failing re-validation
   * leaves the old one revoked, as on the real server).
   */
  rotate(userId: string, patId: string): PatCreation | null {
    const now = this.ctx.now()
    this.prune(now)
    const old = this.owned(userId, patId)
    if (!old) return null
    if (!isActiveAt(old, now)) throw badRequest('Cannot rotate an expired/revoked token.')
    this.markRevoked(old, now)
    const spec = { name: old.name, scopes: old.scopes, description: old.description }
    return this.create(userId, spec, rotationLifetimeDays(old))
  }

  /** DELETE /auth/pats/{id}: false if not the caller's; idempotent otherwise. */
  revoke(userId: string, patId: string): boolean {
    const now = this.ctx.now()
    this.prune(now)
    const record = this.owned(userId, patId)
    if (!record) return false
    if (!record.revoked) this.markRevoked(record, now)
    return true
  }

  get(userId: string, patId: string): PatView | null {
    this.prune(this.ctx.now())
    const record = this.owned(userId, patId)
    return record ? toView(record) : null
  }

  list(userId: string, request: PatListRequest): PatListResult {
    const now = this.ctx.now()
    this.prune(now)
    const mine = [...this.records.values()].filter((record) => record.userId === userId)
    return queryPats(mine, request, now)
  }

  /** Prefix, digest lookup, active check, then last_used_at = now (before any scope check). */
  authenticate(rawToken: string): { userId: string; scopes: readonly string[] } | null {
    if (!rawToken.startsWith(PAT_PREFIX)) return null
    const now = this.ctx.now()
    const record = this.byDigest.get(digestToken(rawToken))
    if (!record || !isActiveAt(record, now)) return null
    record.lastUsedAt = now
    this.ctx.state.persist()
    return { userId: record.userId, scopes: record.scopes }
  }

  /** Digests only: a raw token never reaches the data directory. */
  toJSON(): z.input<typeof persistedSchema> {
    return {
      version: 1,
      tokens: [...this.records.values()].map((record) => ({
        id: record.id,
        user_id: record.userId,
        name: record.name,
        scopes: record.scopes,
        description: record.description,
        token_digest: record.tokenDigest,
        revoked: record.revoked,
        revoked_at: iso(record.revokedAt),
        created_at: new Date(record.createdAt).toISOString(),
        updated_at: new Date(record.updatedAt).toISOString(),
        expired_at: iso(record.expiredAt),
        last_used_at: iso(record.lastUsedAt),
      })),
    }
  }

  load(json: unknown): void {
    const parsed = persistedSchema.safeParse(json)
    if (!parsed.success) {
      throw new Error(`Stored personal access tokens are unreadable: ${parsed.error.message}`)
    }
    this.records.clear()
    this.byDigest.clear()
    for (const token of parsed.data.tokens) {
      const record: PatRecord = {
        id: token.id,
        userId: token.user_id,
        name: token.name,
        scopes: token.scopes,
        description: token.description,
        tokenDigest: token.token_digest,
        revoked: token.revoked,
        revokedAt: ms(token.revoked_at),
        createdAt: Date.parse(token.created_at),
        updatedAt: Date.parse(token.updated_at),
        expiredAt: ms(token.expired_at),
        lastUsedAt: ms(token.last_used_at),
      }
      this.records.set(record.id, record)
      this.byDigest.set(record.tokenDigest, record)
    }
  }

  private owned(userId: string, patId: string): PatRecord | undefined {
    // Malformed ids are simply not found (the real server's promised 400 never happens).
    if (!isObjectId(patId)) return undefined
    const record = this.records.get(patId.toLowerCase())
    return record?.userId === userId ? record : undefined
  }

  private activeCount(userId: string, now: number): number {
    let count = 0
    for (const record of this.records.values()) {
      if (record.userId === userId && isActiveAt(record, now)) count++
    }
    return count
  }

  private markRevoked(record: PatRecord, now: number): void {
    record.revoked = true
    record.revokedAt = now
    record.updatedAt = now
    this.ctx.state.persist()
  }

  private freshId(now: number): string {
    let id = newObjectId(now)
    while (this.records.has(id)) id = newObjectId(now)
    return id
  }

  /** MongoDB's TTL indexes on expired_at and revoked_at. */
  private prune(now: number): void {
    const cutoff = now - PRUNING_DAYS * DAY_MS
    let pruned = false
    for (const record of this.records.values()) {
      const expiredLongAgo = record.expiredAt !== null && record.expiredAt < cutoff
      const revokedLongAgo = record.revokedAt !== null && record.revokedAt < cutoff
      if (expiredLongAgo || revokedLongAgo) {
        this.records.delete(record.id)
        this.byDigest.delete(record.tokenDigest)
        pruned = true
      }
    }
    if (pruned) this.ctx.state.persist()
  }
}

const services = new WeakMap<SandboxContext, PatService>()

/**
 * The one PAT store of a sandbox, shared by the auth plugin (resolution) and the PAT routes;
 * created on first use and registered with the state for --data-dir persistence.
 */
export function patServiceFor(ctx: SandboxContext): PatService {
  let service = services.get(ctx)
  if (!service) {
    service = new PatService(ctx)
    services.set(ctx, service)
    ctx.state.registerPersistent('pats', service)
  }
  return service
}
