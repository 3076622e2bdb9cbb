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
  replacedBy: PatView['replacedBy'] = null,
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
    replacedBy,
  }
}

/**
 * Days from now until `iso`, counted as people do: 1 when less than a day is left, 2 when one
 * day and some hours; once past, the negative whole days since.
 */
export function daysLeft(iso: string, now: number): number {
  const days = (Date.parse(iso) - now) / DAY_MS
  return days > 0 ? Math.ceil(days) : Math.floor(days)
}

/**
 * Whether a stored token's expiry is worth a reminder: it expires within `reminderDays`, and
 * it was not stored in the last day (its owner just chose that expiry) unless it runs out
 * within a day.
 */
export function dueForReminder(
  token: Pick<StoredToken, 'expiresAt' | 'createdAt'>,
  now: number,
  reminderDays: number,
): boolean {
  if (token.expiresAt === null) return false
  const remaining = Date.parse(token.expiresAt) - now
  if (remaining <= 0 || remaining > reminderDays * DAY_MS) return false
  return remaining <= DAY_MS || now - Date.parse(token.createdAt) >= DAY_MS
}

export function storedCondition(
  token: StoredToken,
  context: { now: number; locked: boolean; reminderDays: number },
): StoredTokenView['condition'] {
  if (token.problem !== undefined) return 'damaged'
  if (token.rejectedAt !== undefined) return 'rejected'
  if (token.expiresAt !== null && Date.parse(token.expiresAt) <= context.now) return 'expired'
  if (token.persisted && context.locked) return 'locked'
  if (dueForReminder(token, context.now, context.reminderDays)) return 'expiring'
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
