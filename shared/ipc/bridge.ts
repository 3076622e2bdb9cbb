import type { IpcResult } from './result'

/** Longest accepted call id (client-chosen, unique per connection). */
export const CALL_ID_MAX = 64

/** Electron IPC channel names; registered only in electron/main/ipc-bridge.ts and the preload. */
export const ELECTRON_INVOKE = 'nomad:invoke'
export const ELECTRON_CANCEL = 'nomad:cancel'
export const ELECTRON_EVENT = 'nomad:event'

/**
 * The one object the preload exposes as `window.nomad` (frozen). Names outside the allow-list in
 * ./names are rejected before anything reaches main; listeners receive payloads only, never the
 * Electron event (which would leak `sender`).
 */
export interface NomadBridge {
  readonly platform: 'electron'
  invoke(channel: string, input: unknown, callId: string): Promise<IpcResult<unknown>>
  cancel(callId: string): void
  subscribe(event: string, listener: (payload: unknown) => void): () => void
}

/** The exact keys of window.nomad; the Electron smoke test checks nothing else is exposed. */
export const BRIDGE_KEYS = ['cancel', 'invoke', 'platform', 'subscribe'] as const
