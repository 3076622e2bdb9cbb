import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ChannelMap } from '../../../shared/ipc/contract'
import { createRouter } from './router'
import { createCallSession } from './session'

const demo = {
  channels: {
    'demo.wait': { input: z.strictObject({}), output: z.strictObject({ aborted: z.boolean() }) },
  },
} satisfies { channels: ChannelMap }

/** A handler that waits until its signal aborts, then reports it as a cancellation. */
function waitingRouter() {
  const started: AbortSignal[] = []
  const router = createRouter(demo, {
    'demo.wait': (_input, { signal }) =>
      new Promise((_resolve, reject) => {
        started.push(signal)
        signal.addEventListener('abort', () =>
          reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
        )
      }),
  })
  return { router, started }
}

describe('call session', () => {
  it('aborts the matching call on a cancel frame and replies cancelled', async () => {
    const { router, started } = waitingRouter()
    const session = createCallSession(router, 'test:1')
    const reply = session.invoke({ id: 'c1', channel: 'demo.wait', input: {} })
    expect(session.inFlight).toBe(1)
    session.cancel({ cancel: 'c1' })
    expect(started[0]?.aborted).toBe(true)
    expect(await reply).toMatchObject({
      id: 'c1',
      result: { ok: false, error: { code: 'cancelled' } },
    })
    expect(session.inFlight).toBe(0)
  })

  it('aborts everything still running when closed', async () => {
    const { router, started } = waitingRouter()
    const session = createCallSession(router, 'test:1')
    const replies = [
      session.invoke({ id: 'a', channel: 'demo.wait', input: {} }),
      session.invoke({ id: 'b', channel: 'demo.wait', input: {} }),
    ]
    session.close()
    expect(started.every((signal) => signal.aborted)).toBe(true)
    await Promise.all(replies)
    expect(await session.invoke({ id: 'c', channel: 'demo.wait', input: {} })).toMatchObject({
      result: { ok: false, error: { code: 'cancelled' } },
    })
  })

  it('refuses a second call with an id that is still running', async () => {
    const { router } = waitingRouter()
    const session = createCallSession(router, 'test:1')
    void session.invoke({ id: 'same', channel: 'demo.wait', input: {} })
    expect(await session.invoke({ id: 'same', channel: 'demo.wait', input: {} })).toEqual({
      id: 'same',
      result: {
        ok: false,
        error: { code: 'invalid_input', message: 'Call id “same” is already in use.' },
      },
    })
    session.close()
  })

  it('answers malformed frames with an id, and drops those without one', async () => {
    const { router } = waitingRouter()
    const session = createCallSession(router, 'test:1')
    expect(await session.invoke({ id: 'x', channel: 7 })).toMatchObject({
      id: 'x',
      result: { ok: false, error: { code: 'invalid_input' } },
    })
    expect(await session.invoke('garbage')).toBeNull()
    expect(() => session.cancel({ nope: true })).not.toThrow()
  })
})
