import { createApiRegistry } from './api/client-registry'
import { createSettableCredentialSource } from './api/credentials'
import type { Logger } from './logging'
import { createRealClock, SchedulerRegistry } from './network/scheduler'
import { createHttpDispatcher } from './network/http-adapter'
import { createSettingsLimitsStore } from './network/settings-limits-store'
import type { CorePorts, EventSink } from './ports'
import { BUILT_IN_SERVERS } from './servers/built-in'
import { LocalSandbox, sandboxProfile } from './servers/local-sandbox'
import { createOfflineMode } from './servers/offline-mode'
import { createServerProfiles } from './servers/server-profiles'
import type { CoreServices } from './services'
import { openEmbeddedDb } from './storage/embedded-db'
import { createDbHolder } from './db-holder'
import { dataDirOf, readPointer, requireDataDir, settlePointer } from './data-move/location-pointer'
import { createSettingsRepo } from './settings/settings-repo'

export interface AssembledServices {
  services: CoreServices
  /** The sandbox launcher when the host provides one (its state drives "starting…"). */
  sandbox: LocalSandbox | undefined
  /** Runs every onDispose cleanup (newest first), then shuts the API registry down. */
  dispose(): Promise<void>
}

/**
 * Builds the shared services from the ports: settings, profiles (with the Local sandbox when
 * the host can start one), one scheduler per origin with limits persisted in settings, one
 * keep-alive dispatcher, and the API registry on top.
 */
export function createCoreServices(
  ports: CorePorts,
  events: EventSink,
  log: Logger,
): AssembledServices {
  const settings = createSettingsRepo({ store: ports.settingsStore, logger: log.child('settings') })
  const cleanups: (() => void | Promise<void>)[] = []
  let announce = (): void => undefined
  const sandbox =
    ports.sandbox === undefined ? undefined : new LocalSandbox(ports.sandbox, () => announce())
  const profiles = createServerProfiles({
    repo: settings,
    builtIns: () =>
      sandbox === undefined
        ? BUILT_IN_SERVERS
        : [...BUILT_IN_SERVERS, sandboxProfile(sandbox.baseUrl())],
    onChange: (list) => events.emit('servers.changed', list),
  })
  // The sandbox's address is known only once it runs: re-announce the list when it changes.
  announce = () => events.emit('servers.changed', profiles.list())
  const credentials = createSettableCredentialSource()
  const schedulers = new SchedulerRegistry({
    clock: createRealClock(),
    store: createSettingsLimitsStore(settings, log.child('network')),
    ...(ports.scheduler === undefined ? {} : { config: ports.scheduler }),
  })
  const now = ports.now ?? Date.now
  const offlineMode = createOfflineMode(settings, now)
  const api = createApiRegistry({
    profiles,
    credentials,
    schedulers,
    dispatcher: ports.dispatcher ?? createHttpDispatcher(),
    userAgent: `NOMAD-Desktop/${ports.appVersion}`,
    logger: log.child('api'),
    offline: offlineMode,
    ...(sandbox === undefined ? {} : { sandbox }),
  })
  // One owner of the data's database: opened on first use (after finishing a move a crash
  // interrupted, data-move/), reopened elsewhere by a move, closed after every cleanup.
  const pointer = readPointer(ports.dataDir, log.child('data-move'))
  const database = createDbHolder({
    dir: pointer === undefined ? ports.dataDir : dataDirOf(pointer),
    open: async (dir) => {
      if (pointer !== undefined) {
        requireDataDir(ports.dataDir, pointer)
        await settlePointer(ports.dataDir, pointer)
      }
      return openEmbeddedDb(dir)
    },
  })
  const services: CoreServices = {
    settings,
    profiles,
    api,
    credentials,
    events,
    logger: log,
    dataDir: ports.dataDir,
    now,
    offlineMode,
    libraryDir: () => database.dir(),
    embeddedDb: () => database.current(),
    database,
    onDispose: (cleanup) => void cleanups.push(cleanup),
  }
  return {
    services,
    sandbox,
    async dispose() {
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup()
        } catch (error) {
          log.error('cleanup failed at shutdown', { error })
        }
      }
      await api.dispose()
      await database.close()
    },
  }
}
