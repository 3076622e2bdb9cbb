import type { NetworkMeter, netChannels } from '../../../shared/ipc/channels/net'
import type { HandlersFor } from '../ipc/router'
import type { MeterSnapshot } from './scheduler'
import type { CoreServices } from '../services'

function toIpc(serverId: string, snapshot: MeterSnapshot): NetworkMeter {
  return {
    serverId,
    origin: snapshot.origin,
    state: snapshot.state,
    ...(snapshot.backoffUntil === undefined ? {} : { backoffUntil: snapshot.backoffUntil }),
    ratePerSecond: snapshot.ratePerSecond,
    learnedRate: snapshot.learnedRate,
    concurrencyLimit: snapshot.concurrencyLimit,
    inFlight: snapshot.inFlight,
    queued: { ...snapshot.queued },
    completedPerSecond: snapshot.completedPerSecond,
    throttlesLastMinute: snapshot.throttlesLastMinute,
    history: snapshot.history.map((s) => ({ ...s })),
  }
}

/**
 * The live network meter: 'net.meter' answers one server's snapshot, and every server's meter
 * changes are pushed as 'net.meter' events (the meter itself caps them at 4 per second).
 */
export function createNetworkHandlers(services: CoreServices): HandlersFor<typeof netChannels> {
  const unsubscribe = services.api.subscribeMeters((serverId, snapshot) =>
    services.events.emit('net.meter', toIpc(serverId, snapshot)),
  )
  services.onDispose(unsubscribe)
  return {
    'net.meter': ({ serverId }) => {
      const snapshot = services.api.meter(serverId)
      return Promise.resolve(snapshot === undefined ? null : toIpc(serverId, snapshot))
    },
  }
}
