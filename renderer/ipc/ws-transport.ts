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

/**
 * The calls made before the first connection that may travel in its upgrade request (the
 * `calls` query parameter, a JSON array of frames), in characters of JSON. The host allows 4 kB.
 */
export const CARRIED_MAX = 2048

/**
 * The channels whose calls may travel in a URL: those that carry nothing secret (a URL shows up
 * in Chromium's network log and DevTools, a frame's body does not stay anywhere).
 */
export const CARRIED_CHANNELS: ReadonlySet<string> = new Set(['app.startup', 'app.info'])

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
  const queue: Queued[] = []
  const eventListeners = new Map<string, Set<(payload: unknown) => void>>()
  const stateListeners = new Set<(state: HostConnection) => void>()
  let state: HostConnection = 'connecting'
  let attempt = 0
  // Undefined until the first connection, at the end of the task that made the transport.
  let socket: SocketLike | undefined

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
    const current = createSocket(withCarried(options.url, queue))
    socket = current
    current.onopen = () => {
      attempt = 0
      setState('open')
      for (const frame of queue.splice(0)) current.send(frame.text)
    }
    current.onmessage = (event) => onMessage(event.data)
    current.onerror = () => undefined // always followed by onclose, which handles it
    current.onclose = () => {
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
  // The first connection is made at the end of this task, not at once: the calls made in the
  // same task (the start-up call, renderer/ipc/early-startup.ts) then travel in the upgrade
  // request, and the host answers them as soon as the socket is up. Sent on 'open' instead,
  // they waited for the page's main thread, busy evaluating the app's code, to see the socket
  // open (docs/performance.md).
  queueMicrotask(connect)

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
        if (socket?.readyState === OPEN) socket.send(text)
        else queue.push({ channel, text })
      })
    },
    cancel(callId) {
      if (!pending.has(callId)) return
      pending.delete(callId)
      if (socket?.readyState === OPEN) socket.send(JSON.stringify({ cancel: callId }))
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

/** A frame waiting for the socket, with its channel (cancel frames are never queued). */
interface Queued {
  channel: string
  text: string
}

/**
 * The socket's URL with the first queued frames as its `calls` parameter, while they are on a
 * channel in CARRIED_CHANNELS and fit in CARRIED_MAX; those leave the queue, the rest stay in it
 * for the open socket, in their order.
 */
function withCarried(url: string, queue: Queued[]): string {
  let length = 2
  let count = 0
  for (const frame of queue) {
    if (!CARRIED_CHANNELS.has(frame.channel) || length + frame.text.length + 1 > CARRIED_MAX) break
    length += frame.text.length + 1
    count += 1
  }
  if (count === 0) return url
  const carried = `[${queue
    .splice(0, count)
    .map((frame) => frame.text)
    .join(',')}]`
  return `${url}${url.includes('?') ? '&' : '?'}calls=${encodeURIComponent(carried)}`
}
