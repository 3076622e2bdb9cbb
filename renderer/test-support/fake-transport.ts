import type { IpcResult } from '../../shared/ipc/result'
import type { HostConnection, Transport } from '../ipc/transport'

type Handler = (input: unknown) => IpcResult<unknown> | Promise<IpcResult<unknown>>

/**
 * A transport for renderer tests: answers from a map of channel handlers, records every call
 * and cancel, and lets the test push events and connection changes.
 */
export function createFakeTransport(handlers: Record<string, Handler>) {
  const calls: { channel: string; input: unknown; callId: string }[] = []
  const cancels: string[] = []
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const connectionListeners = new Set<(state: HostConnection) => void>()
  let connection: HostConnection = 'open'
  const transport: Transport = {
    kind: 'web',
    invoke(channel, input, callId) {
      calls.push({ channel, input, callId })
      const handler = handlers[channel]
      if (!handler)
        return Promise.resolve({
          ok: false,
          error: { code: 'unknown_channel', message: `No fake handler for ${channel}` },
        })
      return Promise.resolve(handler(input))
    },
    cancel: (callId) => void cancels.push(callId),
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return () => void set.delete(listener)
    },
    connection: () => connection,
    onConnectionChange(listener) {
      connectionListeners.add(listener)
      return () => void connectionListeners.delete(listener)
    },
  }
  return {
    transport,
    calls,
    cancels,
    emit: (event: string, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload)),
    setConnection(state: HostConnection) {
      connection = state
      connectionListeners.forEach((l) => l(state))
    },
  }
}

export const PUBLIC_SERVER = {
  id: 'nomad-public',
  name: 'NOMAD (public)',
  baseUrl: 'https://nomad-lab.eu/prod/v1/api/v1',
  note: 'The central NOMAD repository.',
  kind: 'remote' as const,
  builtIn: true,
}

/** What the app shell asks for before any screen: web mode, the public server, no status yet. */
export const SHELL_HANDLERS = {
  'app.info': () => ({ ok: true, value: { mode: 'web', version: '0.1.0' } }),
  'servers.list': () => ({
    ok: true,
    value: { servers: [PUBLIC_SERVER], activeServerId: 'nomad-public' },
  }),
  'app.status': () => ({ ok: true, value: { activeServerId: 'nomad-public', servers: {} } }),
} satisfies Record<string, Handler>
