import type { NomadBridge } from '../../shared/ipc/bridge'
import type { Transport } from './transport'

/** The Electron transport: a thin pass-through to the preload's frozen window.nomad. */
export function createElectronTransport(bridge: NomadBridge): Transport {
  return {
    kind: 'electron',
    invoke: (channel, input, callId) => bridge.invoke(channel, input, callId),
    cancel: (callId) => bridge.cancel(callId),
    subscribe: (event, listener) => bridge.subscribe(event, listener),
    // IPC to main cannot drop while the window exists.
    connection: () => 'open',
    onConnectionChange: () => () => undefined,
  }
}
