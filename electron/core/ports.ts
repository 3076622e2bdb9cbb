import type { Dispatcher } from 'undici'
import type { AppMode } from '../../shared/ipc/channels/app'
import type { DataMoveOptions } from './data-move/data-mover'
import type { DownloadTunables } from './downloads/tunables'
import type { RawFilesTunables } from './offline/pin-raw-files'
import type { EventName, EventPayload } from '../../shared/ipc/contract'
import type { Logger } from './logging'
import type { SchedulerConfigOverrides } from './network/scheduler'
import type { SandboxPort } from './servers/local-sandbox'
import type { KeyValueStore } from './settings/key-value'
import type { NotifyPort } from './tokens/reminders'
import type { SecretCipher } from './vault/cipher'

/** Where core pushes events; main sends them to its windows, the host to its sockets. */
export interface EventSink {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
}

/**
 * What only the desktop app can do for downloads (Electron main implements it; the web host
 * leaves it out and the channels answer `supported: false`).
 */
export interface DesktopPort {
  /** The native folder picker; null when the user cancelled. */
  pickFolder(options: { title?: string }): Promise<string | null>
  /** Opens a folder in the file manager, or shows a file in its folder. */
  reveal(path: string, kind: 'folder' | 'file'): Promise<void>
  /** Taskbar/dock progress: 0..1, above 1 for "busy, amount unknown", null to clear it. */
  setProgress(fraction: number | null): void
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
  /**
   * The undici dispatcher every server request goes through; defaults to a keep-alive Agent.
   * Tests pass one whose connector fails, so nothing ever reaches the network.
   */
  dispatcher?: Dispatcher
  /** Starts the "Local sandbox" profile's server; without it that profile is not offered. */
  sandbox?: SandboxPort
  /** Scheduler tunables (tests shorten timeouts); the defaults are in electron/core/network/scheduler. */
  scheduler?: SchedulerConfigOverrides
  now?: () => number
  /** Re-check intervals for the active server; tests turn them off with 0. */
  recheck?: { onlineMs: number; failedMs: number }
  /** Encrypts stored tokens: safeStorage in Electron; default a passphrase cipher (web mode). */
  cipher?: SecretCipher
  /** Unlocks the passphrase vault at start (web mode: NOMAD_VAULT_PASSPHRASE, for automation). */
  vaultPassphrase?: string
  /** OS notifications (desktop): token expiry reminders, a download job's end. */
  notify?: NotifyPort
  /** Folder picker, reveal in the file manager, taskbar progress (desktop only). */
  desktop?: DesktopPort
  /** Download manager tunables (tests: a fake free-space probe, short disk checks, small units). */
  downloads?: DownloadTunables
  /** Data move tunables (tests: a fake free-space probe, a simulated crash). */
  dataMove?: DataMoveOptions
  /** A pin's raw-files jobs (tests: fewer entries per job, a simulated crash). */
  offlineRawFiles?: RawFilesTunables
}
