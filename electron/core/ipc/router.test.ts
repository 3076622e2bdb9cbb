import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { contract, type ChannelMap } from '../../../shared/ipc/contract'
import { createRouter, type CallContext, type HandlersFor } from './router'

const ctx = (): CallContext => ({ signal: new AbortController().signal, sender: 'test:1' })

/** Spy handlers for the real contract: each records calls and never returns a real value. */
function spyHandlers() {
  const spies = Object.fromEntries(
    Object.keys(contract.channels).map((name) => [name, vi.fn(() => Promise.resolve({}))]),
  )
  return { spies, handlers: spies as unknown as HandlersFor<typeof contract.channels> }
}

// Inputs no channel accepts: every input schema is a strict object.
const MALFORMED: unknown[] = [
  undefined,
  null,
  'servers',
  42,
  [],
  [{}],
  { __unexpected_key__: true },
]

describe('router with the real contract', () => {
  it.each(Object.keys(contract.channels))(
    '%s rejects malformed input with invalid_input and never calls its handler',
    async (channel) => {
      const { spies, handlers } = spyHandlers()
      const router = createRouter(contract, handlers)
      for (const input of MALFORMED) {
        const result = await router.call(channel, input, ctx())
        expect(result.ok).toBe(false)
        if (!result.ok) {
          expect(result.error.code).toBe('invalid_input')
          expect(result.error.message).toContain(`Invalid input for ${channel}`)
        }
      }
      expect(spies[channel]).not.toHaveBeenCalled()
    },
  )

  it.each(['servers.drop', '', '__proto__', 'constructor', 'toString', 'app.info '])(
    'rejects the unknown channel %j without calling anything',
    async (channel) => {
      const { spies, handlers } = spyHandlers()
      const result = await createRouter(contract, handlers).call(channel, {}, ctx())
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
      for (const spy of Object.values(spies)) expect(spy).not.toHaveBeenCalled()
    },
  )

  it('names the failing field and puts its path in the details', async () => {
    const { handlers } = spyHandlers()
    const result = await createRouter(contract, handlers).call(
      'servers.add',
      { name: 'Lab', baseUrl: 'http://oasis.example.org/api/v1' },
      ctx(),
    )
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message:
          'Invalid input for servers.add: baseUrl: Plain http is only allowed for this computer (127.0.0.1, localhost); use https for oasis.example.org.',
        details: { path: ['baseUrl'] },
      },
    })
  })

  it('passes the parsed (normalised) input and the context to the handler', async () => {
    const { spies, handlers } = spyHandlers()
    const context = ctx()
    await createRouter(contract, handlers).call(
      'servers.add',
      { name: ' Lab ', baseUrl: 'https://oasis.example.org/api/v1/' },
      context,
    )
    expect(spies['servers.add']).toHaveBeenCalledWith(
      { name: 'Lab', baseUrl: 'https://oasis.example.org/api/v1', note: '' },
      context,
    )
  })
})

describe('router behaviour', () => {
  const tiny = {
    channels: {
      'demo.echo': {
        input: z.strictObject({ text: z.string() }),
        output: z.strictObject({ text: z.string() }),
      },
    },
  } satisfies { channels: ChannelMap }

  it('refuses to build without a handler for every channel', () => {
    expect(() => createRouter(tiny, {} as HandlersFor<typeof tiny.channels>)).toThrow(
      'No handler for IPC channel(s): demo.echo',
    )
  })

  it('converts thrown errors into results and never throws', async () => {
    const appError = createRouter(tiny, {
      'demo.echo': () => Promise.reject(new AppError('not_found', 'No server “x”.')),
    })
    expect(await appError.call('demo.echo', { text: 'a' }, ctx())).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No server “x”.' },
    })
    const crash = createRouter(tiny, {
      'demo.echo': () => {
        throw new TypeError('boom')
      },
    })
    expect(await crash.call('demo.echo', { text: 'a' }, ctx())).toEqual({
      ok: false,
      error: { code: 'internal', message: 'TypeError: boom' },
    })
  })

  it('checks outputs against the contract when asked to', async () => {
    const handlers = {
      'demo.echo': () => Promise.resolve({ text: 5 } as unknown as { text: string }),
    }
    const strict = createRouter(tiny, handlers, { validateOutputs: true })
    const result = await strict.call('demo.echo', { text: 'a' }, ctx())
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } })
    if (!result.ok) expect(result.error.message).toContain('outside the contract: text')
    const lax = createRouter(tiny, handlers)
    expect(await lax.call('demo.echo', { text: 'a' }, ctx())).toEqual({
      ok: true,
      value: { text: 5 },
    })
  })

  it('answers cancelled without running the handler when the signal is already aborted', async () => {
    const handler = vi.fn(() => Promise.resolve({ text: 'a' }))
    const controller = new AbortController()
    controller.abort()
    const result = await createRouter(tiny, { 'demo.echo': handler }).call(
      'demo.echo',
      { text: 'a' },
      { signal: controller.signal, sender: 'test' },
    )
    expect(result).toMatchObject({ ok: false, error: { code: 'cancelled' } })
    expect(handler).not.toHaveBeenCalled()
  })
})
