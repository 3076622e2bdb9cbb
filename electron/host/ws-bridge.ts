import type { IncomingMessage } from 'node:http'
import type { RawData, WebSocket, WebSocketServer } from 'ws'
import type { EventFrame, ReplyFrame } from '../../shared/ipc/frames'
import { fail } from '../../shared/ipc/result'
import type { Router } from '../core/ipc/router'
import { createCallSession } from '../core/ipc/session'
import type { Logger } from '../core/logging'

/** ws hands over a Buffer, an ArrayBuffer or fragments; frames are UTF-8 JSON text. */
export function rawDataToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (Buffer.isBuffer(data)) return data.toString('utf8')
  return Buffer.from(data).toString('utf8')
}

function errorName(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : typeof error
}

/** The reply as JSON text; a value JSON cannot carry (a BigInt, a cycle) becomes an error reply. */
function serialise(reply: ReplyFrame): string {
  try {
    return JSON.stringify(reply)
  } catch (error) {
    return JSON.stringify({
      id: reply.id,
      result: fail({
        code: 'internal',
        message: `The answer could not be encoded as JSON (${errorName(error)}).`,
      }),
    })
  }
}

/** The most the `calls` parameter of an upgrade may hold, in characters (the renderer sends ≤ 2 kB). */
export const CARRIED_LIMIT = 4096

/**
 * The frames a renderer made before its socket existed, carried in the upgrade request's
 * `calls` parameter (a JSON array; renderer/ipc/ws-transport.ts): answered as soon as the socket
 * is up, without waiting for the page to see it open and send them. A parameter that is too
 * long or not a JSON array is ignored (and logged); its frames then simply go unanswered, as a
 * frame that is not JSON does.
 */
export function carriedFrames(url: string | undefined, logger: Logger): unknown[] {
  const text = new URL(url ?? '/', 'http://host').searchParams.get('calls')
  if (text === null) return []
  const refuse = (reason: string) => {
    logger.warn('ignored the calls carried by a WebSocket upgrade', { reason })
    return []
  }
  if (text.length > CARRIED_LIMIT) return refuse(`longer than ${CARRIED_LIMIT} characters`)
  let frames: unknown
  try {
    frames = JSON.parse(text)
  } catch {
    return refuse('not JSON')
  }
  return Array.isArray(frames) ? frames : refuse('not a JSON array')
}

/**
 * Runs the IPC router over the host's WebSocket: each connection is one "sender" with its own
 * call session (so cancels and disconnects abort only its calls). Text frames carry JSON
 * {id, channel, input} or {cancel: id}; replies and events go back as JSON text. The calls the
 * renderer made before the socket existed come with the upgrade request (carriedFrames).
 */
export function attachRouter(wss: WebSocketServer, router: Router, logger: Logger): void {
  let connections = 0
  wss.on('connection', (socket: WebSocket, req: IncomingMessage) => {
    const sender = `web:${++connections}`
    const session = createCallSession(router, sender, logger)
    logger.info('renderer connected', { sender })

    const handle = (frame: unknown) => {
      if (typeof frame === 'object' && frame !== null && Object.hasOwn(frame, 'cancel')) {
        session.cancel(frame)
        return
      }
      // invoke() never rejects; the catch is the last line of defence, because an unhandled
      // rejection would end the host and every session in it.
      session
        .invoke(frame)
        .then((reply) => {
          if (reply && socket.readyState === socket.OPEN) socket.send(serialise(reply))
        })
        .catch((error: unknown) =>
          logger.error('could not answer a call', { sender, error: errorName(error) }),
        )
    }

    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) {
        logger.warn('ignored a binary frame', { sender })
        return
      }
      let frame: unknown
      try {
        frame = JSON.parse(rawDataToText(data))
      } catch {
        logger.warn('ignored a frame that is not JSON', { sender })
        return
      }
      handle(frame)
    })
    socket.on('close', () => {
      session.close()
      logger.info('renderer disconnected', { sender })
    })
    socket.on('error', (error) => logger.warn('socket error', { sender, error }))
    for (const frame of carriedFrames(req.url, logger.child(sender))) handle(frame)
  })
}

/** Sends one event to every connected renderer. */
export function broadcast(wss: WebSocketServer, frame: EventFrame): void {
  const text = JSON.stringify(frame)
  for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(text)
}
