import { AppError } from '../../../shared/errors'
import type { SettingsRepo } from '../settings/settings-repo'

/**
 * Offline mode per server (docs/offline.md). A server is offline when the user switched "Work
 * offline" on for it (persisted in settings with the moment it was switched, so a restart keeps
 * it) or when it cannot be reached (the status tracker finds that). While the user works offline
 * by hand, every request to that server is refused before it is sent, with a 'network' error:
 * the same one an unreachable server gives, so every offline fallback answers the same way.
 */
export interface OfflineMode {
  /** When the user switched the server to work offline, or undefined while it is not. */
  manualSince(serverId: string): number | undefined
  /** Switches working offline by hand on or off; returns when it was switched on (or null). */
  setManual(serverId: string, offline: boolean): number | null
  /** Why no request may go to the server now, or undefined. */
  refusal(serverId: string, serverName?: string): AppError | undefined
  /** A request to the server failed because it could not be reached. */
  unreachable(serverId: string): void
  /** Hears `unreachable` (the status tracker checks the server again). */
  onUnreachable(listener: (serverId: string) => void): () => void
}

export function createOfflineMode(settings: SettingsRepo, now: () => number): OfflineMode {
  const listeners = new Set<(serverId: string) => void>()
  const manualSince = (serverId: string) => settings.read().workOffline?.[serverId]
  return {
    manualSince,
    setManual(serverId, offline) {
      const doc = settings.read()
      const current = { ...doc.workOffline }
      if (offline) current[serverId] ??= now()
      else delete current[serverId]
      settings.write({ ...doc, workOffline: current })
      return current[serverId] ?? null
    },
    refusal(serverId, serverName) {
      if (manualSince(serverId) === undefined) return undefined
      return new AppError(
        'network',
        `You are working offline from ${serverName ?? 'this server'}: nothing is sent to it. Switch “Work offline” off to reach it again.`,
      )
    },
    unreachable(serverId) {
      for (const listener of listeners) listener(serverId)
    },
    onUnreachable(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
