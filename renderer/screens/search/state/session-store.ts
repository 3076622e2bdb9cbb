/**
 * Sessions per server, kept at module level so a search survives switching to another screen
 * and back (the screen unmounts; this does not). Persistence across restarts is the hook's job.
 * Also remembers, per server, that its persisted state could not be read in this run: saving
 * is then held back, so the stored search is not overwritten by the fresh one shown instead.
 */
import type { SearchSession } from './session'

const sessions = new Map<string, SearchSession>()
const unreadable = new Map<string, string>()
const listeners = new Set<() => void>()

const notify = () => {
  for (const listener of listeners) listener()
}

export const sessionStore = {
  get: (serverId: string): SearchSession | undefined => sessions.get(serverId),
  set: (serverId: string, session: SearchSession): void => {
    sessions.set(serverId, session)
    notify()
  },
  /**
   * A server's first session, restored from its persisted state (and why that could not be
   * read), while the search screen renders. Tells no one: nothing has shown another session of
   * the server yet, and a listener told during a render would update React mid-render.
   */
  restore: (serverId: string, session: SearchSession, problem?: string): void => {
    if (sessions.has(serverId)) return
    sessions.set(serverId, session)
    if (problem !== undefined) unreadable.set(serverId, problem)
  },
  /** Why the persisted state of the server could not be read, while that holds. */
  unreadable: (serverId: string): string | undefined => unreadable.get(serverId),
  setUnreadable: (serverId: string, reason: string | null): void => {
    if (reason === null) unreadable.delete(serverId)
    else unreadable.set(serverId, reason)
    notify()
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** Tests start from nothing. */
  clear: (): void => {
    sessions.clear()
    unreadable.clear()
  },
}
