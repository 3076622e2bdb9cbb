import type { AppMode } from '../../shared/ipc/channels/app'
import type { EventName, EventPayload } from '../../shared/ipc/contract'
import type { Logger } from './logging'
import type { KeyValueStore } from './settings/key-value'

/** Where core pushes events; main sends them to its windows, the host to its sockets. */
export interface EventSink {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
}

/**
 * Everything core needs from its host process. Electron main and the web host each build these
 * adapters and call createCore; core itself never imports electron.
 */
export interface CorePorts {
  mode: AppMode
  /** Node platform name (process.platform). */
  platform: string
  appVersion: string
  /** The folder for everything the app stores (settings live in the store below). */
  dataDir: string
  settingsStore: KeyValueStore
  events: EventSink
  logger: Logger
  /** Validate handler outputs and event payloads against the contract (dev, tests, web host). */
  devChecks?: boolean
  /** HTTP for the connection probe; defaults to the global fetch. Replaced by the scheduler later. */
  fetch?: typeof fetch
  now?: () => number
  /** Re-check intervals for the active server; tests turn them off with 0. */
  recheck?: { onlineMs: number; failedMs: number }
}
