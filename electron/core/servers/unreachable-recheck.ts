import type { ServerProfile } from '../../../shared/ipc/models/server-profile'
import type { StatusTracker } from './status-tracker'

/**
 * What to do when a request finds a server unreachable: check it now, so that the status bar
 * and the offline banner turn to offline at once instead of at the next scheduled check.
 *
 * A check that was already running does not count: it started before the request failed and
 * may well have found the server online (a server that stopped between the two stayed
 * "online" until the next scheduled check, minutes later). So the running check is superseded,
 * unless it is one this re-check started itself: a burst of failing requests starts one check.
 * A server known offline (or worked offline) needs no check.
 */
export function recheckWhenUnreachable(
  status: StatusTracker,
  profileOf: (serverId: string) => ServerProfile | undefined,
): (serverId: string) => void {
  const running = new Set<string>()
  return (serverId) => {
    const state = status.snapshot().servers[serverId]?.state
    if (state !== 'online' && state !== 'error' && state !== 'checking') return
    if (running.has(serverId)) return
    const profile = profileOf(serverId)
    if (profile === undefined) return
    running.add(serverId)
    void status.check(profile).finally(() => running.delete(serverId))
  }
}
