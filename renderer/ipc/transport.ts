import type { IpcResult } from '../../shared/ipc/result'

/** State of the link to main (Electron: always open) or to the web host's WebSocket. */
export type HostConnection = 'connecting' | 'open' | 'lost'

/**
 * How the typed client reaches main or the web host. Two implementations, picked once at
 * start: electron-transport (window.nomad from the preload) and ws-transport (web mode).
 */
export interface Transport {
  readonly kind: 'electron' | 'web'
  invoke(channel: string, input: unknown, callId: string): Promise<IpcResult<unknown>>
  cancel(callId: string): void
  subscribe(event: string, listener: (payload: unknown) => void): () => void
  connection(): HostConnection
  onConnectionChange(listener: (state: HostConnection) => void): () => void
}
