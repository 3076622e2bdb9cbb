import { derivePatState, parseServerTime, type PatRecord } from '../../../shared/api'
import type { PatView, StoredTokenView } from '../../../shared/ipc/channels/tokens'
import type { StoredToken, TokenVault } from '../vault/vault'

const DAY_MS = 24 * 60 * 60 * 1000

/** A server timestamp as an ISO instant (UTC); unreadable ones pass through unchanged. */
export function isoInstant(value: string): string {
  const ms = parseServerTime(value)
  return Number.isNaN(ms) ? value : new Date(ms).toISOString()
}

/** A PAT record as the window sees it, with whether (and how) this app stores it. */
export function toPatView(
  record: PatRecord,
  vault: TokenVault | undefined,
  serverId: string,
  now: number,
): PatView {
  const stored = vault?.findByServerTokenId(serverId, record.id)
  const activeId = vault?.list(serverId).activeId ?? null
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    scopes: record.scopes,
    state: derivePatState(record, now),
    createdAt: isoInstant(record.created_at),
    expiresAt: record.expired_at === null ? null : isoInstant(record.expired_at),
    lastUsedAt: record.last_used_at === null ? null : isoInstant(record.last_used_at),
    stored: stored === undefined ? null : { id: stored.id, active: stored.id === activeId },
  }
}

/** Whole days from now until `iso` (0 on the last day, negative once past). */
export function daysLeft(iso: string, now: number): number {
  return Math.floor((Date.parse(iso) - now) / DAY_MS)
}

export function storedCondition(
  token: StoredToken,
  context: { now: number; locked: boolean; reminderDays: number },
): StoredTokenView['condition'] {
  if (token.problem !== undefined) return 'damaged'
  if (token.rejectedAt !== undefined) return 'rejected'
  if (token.expiresAt !== null && Date.parse(token.expiresAt) <= context.now) return 'expired'
  if (token.persisted && context.locked) return 'locked'
  if (token.expiresAt !== null && daysLeft(token.expiresAt, context.now) < context.reminderDays)
    return 'expiring'
  return 'ok'
}

export function toStoredView(
  token: StoredToken,
  active: boolean,
  context: { now: number; locked: boolean; reminderDays: number },
): StoredTokenView {
  return {
    id: token.id,
    name: token.name,
    kind: token.kind,
    scopes: token.scopes,
    expiresAt: token.expiresAt,
    createdAt: token.createdAt,
    lastTestedAt: token.lastTestedAt ?? null,
    serverTokenId: token.serverTokenId ?? null,
    active,
    persisted: token.persisted,
    condition: storedCondition(token, context),
    problem: token.problem ?? null,
  }
}
