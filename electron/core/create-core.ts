import {
  contract,
  type Channels,
  type EventName,
  type EventPayload,
} from '../../shared/ipc/contract'
import { createAppHandlers } from './app/app-handlers'
import type { HandlersFor } from './ipc/router'
import type { CorePorts, EventSink } from './ports'
import { BUILT_IN_SERVERS } from './servers/built-in'
import { probeServer } from './servers/probe'
import { createServerProfiles } from './servers/server-profiles'
import { createServersHandlers } from './servers/servers-handlers'
import { createStatusTracker } from './servers/status-tracker'
import { createSettingsHandlers } from './settings/settings-handlers'
import { createSettingsRepo } from './settings/settings-repo'

export interface Core {
  /** One handler per contract channel; main and the host wrap them in the same router. */
  handlers: HandlersFor<Channels>
  dispose(): void
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
 * handler module under electron/core/<domain>/ and spread its handlers below; the type of
 * `handlers` refuses to compile until every contract channel has one.
 */
export function createCore(ports: CorePorts): Core {
  const log = ports.logger.child('core')
  const events = checkedSink(ports.events, ports.devChecks ?? false)
  const repo = createSettingsRepo({ store: ports.settingsStore, logger: log.child('settings') })
  const profiles = createServerProfiles({
    repo,
    builtIns: BUILT_IN_SERVERS,
    onChange: (list) => events.emit('servers.changed', list),
  })
  const tracker = createStatusTracker({
    profiles: () => profiles.list(),
    probe: (baseUrl, signal) =>
      probeServer(baseUrl, { signal, ...(ports.fetch ? { fetch: ports.fetch } : {}) }),
    publish: (status) => events.emit('app.status', status),
    ...(ports.now ? { now: ports.now } : {}),
    ...(ports.recheck ? { recheck: ports.recheck } : {}),
    logger: log.child('servers'),
  })

  const handlers: HandlersFor<Channels> = {
    ...createAppHandlers(ports, tracker),
    ...createSettingsHandlers(repo, events),
    ...createServersHandlers(profiles, tracker),
  }

  // First look at the active server; failures end up in its status, never as a rejection.
  // Reading settings here also surfaces an unreadable settings file at start, not on first use.
  try {
    void tracker.check(profiles.active())
  } catch (error) {
    log.error('could not read settings at start', { error })
  }

  return { handlers, dispose: () => tracker.dispose() }
}
