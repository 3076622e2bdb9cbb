import {
  contract,
  type Channels,
  type EventName,
  type EventPayload,
} from '../../shared/ipc/contract'
import { AppError } from '../../shared/errors'
import { createAppHandlers } from './app/app-handlers'
import { createArchiveHandlers } from './archive/archive-handlers'
import { createCoreServices } from './create-services'
import { createRawFilesHandlers } from './raw-files/raw-files-handlers'
import type { HandlersFor } from './ipc/router'
import { createNetworkHandlers } from './network/network-handlers'
import { createSearchHandlers } from './search/search-handlers'
import type { CorePorts, EventSink } from './ports'
import { probeServer } from './servers/probe'
import { createServersHandlers } from './servers/servers-handlers'
import { createStatusTracker } from './servers/status-tracker'
import type { CoreServices } from './services'
import { createTokensDomain } from './tokens/tokens-domain'
import { createSettingsHandlers } from './settings/settings-handlers'

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
 * spread it below; the type of `handlers` refuses to compile until every contract channel has
 * one. Server calls go through `services.api`, never through fetch or undici directly.
 */
export function createCore(ports: CorePorts): Core {
  const log = ports.logger.child('core')
  const events = checkedSink(ports.events, ports.devChecks ?? false)
  const assembled = createCoreServices(ports, events, log)
  const { services, sandbox } = assembled
  const tracker = createStatusTracker({
    profiles: () => services.profiles.list(),
    probe: async (profile, signal) => {
      try {
        return await probeServer(await services.api.clientFor(profile.id), { signal })
      } catch (error) {
        // The sandbox failed to start, or the profile's address is unusable.
        if (error instanceof AppError && !signal.aborted)
          return { state: 'error', message: error.message }
        throw error
      }
    },
    checkingMessage: (profile) =>
      profile.kind === 'sandbox' && sandbox?.state() !== 'running'
        ? 'Starting the local sandbox…'
        : undefined,
    publish: (status) => events.emit('app.status', status),
    ...(ports.now ? { now: ports.now } : {}),
    ...(ports.recheck ? { recheck: ports.recheck } : {}),
    logger: log.child('servers'),
  })

  const tokens = createTokensDomain(services, {
    ...(ports.cipher === undefined ? {} : { cipher: ports.cipher }),
    ...(ports.vaultPassphrase === undefined ? {} : { vaultPassphrase: ports.vaultPassphrase }),
    ...(ports.notify === undefined ? {} : { notify: ports.notify }),
  })

  const handlers: HandlersFor<Channels> = {
    ...createAppHandlers(ports, tracker),
    ...tokens.handlers,
    ...createSettingsHandlers(services.settings, events),
    ...createServersHandlers(services, tracker, tokens.servers),
    ...createNetworkHandlers(services),
    ...createSearchHandlers(services),
    ...createArchiveHandlers(services),
    ...createRawFilesHandlers(services),
  }

  // First look at the active server; failures end up in its status, never as a rejection.
  // Reading settings here also surfaces an unreadable settings file at start, not on first use.
  try {
    void tracker.check(services.profiles.active())
  } catch (error) {
    log.error('could not read settings at start', { error })
  }

  return {
    handlers,
    services,
    async dispose() {
      tracker.dispose()
      await assembled.dispose()
    },
  }
}
