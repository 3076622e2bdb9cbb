import {
  contract,
  type Channels,
  type EventName,
  type EventPayload,
} from '../../shared/ipc/contract'
import { createAppHandlers } from './app/app-handlers'
import { createStartupHandler } from './app/startup-handler'
import { createArchiveHandlers } from './archive/archive-handlers'
import { createAuthDomain } from './auth/auth-domain'
import { createCoreServices } from './create-services'
import type { HandlersFor } from './ipc/router'
import { createNetworkHandlers } from './network/network-handlers'
import type { CorePorts, EventSink } from './ports'
import { createRawFilesHandlers } from './raw-files/raw-files-handlers'
import { createUploadsHandlers } from './uploads/uploads-handlers'
import { downloadSpecSchema } from '../../shared/ipc/channels/downloads'
import { createDownloadsHandlers } from './downloads/downloads-handlers'
import { createOfflineDomain } from './offline/offline-handlers'
import { createOfflineSyncHandlers } from './offline/offline-sync-handlers'
import { createOfflineModeDomain } from './offline/offline-mode-domain'
import { createDataMoveDomain } from './data-move/data-move-handlers'
import { createGroupsHandlers } from './groups/groups-handlers'
import { createSearchHandlers } from './search/search-handlers'
import { createServerStatus } from './servers/server-status'
import { createServersHandlers } from './servers/servers-handlers'
import type { CoreServices } from './services'
import { createSettingsHandlers } from './settings/settings-handlers'
import { createTokensDomain } from './tokens/tokens-domain'
import { createVaultDomain } from './vault/vault-domain'

export interface Core {
  /** One handler per contract channel; main and the host wrap them in the same router. */
  handlers: HandlersFor<Channels>
  /** What the handlers were built from; for glue code and tests. */
  services: CoreServices
  /** Stops checks, runs domain cleanups, flushes learned limits, stops the sandbox. */
  dispose(): Promise<void>
}

/** In dev and tests, an event payload outside the contract is a bug worth failing loudly on. */
function checkedSink(events: EventSink, devChecks: boolean): EventSink {
  if (!devChecks) return events
  return {
    emit<E extends EventName>(event: E, payload: EventPayload<E>) {
      contract.events[event].payload.parse(payload)
      events.emit(event, payload)
    },
  }
}

/**
 * Builds the Electron-free engine from its ports. Adding a domain: create its service and
 * handler module under electron/core/<domain>/ as `createXHandlers(services: CoreServices)` and
 * spread it below (a domain other domains depend on is built first, as `createXDomain`, and
 * handed to them by name); the type of `handlers` refuses to compile until every contract
 * channel has one. Server calls go through `services.api`, never through fetch or undici.
 */
export function createCore(ports: CorePorts): Core {
  const log = ports.logger.child('core')
  const events = checkedSink(ports.events, ports.devChecks ?? false)
  const assembled = createCoreServices(ports, events, log)
  const { services, sandbox } = assembled
  // Domains with state of their own; what one needs of another is passed to it by name.
  const status = createServerStatus(services, { sandbox, recheck: ports.recheck })
  const vault = createVaultDomain(services, {
    cipher: ports.cipher,
    passphrase: ports.vaultPassphrase,
  })
  const auth = createAuthDomain(services, { vault: vault.current })
  const tokens = createTokensDomain(services, { auth, vault, notify: ports.notify })
  const downloads = createDownloadsHandlers(services, {
    desktop: ports.desktop,
    notify: ports.notify,
    manager: ports.downloads,
  })
  const fromCore = () => ({ signal: new AbortController().signal, sender: 'core' })
  const offline = createOfflineDomain(services, {
    // A pin's raw files go through the one download manager, as any other download.
    startDownload: (spec) =>
      downloads['downloads.start'](downloadSpecSchema.parse(spec), fromCore()),
    listJobs: async () => (await downloads['downloads.list']({}, fromCore())).jobs,
    rawFiles: ports.offlineRawFiles,
  })
  const offlineMode = createOfflineModeDomain(services, { status, manager: offline.manager })
  const kept = () => offlineMode.answers()
  // After every holder of the database, so that its shutdown cleanup runs before theirs.
  const dataMove = createDataMoveDomain(services, ports.dataMove)

  const domains: Omit<HandlersFor<Channels>, 'app.startup'> = {
    ...createAppHandlers(ports, status),
    ...createSettingsHandlers(services.settings, events),
    ...createServersHandlers(services, status, tokens.servers),
    ...createNetworkHandlers(services),
    ...auth.handlers,
    ...vault.handlers,
    ...tokens.handlers,
    ...createSearchHandlers(services, { offline: kept }),
    ...createArchiveHandlers(services, { offline: kept }),
    ...createRawFilesHandlers(services, { offline: kept }),
    ...createUploadsHandlers(services),
    ...downloads,
    ...createGroupsHandlers(services),
    ...offline.handlers,
    ...createOfflineSyncHandlers(services, offline.manager, {
      appVersion: ports.appVersion,
      cache: offlineMode.cachePort,
    }),
    ...offlineMode.handlers,
    ...dataMove.handlers,
  }
  const handlers: HandlersFor<Channels> = { ...domains, ...createStartupHandler(domains) }

  // First look at the active server; failures end up in its status, never as a rejection.
  // Reading settings here also surfaces an unreadable settings file at start, not on first use.
  try {
    void status.check(services.profiles.active())
  } catch (error) {
    log.error('could not read settings at start', { error })
  }

  return {
    handlers,
    services,
    async dispose() {
      status.dispose()
      await assembled.dispose()
    },
  }
}
