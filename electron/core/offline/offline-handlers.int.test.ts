import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandboxCore, type SandboxCore } from '../test-support/sandbox-core'
import { settledPin } from './testing/pins'

// The offline channels end to end: router (contract-checked inputs and outputs) → manager →
// client → sandbox, with the library in the core's embedded database.

let env: SandboxCore

beforeAll(async () => {
  env = await startSandboxCore({ entries: 150 })
})
afterAll(() => env.close())

describe('offline channels', () => {
  it('estimates a pin before it starts, then keeps what the estimate said', async () => {
    const spec = {
      serverId: env.serverId,
      source: { kind: 'search' as const, query: { published: true }, owner: 'public' as const },
      limit: 40,
    }
    const estimate = await env.call('offline.estimate', spec)
    expect(estimate.matched).toBeGreaterThan(40)
    expect(estimate.entries).toBe(40)
    expect(estimate.sampled).toBe(20)
    // The free space of the library's disk, measured (statfs), with the reserve a pin keeps.
    expect(estimate.freeBytes).toBeGreaterThan(0)
    expect(estimate.reserveBytes).toBe(64 * 1024 * 1024)
    expect(estimate.folder).toContain('nomad-core-int-')
    const { pinId } = await env.call('offline.pin', { ...spec, label: 'Published, first 40' })
    const pin = await settledPin(env, pinId)
    expect(pin).toMatchObject({
      state: 'complete',
      phase: 'done',
      entries: 40,
      label: 'Published, first 40',
      serverName: 'Sandbox',
      withArchives: true,
    })
    expect(pin.syncedAt).not.toBeNull()
    // The estimate is a sample's average: within a factor of two of what was stored.
    expect(pin.bytes).toBeGreaterThan(estimate.bytes / 2)
    expect(pin.bytes).toBeLessThan(estimate.bytes * 2)
  })

  it('names the mistake: a bad limit, an unknown server, an unknown pin', async () => {
    const tooMany = await env.failure('offline.pin', {
      serverId: env.serverId,
      source: { kind: 'upload', uploadId: 'x' },
      limit: 0,
    })
    expect(tooMany.message).toContain('Keep at least one entry.')
    const server = await env.failure('offline.estimate', {
      serverId: 'gone',
      source: { kind: 'upload', uploadId: 'x' },
    })
    expect(server.message).toContain('There is no server profile gone')
    const pin = await env.failure('offline.resume', { pinId: 'nope' })
    expect(pin.code).toBe('not_found')
  })

  it('removes a pin with its entries', async () => {
    const { pinId } = await env.call('offline.pin', {
      serverId: env.serverId,
      source: { kind: 'search', query: {}, owner: 'public' },
      limit: 5,
      withArchives: false,
    })
    expect(await settledPin(env, pinId)).toMatchObject({ entries: 5, withArchives: false })
    await env.call('offline.remove', { pinId })
    const { pins } = await env.call('offline.list', {})
    expect(pins.map((p) => p.pinId)).not.toContain(pinId)
  })
})
