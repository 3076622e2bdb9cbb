import type { IpcResult } from '../../shared/ipc/result'
import type { HostConnection, Transport } from './transport'

/** The subset of the browser WebSocket this transport uses; tests pass a fake. */
export interface SocketLike {
  readonly readyState: number
  onopen: ((event: unknown) => void) | null
  onclose: ((event: unknown) => void) | null
  onerror: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  send(data: string): void
  close(): void
}

export interface WsTransportOptions {
  url: string
  createSocket?: (url: string) => SocketLike
  /** Reconnect delays: initial, doubling up to max, with jitter. */
  backoff?: { initialMs: number; maxMs: number }
  random?: () => number
  /**
   * Parses a frame of at least BIG_FRAME characters away from the UI thread (a Web Worker);
   * frames are still handled in the order they came.
   */
  parseOffThread?: (text: string) => Promise<unknown>
}

/** Frames from this size ("Copy value" of a large section) are parsed off the UI thread. */
export const BIG_FRAME = 1024 * 1024

const OPEN = 1

/** The web host's address: same origin, path /ipc; the session cookie authenticates. */
export function wsUrlFor(location: Pick<Location, 'protocol' | 'host' | 'search'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  const token = new URLSearchParams(location.search).get('token')
  return `${scheme}://${location.host}/ipc${token ? `?token=${encodeURIComponent(token)}` : ''}`
}

const lostResult = (message: string): IpcResult<never> => ({
  ok: false,
  error: { code: 'network', message },
})

/**
 * The web-mode transport: JSON frames over one WebSocket to the host. Calls made before the
 * first connection are queued; while the connection is lost, calls fail at once with a
 * 'network' error and the socket reconnects with capped, jittered backoff.
 */
export function createWsTransport(options: WsTransportOptions): Transport {
  const createSocket = options.createSocket ?? ((url) => new WebSocket(url) as SocketLike)
  const backoff = options.backoff ?? { initialMs: 500, maxMs: 10_000 }
  const random = options.random ?? Math.random
  const pending = new Map<string, (result: IpcResult<unknown>) => void>()
  const queue: string[] = []
  const eventListeners = new Map<string, Set<(payload: unknown) => void>>()
  const stateListeners = new Set<(state: HostConnection) => void>()
  let state: HostConnection = 'connecting'
  let attempt = 0
  let socket: SocketLike

  function setState(next: HostConnection) {
    if (next === state) return
    state = next
    for (const listener of stateListeners) listener(next)
  }

  // Frames behind a big one being parsed wait for it, so answers and events keep their order.
  let inOrder: Promise<void> = Promise.resolve()
  let behind = 0

  function onMessage(data: unknown) {
    if (typeof data !== 'string') return
    const parseOffThread = options.parseOffThread
    if (behind === 0 && (data.length < BIG_FRAME || !parseOffThread)) {
      dispatch(parseOrUndefined(data))
      return
    }
    behind += 1
    const parsed =
      data.length >= BIG_FRAME && parseOffThread
        ? // A worker that cannot start (or answers "not JSON") leaves the frame to this thread.
          parseOffThread(data).catch(() => parseOrUndefined(data))
        : Promise.resolve(parseOrUndefined(data))
    inOrder = inOrder
      .then(() => parsed)
      .then((frame) => {
        behind -= 1
        dispatch(frame)
      })
  }

  function parseOrUndefined(data: string): unknown {
    try {
      return JSON.parse(data) as unknown
    } catch {
      return undefined
    }
  }

  function dispatch(frame: unknown) {
    if (typeof frame !== 'object' || frame === null) return
    if ('event' in frame && typeof frame.event === 'string') {
      const payload = 'payload' in frame ? frame.payload : undefined
      eventListeners.get(frame.event)?.forEach((listener) => listener(payload))
    } else if ('id' in frame && typeof frame.id === 'string' && 'result' in frame) {
      const resolve = pending.get(frame.id)
      pending.delete(frame.id)
      resolve?.(frame.result as IpcResult<unknown>)
    }
  }

  function connect() {
    socket = createSocket(options.url)
    socket.onopen = () => {
      attempt = 0
      setState('open')
      for (const text of queue.splice(0)) socket.send(text)
    }
    socket.onmessage = (event) => onMessage(event.data)
    socket.onerror = () => undefined // always followed by onclose, which handles it
    socket.onclose = () => {
      const failed = [...pending.values()]
      pending.clear()
      queue.length = 0
      for (const resolve of failed)
        resolve(
          lostResult(
            'The connection to the NOMAD Desktop host was lost before it answered. It is reconnecting; try again in a moment.',
          ),
        )
      setState('lost')
      const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempt)
      attempt += 1
      setTimeout(connect, delay / 2 + (random() * delay) / 2)
    }
  }
  connect()

  return {
    kind: 'web',
    invoke(channel, input, callId) {
      if (state === 'lost')
        return Promise.resolve(
          lostResult(
            'Not connected to the NOMAD Desktop host. If `npm run web` was stopped, start it again and open the new URL it prints.',
          ),
        )
      return new Promise((resolve) => {
        pending.set(callId, resolve)
        const text = JSON.stringify({ id: callId, channel, input })
        if (socket.readyState === OPEN) socket.send(text)
        else queue.push(text)
      })
    },
    cancel(callId) {
      if (!pending.has(callId)) return
      pending.delete(callId)
      if (socket.readyState === OPEN) socket.send(JSON.stringify({ cancel: callId }))
    },
    subscribe(event, listener) {
      const set = eventListeners.get(event) ?? new Set()
      set.add(listener)
      eventListeners.set(event, set)
      return () => {
        set.delete(listener)
      }
    },
    connection: () => state,
    onConnectionChange(listener) {
      stateListeners.add(listener)
      return () => {
        stateListeners.delete(listener)
      }
    },
  }
}
