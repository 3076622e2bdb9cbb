import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ELECTRON_CANCEL, ELECTRON_INVOKE } from '../../shared/ipc/bridge'
import type { ReplyFrame } from '../../shared/ipc/frames'
import { createRouter } from '../core/ipc/router'
import { createLogger, createMemorySink } from '../core/logging'
import { APP_ORIGIN } from './app-protocol'
import { registerIpcBridge } from './ipc-bridge'

// The Electron binary is not installed here; the bridge gets a recording ipcMain instead.
vi.mock('electron', () => ({ ipcMain: { handle: vi.fn(), on: vi.fn() } }))

type Listener = (...args: unknown[]) => unknown

const contract = {
  channels: {
    'demo.count': {
      input: z.strictObject({ query: z.record(z.string(), z.json()) }),
      output: z.number(),
    },
    'demo.get': { input: z.strictObject({ id: z.string() }), output: z.string() },
  },
}

function setUp() {
  const handles = new Map<string, Listener>()
  const ons = new Map<string, Listener>()
  const sink = createMemorySink()
  const router = createRouter(contract, {
    'demo.count': () => Promise.resolve(1),
    'demo.get': ({ id }) => Promise.resolve(encodeURIComponent(id)),
  })
  registerIpcBridge({
    ipcMain: {
      handle: (channel: string, fn: Listener) => handles.set(channel, fn),
      on: (channel: string, fn: Listener) => ons.set(channel, fn),
    } as never,
    router,
    trustedIds: new Set([1]),
    logger: createLogger({ sink }),
  })
  const mainFrame = { url: `${APP_ORIGIN}/index.html` }
  const event = {
    sender: { id: 1, mainFrame, once: vi.fn() },
    senderFrame: mainFrame,
  }
  const invoke = handles.get(ELECTRON_INVOKE)
  const cancel = ons.get(ELECTRON_CANCEL)
  if (!invoke || !cancel) throw new Error('the bridge registered no handlers')
  return {
    sink,
    invoke: (frame: unknown) => invoke(event, frame) as Promise<ReplyFrame>,
    cancel: (frame: unknown) => cancel(event, frame),
  }
}

function nested(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = { query: value }
  return value
}

describe('registerIpcBridge under hostile frames', () => {
  it('answers a query nested 2 000 deep with invalid_input and keeps answering', async () => {
    const bridge = setUp()
    const reply = await bridge.invoke({
      id: 'a',
      channel: 'demo.count',
      input: { query: nested(2000) },
    })
    expect(reply.result.ok).toBe(false)
    if (!reply.result.ok) {
      expect(reply.result.error.code).toBe('invalid_input')
      expect(reply.result.error.message).toContain('64 levels')
    }
    const next = await bridge.invoke({ id: 'b', channel: 'demo.count', input: { query: {} } })
    expect(next).toEqual({ id: 'b', result: { ok: true, value: 1 } })
  })

  it('answers ids with lone surrogates with invalid_input, not internal', async () => {
    const bridge = setUp()
    const reply = await bridge.invoke({ id: 'c', channel: 'demo.get', input: { id: 'x\ud800' } })
    expect(reply.result.ok || reply.result.error.code).toBe('invalid_input')
  })

  it('turns a throwing getter into an answer and logs once, without the input', async () => {
    const bridge = setUp()
    const input = {
      get query(): never {
        throw new Error('getter exploded')
      },
      secret: 'hunter2',
    }
    const reply = await bridge.invoke({ id: 'd', channel: 'demo.count', input })
    expect(reply.result.ok || reply.result.error.code).toBe('invalid_input')
    const frame = {
      get id(): never {
        throw new Error('id getter exploded')
      },
    }
    const broken = await bridge.invoke(frame)
    expect(broken.result.ok || broken.result.error.code).toBe('invalid_input')
    expect(() => bridge.cancel(frame)).not.toThrow()
    const logged = JSON.stringify(bridge.sink.records)
    expect(logged).not.toContain('hunter2')
    expect(bridge.sink.records.filter((record) => record.level === 'error')).toHaveLength(1)
  })
})
