/**
 * Sessions per server, kept at module level so a search survives switching to another screen
 * and back (the screen unmounts; this does not). Persistence across restarts is the hook's job.
 */
import type { SearchSession } from './session'

const sessions = new Map<string, SearchSession>()
const listeners = new Set<() => void>()

export const sessionStore = {
  get: (serverId: string): SearchSession | undefined => sessions.get(serverId),
  set: (serverId: string, session: SearchSession): void => {
    sessions.set(serverId, session)
    for (const listener of listeners) listener()
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** Tests start from nothing. */
  clear: (): void => {
    sessions.clear()
  },
}
