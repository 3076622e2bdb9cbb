import { describe, expect, it } from 'vitest'
import { AppError } from '../../shared/errors'
import { createFakeTransport } from '../test-support/fake-transport'
import { createIpcClient } from './client'

describe('typed IPC client', () => {
  it('returns the value of a successful call', async () => {
    const fake = createFakeTransport({
      'app.info': () => ({
        ok: true,
        value: { name: 'NOMAD Desktop', version: '1', mode: 'web', platform: 'linux' },
      }),
    })
    const client = createIpcClient(fake.transport)
    expect(await client.invoke('app.info', {})).toMatchObject({ mode: 'web' })
    expect(fake.calls[0]).toMatchObject({ channel: 'app.info', input: {} })
  })

  it('throws an AppError carrying the code, message and details of a failure', async () => {
    const fake = createFakeTransport({
      'servers.add': () => ({
        ok: false,
        error: {
          code: 'conflict',
          message: 'A server profile named “Lab” already exists.',
          details: { path: ['name'] },
        },
      }),
    })
    const error: unknown = await createIpcClient(fake.transport)
      .invoke('servers.add', { name: 'Lab', baseUrl: 'https://lab.example.org/api/v1' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'conflict', details: { path: ['name'] } })
  })

  it('sends a cancel for the same call id when the signal aborts, and rejects as cancelled', async () => {
    const fake = createFakeTransport({ 'servers.check': () => new Promise(() => undefined) })
    const controller = new AbortController()
    const pending = createIpcClient(fake.transport).invoke(
      'servers.check',
      { id: 'x' },
      { signal: controller.signal },
    )
    controller.abort()
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' })
    expect(fake.cancels).toEqual([fake.calls[0]?.callId])
  })

  it('gives every call a distinct id', async () => {
    const fake = createFakeTransport({ 'settings.get': () => ({ ok: true, value: {} }) })
    const client = createIpcClient(fake.transport)
    await Promise.all([client.invoke('settings.get', {}), client.invoke('settings.get', {})])
    expect(new Set(fake.calls.map((c) => c.callId)).size).toBe(2)
  })
})
