import { hasLoneSurrogate } from '../../../shared/api/json-bounds'
import { AppError } from '../../../shared/errors'
import { CALL_ID_MAX } from '../../../shared/ipc/bridge'
import { cancelFrameSchema, invokeFrameSchema, type ReplyFrame } from '../../../shared/ipc/frames'
import { fail } from '../../../shared/ipc/result'
import { silentLogger, type Logger } from '../logging'
import type { Router } from './router'

/**
 * One caller's view of the router: a renderer window in Electron or a WebSocket connection in
 * web mode. It tracks in-flight calls by id so a cancel frame can abort the right AbortSignal,
 * and closing the session aborts everything still running (the window or socket is gone).
 */
export interface CallSession {
  /** Answers one invoke frame; null when the frame is so malformed it has no id to reply to. */
  invoke(frame: unknown): Promise<ReplyFrame | null>
  /** Handles a cancel frame ({cancel: id}); unknown ids are ignored (the call already ended). */
  cancel(frame: unknown): void
  close(): void
  readonly inFlight: number
}

/** The frame's id when it has a usable one (a string of valid Unicode), to address a reply. */
function frameId(frame: unknown): string | null {
  if (typeof frame !== 'object' || frame === null || !('id' in frame)) return null
  const id = frame.id
  if (typeof id !== 'string' || id.length === 0 || hasLoneSurrogate(id)) return null
  return id.slice(0, CALL_ID_MAX)
}

export function createCallSession(
  router: Router,
  sender: string,
  logger: Logger = silentLogger,
): CallSession {
  const running = new Map<string, AbortController>()
  let closed = false

  async function invoke(frame: unknown): Promise<ReplyFrame | null> {
    try {
      return await answer(frame)
    } catch (error) {
      // The router answers every failure itself; reaching this is a bug, but the caller still
      // gets a reply and the process lives. Logged once, without the frame (it may hold secrets).
      logger.error('call failed outside the router', {
        sender,
        error: error instanceof Error ? `${error.name}: ${error.message}` : typeof error,
      })
      const id = frameId(frame)
      if (id === null) return null
      return {
        id,
        result: fail({ code: 'internal', message: 'The call failed unexpectedly.' }),
      }
    }
  }

  async function answer(frame: unknown): Promise<ReplyFrame | null> {
    const parsed = invokeFrameSchema.safeParse(frame)
    if (!parsed.success) {
      const id = frameId(frame)
      logger.info('refused malformed invoke frame', { sender, hasId: id !== null })
      if (id === null) return null
      return {
        id,
        result: fail({
          code: 'invalid_input',
          message: 'Malformed call: expected {id, channel, input}.',
        }),
      }
    }
    const { id, channel, input } = parsed.data
    if (closed)
      return { id, result: fail(new AppError('cancelled', 'The connection was closed.').toData()) }
    if (running.has(id))
      return {
        id,
        result: fail({ code: 'invalid_input', message: `Call id “${id}” is already in use.` }),
      }
    const controller = new AbortController()
    running.set(id, controller)
    try {
      const result = await router.call(channel, input, { signal: controller.signal, sender })
      return { id, result }
    } finally {
      running.delete(id)
    }
  }

  function cancel(frame: unknown): void {
    const parsed = cancelFrameSchema.safeParse(frame)
    if (!parsed.success) {
      logger.info('ignored malformed cancel frame', { sender })
      return
    }
    running.get(parsed.data.cancel)?.abort()
  }

  function close(): void {
    closed = true
    for (const controller of running.values()) controller.abort()
    running.clear()
  }

  return {
    invoke,
    cancel,
    close,
    get inFlight() {
      return running.size
    },
  }
}
