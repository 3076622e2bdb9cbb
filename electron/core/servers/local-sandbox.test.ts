import { describe, expect, it, vi } from 'vitest'
import { LocalSandbox, sandboxProfile, SANDBOX_PLACEHOLDER_URL } from './local-sandbox'

describe('LocalSandbox', () => {
  it('starts once for concurrent callers and announces the change', async () => {
    const close = vi.fn(() => Promise.resolve())
    const start = vi.fn(() => Promise.resolve({ baseUrl: 'http://127.0.0.1:4567/api/v1', close }))
    const onChange = vi.fn()
    const sandbox = new LocalSandbox({ start }, onChange)
    expect(sandbox.state()).toBe('stopped')
    const [a, b] = [sandbox.ensureStarted(), sandbox.ensureStarted()]
    expect(sandbox.state()).toBe('starting')
    expect(await a).toBe(await b)
    expect(start).toHaveBeenCalledTimes(1)
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(sandboxProfile(sandbox.baseUrl()).baseUrl).toBe('http://127.0.0.1:4567/api/v1')
    await sandbox.close()
    expect(close).toHaveBeenCalledTimes(1)
    await expect(sandbox.ensureStarted()).rejects.toMatchObject({ code: 'unavailable' })
  })

  it('reports a failed start as unavailable and can try again', async () => {
    const start = vi
      .fn()
      .mockRejectedValueOnce(new Error('EADDRINUSE'))
      .mockResolvedValueOnce({
        baseUrl: 'http://127.0.0.1:1/api/v1',
        close: () => Promise.resolve(),
      })
    const sandbox = new LocalSandbox({ start }, () => undefined)
    await expect(sandbox.ensureStarted()).rejects.toMatchObject({
      code: 'unavailable',
      message: 'The local sandbox could not start: EADDRINUSE',
    })
    expect(sandbox.state()).toBe('failed')
    expect(sandboxProfile(sandbox.baseUrl()).baseUrl).toBe(SANDBOX_PLACEHOLDER_URL)
    await expect(sandbox.ensureStarted()).resolves.toBe('http://127.0.0.1:1/api/v1')
  })
})
