import type { ApiRegistry } from './api/client-registry'
import type { SettableCredentialSource } from './api/credentials'
import type { Logger } from './logging'
import type { EventSink } from './ports'
import type { DbHolder } from './db-holder'
import type { EmbeddedDb } from './storage/embedded-db'
import type { OfflineMode } from './servers/offline-mode'
import type { ServerProfiles } from './servers/server-profiles'
import type { SettingsRepo } from './settings/settings-repo'

/**
 * What every domain's handler factory receives: `createXHandlers(services)` in create-core.
 * Deliberately small — only what more than one domain needs:
 * - settings: the one settings document (read a copy, write whole documents);
 * - profiles: server profiles and the active one;
 * - api: every request to a server goes through `api.clientFor(serverId)` (or `api.active()`),
 *   which routes it through that server's scheduler and attaches credentials;
 * - credentials: where clients get tokens; the tokens service plugs its vault in with `use()`;
 * - events: push typed events to the renderer; logger: redacting; dataDir: the app's folder
 *   (settings, vault, search history: never moves);
 * - libraryDir: the folder the database and the pins' raw files are in now (the app's folder
 *   unless the user moved the data, data-move/); read it when you use it, it can change;
 * - now: the wall clock (injectable in tests);
 * - offlineMode: which servers the user works offline from (no request goes to them), and the
 *   unreachable-server signal the status tracker and the offline fallbacks share;
 * - embeddedDb: the data folder's one embedded database, opened on first use and closed at
 *   shutdown; each domain takes a named sub-database of it (docs/storage.md); a move reopens
 *   it elsewhere, so hold it through openDbManager (db-manager.ts), which `database` reaches;
 * - onDispose: register cleanup that runs when core shuts down (last registered runs first).
 */
export interface CoreServices {
  settings: SettingsRepo
  profiles: ServerProfiles
  api: ApiRegistry
  credentials: SettableCredentialSource
  events: EventSink
  logger: Logger
  dataDir: string
  now: () => number
  offlineMode: OfflineMode
  libraryDir(): string
  embeddedDb(): Promise<EmbeddedDb>
  database: DbHolder
  onDispose(cleanup: () => void | Promise<void>): void
}
