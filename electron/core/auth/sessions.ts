import type { SessionUser } from '../../../shared/ipc/channels/auth'

/**
 * Signed-in sessions, one per server, in this process' memory only: the access token is never
 * written anywhere. A session past its expiry is gone; listeners hear why a session ended.
 */
export interface Session {
  serverId: string
  accessToken: string
  user: SessionUser
  expiresAt: number
  signedInAt: number
}

export type SessionEnd = 'signed-out' | 'expired' | 'rejected'

export interface Sessions {
  /** The live session, or undefined (an expired one is ended on the spot). */
  get(serverId: string): Session | undefined
  set(session: Session): void
  end(serverId: string, reason: SessionEnd): void
  /** How the last session of a server ended by itself (expired/rejected), if it did. */
  endedBy(serverId: string): 'expired' | 'rejected' | undefined
  onChange(listener: (serverId: string) => void): () => void
  dispose(): void
}

// setTimeout cannot wait longer than about 24.8 days; longer sessions are re-armed.
const MAX_TIMER_MS = 2 ** 31 - 1

export function createSessions(options: { now?: () => number } = {}): Sessions {
  const now = options.now ?? Date.now
  const sessions = new Map<string, Session>()
  const ended = new Map<string, 'expired' | 'rejected'>()
  const timers = new Map<string, ReturnType<typeof setTimeout>>()
  const listeners = new Set<(serverId: string) => void>()
  const notify = (serverId: string) => listeners.forEach((listener) => listener(serverId))

  function clearTimer(serverId: string) {
    const timer = timers.get(serverId)
    if (timer !== undefined) clearTimeout(timer)
    timers.delete(serverId)
  }

  function end(serverId: string, reason: SessionEnd) {
    clearTimer(serverId)
    const had = sessions.delete(serverId)
    if (reason === 'signed-out') ended.delete(serverId)
    else if (had) ended.set(serverId, reason)
    if (had || reason === 'signed-out') notify(serverId)
  }

  /** Ends the session when it expires, so the window learns of it without making a request. */
  function arm(session: Session) {
    clearTimer(session.serverId)
    const wait = Math.max(0, Math.min(session.expiresAt - now(), MAX_TIMER_MS))
    const timer = setTimeout(() => {
      const current = sessions.get(session.serverId)
      if (current !== session) return
      if (now() >= session.expiresAt) end(session.serverId, 'expired')
      else arm(session)
    }, wait)
    timer.unref?.()
    timers.set(session.serverId, timer)
  }

  return {
    get(serverId) {
      const session = sessions.get(serverId)
      if (session === undefined) return undefined
      if (now() >= session.expiresAt) {
        end(serverId, 'expired')
        return undefined
      }
      return session
    },
    set(session) {
      sessions.set(session.serverId, session)
      ended.delete(session.serverId)
      arm(session)
      notify(session.serverId)
    },
    end,
    endedBy: (serverId) => ended.get(serverId),
    onChange(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    dispose() {
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
      sessions.clear()
    },
  }
}
