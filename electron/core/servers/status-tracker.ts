import type { AppStatus } from '../../../shared/ipc/channels/app'
import type { ServerProfile, ServerStatus } from '../../../shared/ipc/models/server-profile'
import { silentLogger, type Logger } from '../logging'
import type { ProbeOutcome } from './probe'

/**
 * Keeps the connection state of every server profile and pushes each change as one 'app.status'
 * snapshot. Only the active server is checked on its own (at start, on selection, on a URL
 * change, then again after onlineMs/failedMs); others only when the user asks (servers.check),
 * so the app never polls deployments the user is not working with.
 */
export interface StatusTracker {
  snapshot(): AppStatus
  /** Probes one server now; a newer check of the same server supersedes an older one. */
  check(profile: ServerProfile): Promise<ServerStatus>
  /** Call after any profile change: drops statuses of removed profiles, re-checks the active one. */
  sync(opts?: { recheckActive?: boolean; resetIds?: string[] }): void
  dispose(): void
}

export interface StatusTrackerOptions {
  profiles: () => { servers: ServerProfile[]; activeServerId: string }
  probe: (profile: ServerProfile, signal: AbortSignal) => Promise<ProbeOutcome>
  /** What to say while a check runs (e.g. "Starting the local sandbox…"); none by default. */
  checkingMessage?: (profile: ServerProfile) => string | undefined
  publish: (status: AppStatus) => void
  now?: () => number
  /** 0 disables automatic re-checks. */
  recheck?: { onlineMs: number; failedMs: number }
  logger?: Logger
  /** When the user switched the server to work offline (no probe is sent then), or undefined. */
  manualOffline?: (profileId: string) => number | undefined
}

/** What the status bar and the offline banner say of a server the user works offline from. */
export const MANUAL_OFFLINE_MESSAGE = 'Nothing is sent to this server.'

export function createStatusTracker(options: StatusTrackerOptions): StatusTracker {
  const now = options.now ?? Date.now
  const log = options.logger ?? silentLogger
  const recheck = options.recheck ?? { onlineMs: 5 * 60_000, failedMs: 30_000 }
  const statuses = new Map<string, ServerStatus>()
  const running = new Map<string, { controller: AbortController; done: Promise<ServerStatus> }>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let disposed = false

  function snapshot(): AppStatus {
    const { servers, activeServerId } = options.profiles()
    return {
      activeServerId,
      servers: Object.fromEntries(
        servers.map((s) => [s.id, statuses.get(s.id) ?? { state: 'unknown' as const }]),
      ),
    }
  }

  const publish = () => {
    if (!disposed) options.publish(snapshot())
  }

  function scheduleActive(state: ServerStatus['state']): void {
    clearTimeout(timer)
    const delay = state === 'online' ? recheck.onlineMs : recheck.failedMs
    if (disposed || delay <= 0) return
    timer = setTimeout(() => {
      const { servers, activeServerId } = options.profiles()
      const active = servers.find((s) => s.id === activeServerId)
      if (active) void check(active)
    }, delay)
    // A pending re-check must never keep the web host or a test process alive.
    timer.unref?.()
  }

  function check(profile: ServerProfile): Promise<ServerStatus> {
    running.get(profile.id)?.controller.abort()
    const controller = new AbortController()
    const done = run(profile, controller)
    running.set(profile.id, { controller, done })
    return done
  }

  async function run(profile: ServerProfile, controller: AbortController): Promise<ServerStatus> {
    const previous = statuses.get(profile.id)
    const manualSince = options.manualOffline?.(profile.id)
    if (manualSince !== undefined) {
      clearTimeout(timer)
      const status: ServerStatus = {
        state: 'offline',
        manual: true,
        since: manualSince,
        message: MANUAL_OFFLINE_MESSAGE,
      }
      statuses.set(profile.id, status)
      publish()
      return status
    }
    const message = options.checkingMessage?.(profile)
    // Leaving "Work offline": nothing of that state carries over into the check.
    statuses.set(profile.id, {
      ...(previous?.manual === true ? {} : previous),
      state: 'checking',
      ...(message === undefined ? {} : { message }),
    })
    publish()
    try {
      const outcome = await options.probe(profile, controller.signal)
      const checkedAt = now()
      // Offline since the first failed check of an unbroken run of them.
      const offlineSince =
        (previous?.state === 'offline' || previous?.state === 'checking') && !previous.manual
          ? previous.since
          : undefined
      const status: ServerStatus = {
        ...outcome,
        checkedAt,
        ...(outcome.state === 'offline' ? { since: offlineSince ?? checkedAt } : {}),
      }
      statuses.set(profile.id, status)
      log.info('server checked', { server: profile.id, state: status.state })
      publish()
      if (options.profiles().activeServerId === profile.id) scheduleActive(status.state)
      return status
    } catch (error) {
      // Superseded by a newer check (whose answer is the caller's answer too) or disposed.
      if (controller.signal.aborted) {
        const newer = running.get(profile.id)
        if (newer && newer.controller !== controller) return newer.done
        return statuses.get(profile.id) ?? { state: 'unknown' }
      }
      const status: ServerStatus = {
        state: 'error',
        message: `The check failed: ${error instanceof Error ? error.message : String(error)}`,
        checkedAt: now(),
      }
      statuses.set(profile.id, status)
      publish()
      return status
    } finally {
      if (running.get(profile.id)?.controller === controller) running.delete(profile.id)
    }
  }

  function sync(opts: { recheckActive?: boolean; resetIds?: string[] } = {}): void {
    const { servers, activeServerId } = options.profiles()
    const ids = new Set(servers.map((s) => s.id))
    for (const id of [...statuses.keys()])
      if (!ids.has(id) || opts.resetIds?.includes(id)) {
        running.get(id)?.controller.abort()
        running.delete(id)
        statuses.delete(id)
      }
    const active = servers.find((s) => s.id === activeServerId)
    if (opts.recheckActive && active) void check(active)
    else publish()
  }

  return {
    snapshot,
    check,
    sync,
    dispose() {
      disposed = true
      clearTimeout(timer)
      for (const { controller } of running.values()) controller.abort()
      running.clear()
    },
  }
}
