import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createLogger, createMemorySink } from '../logging'
import { createRouter, type Router } from './router'
import { createCallSession } from './session'

const ctx = () => ({ signal: new AbortController().signal, sender: 'test' })

function setUp() {
  const sink = createMemorySink()
  const contract = {
    channels: {
      'demo.overflow': {
        // A schema that throws the way a recursive one does on a pathological value.
        input: z.strictObject({ value: z.unknown() }).superRefine(() => {
          throw new RangeError('Maximum call stack size exceeded')
        }),
        output: z.null(),
      },
      'demo.echo': { input: z.strictObject({ id: z.string() }), output: z.string() },
    },
  }
  const router = createRouter(
    contract,
    {
      'demo.overflow': () => Promise.resolve(null),
      'demo.echo': ({ id }) => Promise.resolve(encodeURIComponent(id)),
    },
    { logger: createLogger({ sink }) },
  )
  return { router, sink }
}

describe('router and session under hostile input', () => {
  it('answers invalid_input when validation throws, and logs no input', async () => {
    const { router, sink } = setUp()
    const result = await router.call('demo.overflow', { value: 'hunter2' }, ctx())
    expect(result.ok || result.error.code).toBe('invalid_input')
    expect(JSON.stringify(sink.records)).not.toContain('hunter2')
  })

  it('answers invalid_input for a throwing getter and for lone surrogates', async () => {
    const { router } = setUp()
    const getter = {
      get id(): never {
        throw new Error('boom')
      },
    }
    for (const input of [getter, { id: 'a\ud800' }, { id: { ['\udfff']: 1 } }]) {
      const result = await router.call('demo.echo', input, ctx())
      expect(result.ok || result.error.code).toBe('invalid_input')
    }
  })

  it('names the depth limit before any schema runs', async () => {
    const { router } = setUp()
    let value: unknown = 'x'
    for (let i = 0; i < 10_000; i++) value = [value]
    const result = await router.call('demo.echo', { id: value }, ctx())
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.message).toContain('deeper than the limit of 64 levels')
  })

  it('a session never rejects, even when its router throws', async () => {
    const broken: Router = {
      channels: ['x'],
      call: () => Promise.reject(new Error('router bug')),
    }
    const sink = createMemorySink()
    const session = createCallSession(broken, 'test', createLogger({ sink }))
    const reply = await session.invoke({ id: 'a', channel: 'x', input: {} })
    const result = reply?.result
    expect(result && !result.ok ? result.error.code : null).toBe('internal')
    await expect(session.invoke({ id: '\ud800', channel: 'x', input: {} })).resolves.toBeNull()
    expect(sink.records.filter((record) => record.level === 'error')).toHaveLength(1)
  })
})
