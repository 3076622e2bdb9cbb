import { describe, expect, it, vi } from 'vitest'
import {
  BRIDGE_KEYS,
  ELECTRON_CANCEL,
  ELECTRON_EVENT,
  ELECTRON_INVOKE,
} from '../../shared/ipc/bridge'
import { createBridge } from './bridge'

function fakeIpc() {
  const listeners = new Set<(event: unknown, frame: unknown) => void>()
  const ipc = {
    invoke: vi.fn((_channel: string, frame: { id: string }) =>
      Promise.resolve({ id: frame.id, result: { ok: true, value: 'pong' } }),
    ),
    send: vi.fn(),
    on: vi.fn((_channel: string, fn: (event: unknown, frame: unknown) => void) => {
      listeners.add(fn)
      return ipc
    }),
    removeListener: vi.fn((_channel: string, fn: (event: unknown, frame: unknown) => void) => {
      listeners.delete(fn)
      return ipc
    }),
  }
  const emit = (frame: unknown) => listeners.forEach((fn) => fn({ sender: 'secret' }, frame))
  return { ipc, emit, listeners }
}

describe('preload bridge', () => {
  it('exposes exactly invoke, cancel, subscribe and platform, frozen', () => {
    const bridge = createBridge(fakeIpc().ipc as never)
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_KEYS])
    expect(Object.isFrozen(bridge)).toBe(true)
    expect(bridge.platform).toBe('electron')
  })

  it('forwards allow-listed calls as one frame and returns the result', async () => {
    const { ipc } = fakeIpc()
    const bridge = createBridge(ipc as never)
    expect(await bridge.invoke('app.info', {}, 'c1')).toEqual({ ok: true, value: 'pong' })
    expect(ipc.invoke).toHaveBeenCalledWith(ELECTRON_INVOKE, {
      id: 'c1',
      channel: 'app.info',
      input: {},
    })
    bridge.cancel('c1')
    expect(ipc.send).toHaveBeenCalledWith(ELECTRON_CANCEL, { cancel: 'c1' })
  })

  it('rejects channels outside the allow-list without reaching main', async () => {
    const { ipc } = fakeIpc()
    const bridge = createBridge(ipc as never)
    for (const name of ['shell.openExternal', '__proto__', 'nomad:invoke'])
      expect(await bridge.invoke(name, {}, 'c1')).toMatchObject({
        ok: false,
        error: { code: 'unknown_channel' },
      })
    expect(await bridge.invoke('app.info', {}, '')).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    })
    expect(ipc.invoke).not.toHaveBeenCalled()
    expect(() => bridge.subscribe('secret.event', () => undefined)).toThrow('Unknown event')
  })

  it('delivers only the payload of the subscribed event, and unsubscribes', () => {
    const { ipc, emit, listeners } = fakeIpc()
    const bridge = createBridge(ipc as never)
    const seen: unknown[] = []
    const unsubscribe = bridge.subscribe('app.status', (payload) => seen.push(payload))
    expect(ipc.on).toHaveBeenCalledWith(ELECTRON_EVENT, expect.any(Function))
    emit({ event: 'app.status', payload: { activeServerId: 'a' } })
    emit({ event: 'servers.changed', payload: 'other' })
    expect(seen).toEqual([{ activeServerId: 'a' }])
    unsubscribe()
    expect(listeners.size).toBe(0)
  })
})
