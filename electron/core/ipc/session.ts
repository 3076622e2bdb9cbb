import { AppError } from '../../../shared/errors'
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

export function createCallSession(
  router: Router,
  sender: string,
  logger: Logger = silentLogger,
): CallSession {
  const running = new Map<string, AbortController>()
  let closed = false

  async function invoke(frame: unknown): Promise<ReplyFrame | null> {
    const parsed = invokeFrameSchema.safeParse(frame)
    if (!parsed.success) {
      const id =
        typeof frame === 'object' && frame !== null && 'id' in frame && typeof frame.id === 'string'
          ? frame.id.slice(0, 64)
          : null
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
