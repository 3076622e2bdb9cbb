import type { Dispatcher } from 'undici'
import type { AppError } from '../../../shared/errors'
import type { ServerProfile } from '../../../shared/ipc/models/server-profile'
import { silentLogger, type Logger } from '../logging'
import { originOf, type MeterSnapshot, type SchedulerRegistry } from '../network/scheduler'
import type { LocalSandbox } from '../servers/local-sandbox'
import { nullCredentialSource, type CredentialSource } from './credentials'
import { NomadClient } from './nomad-client'

export type MeterListener = (serverId: string, snapshot: MeterSnapshot) => void

/** Every server call of the app starts here: one NomadClient per server profile. */
export interface ApiRegistry {
  /** The client of a profile; starts the Local sandbox first when the profile is the sandbox. */
  clientFor(serverId: string): Promise<NomadClient>
  /** The client of the active profile. */
  active(): Promise<NomadClient>
  /**
   * A one-off anonymous client for an address no profile has yet (the Add server form checks
   * it before saving). It goes through the origin's scheduler; call `release` when done.
   */
  clientForAddress(baseUrl: string): { client: NomadClient; release: () => void }
  /** The live meter of a server, or undefined while it has no address yet (sandbox not started). */
  meter(serverId: string): MeterSnapshot | undefined
  /** Meter changes of every server with a client (at most 4 per second per server). */
  subscribeMeters(listener: MeterListener): () => void
  /** After profile changes: drops clients of removed or re-addressed profiles. */
  sync(): void
  /** Flushes learned limits, cancels pending requests, stops the sandbox, closes sockets. */
  dispose(): Promise<void>
}

export interface ApiRegistryOptions {
  profiles: {
    get(id: string): ServerProfile
    active(): ServerProfile
    list(): { servers: ServerProfile[] }
  }
  credentials: CredentialSource
  schedulers: SchedulerRegistry
  dispatcher: Dispatcher
  sandbox?: LocalSandbox
  userAgent?: string
  logger?: Logger
  /** Offline mode: refuses requests to a server the user works offline from, hears failures. */
  offline?: {
    refusal(serverId: string, serverName?: string): AppError | undefined
    unreachable(serverId: string): void
  }
}

interface Entry {
  baseUrl: string
  origin: string
  client: NomadClient
}

/**
 * Where a profile's learned limits are kept. The Local sandbox starts on a new free port every
 * time, so its origin would be a new key at every start (limits never reused, the store growing);
 * it is one server, so it gets one key. Others are keyed by origin: limits belong to the host.
 */
export function limitsKeyOf(profile: ServerProfile): string | undefined {
  return profile.kind === 'sandbox' ? `sandbox:${profile.id}` : undefined
}

export function createApiRegistry(options: ApiRegistryOptions): ApiRegistry {
  const { profiles, schedulers, offline } = options
  const log = options.logger ?? silentLogger
  const clients = new Map<string, Entry>()
  const meterListeners = new Set<MeterListener>()
  const originSubscriptions = new Map<string, () => void>()

  function emitMeter(origin: string, snapshot: MeterSnapshot): void {
    for (const [serverId, entry] of clients) {
      if (entry.origin !== origin) continue
      for (const listener of meterListeners) listener(serverId, snapshot)
    }
  }

  function watchOrigin(origin: string, url: string): void {
    if (originSubscriptions.has(origin)) return
    const scheduler = schedulers.get(url)
    originSubscriptions.set(
      origin,
      scheduler.meter.subscribe((snapshot) => emitMeter(origin, snapshot)),
    )
  }

  function clientAt(profile: ServerProfile, baseUrl: string): NomadClient {
    const existing = clients.get(profile.id)
    if (existing?.baseUrl === baseUrl) return existing.client
    const origin = originOf(baseUrl)
    const client = new NomadClient({
      serverId: profile.id,
      baseUrl,
      scheduler: schedulers.get(baseUrl, limitsKeyOf(profile)),
      dispatcher: options.dispatcher,
      credentials: options.credentials,
      logger: log.child(profile.id),
      ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
      ...(offline === undefined
        ? {}
        : {
            offline: {
              refusal: () => offline.refusal(profile.id, profile.name),
              unreachable: () => offline.unreachable(profile.id),
            },
          }),
    })
    clients.set(profile.id, { baseUrl, origin, client })
    watchOrigin(origin, baseUrl)
    return client
  }

  async function clientFor(serverId: string): Promise<NomadClient> {
    const profile = profiles.get(serverId)
    if (profile.kind === 'sandbox' && options.sandbox !== undefined)
      return clientAt(profile, await options.sandbox.ensureStarted())
    return clientAt(profile, profile.baseUrl)
  }

  function dropOrigin(origin: string, url: string): void {
    if ([...clients.values()].some((entry) => entry.origin === origin)) return
    originSubscriptions.get(origin)?.()
    originSubscriptions.delete(origin)
    schedulers.remove(url)
  }

  return {
    clientFor,
    active: () => clientFor(profiles.active().id),
    clientForAddress(baseUrl) {
      const client = new NomadClient({
        serverId: 'unsaved-address',
        baseUrl,
        scheduler: schedulers.get(baseUrl),
        dispatcher: options.dispatcher,
        // Never a stored token: the address belongs to no profile the user chose a token for.
        credentials: nullCredentialSource,
        logger: log.child('unsaved-address'),
        ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
      })
      return { client, release: () => dropOrigin(originOf(baseUrl), baseUrl) }
    },
    meter(serverId) {
      const entry = clients.get(serverId)
      if (entry !== undefined) return schedulers.get(entry.baseUrl).meter.snapshot()
      const profile = profiles.get(serverId)
      // A remote client costs nothing until it sends; the sandbox has no address before it runs.
      if (profile.kind === 'sandbox') return undefined
      return schedulers.get(clientAt(profile, profile.baseUrl).baseUrl).meter.snapshot()
    },
    subscribeMeters(listener) {
      meterListeners.add(listener)
      return () => meterListeners.delete(listener)
    },
    sync() {
      const current = new Map(profiles.list().servers.map((p) => [p.id, p]))
      for (const [serverId, entry] of [...clients]) {
        const profile = current.get(serverId)
        const moved =
          profile === undefined || (profile.kind !== 'sandbox' && profile.baseUrl !== entry.baseUrl)
        if (!moved) continue
        clients.delete(serverId)
        dropOrigin(entry.origin, entry.baseUrl)
      }
    },
    async dispose() {
      for (const unsubscribe of originSubscriptions.values()) unsubscribe()
      originSubscriptions.clear()
      meterListeners.clear()
      clients.clear()
      schedulers.dispose()
      await options.sandbox?.close()
      await options.dispatcher.close()
    },
  }
}
