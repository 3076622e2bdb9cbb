import { randomBytes } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import type { Reveal } from '../../../shared/ipc/channels/tokens'
import type { NewStoredToken } from '../vault/vault'

/**
 * Tokens just created or rotated, held in core for a few minutes under a random reveal id, so
 * "use this token in the app" and "test it" work without the window ever sending the value
 * back. Forgotten when the reveal dialog closes, or after the time below.
 */
export const REVEAL_TTL_MS = 15 * 60 * 1000

export interface PendingReveal {
  serverId: string
  token: Omit<NewStoredToken, 'raw'>
  raw: string
  /** The vault entry once stored (so a second "use" does not store it twice). */
  storedId?: string
  /**
   * The vault entry this value should replace: a rotation whose automatic replacement failed,
   * so "use this token in the app" retries the replacement instead of adding a second entry
   * next to the one holding the dead old value.
   */
  replaces?: string
}

export interface Reveals {
  add(pending: PendingReveal): Reveal
  get(revealId: string): PendingReveal
  forget(revealId: string): void
  dispose(): void
}

export function createReveals(ttlMs = REVEAL_TTL_MS): Reveals {
  const pending = new Map<string, { reveal: PendingReveal; timer: ReturnType<typeof setTimeout> }>()
  const forget = (revealId: string) => {
    const entry = pending.get(revealId)
    if (entry === undefined) return
    clearTimeout(entry.timer)
    pending.delete(revealId)
  }
  return {
    add(reveal) {
      const revealId = randomBytes(12).toString('base64url')
      const timer = setTimeout(() => forget(revealId), ttlMs)
      timer.unref?.()
      pending.set(revealId, { reveal, timer })
      return {
        rawToken: reveal.raw,
        revealId,
        kind: reveal.token.kind,
        name: reveal.token.name,
        expiresAt: reveal.token.expiresAt,
      }
    },
    get(revealId) {
      const entry = pending.get(revealId)
      if (entry === undefined)
        throw new AppError(
          'not_found',
          'That new token is no longer held by the app (the dialog was closed or 15 minutes passed). Paste it to store it, or rotate the token to get a new one.',
        )
      return entry.reveal
    },
    forget,
    dispose() {
      for (const id of [...pending.keys()]) forget(id)
    },
  }
}
