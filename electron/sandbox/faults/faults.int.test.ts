import { request } from 'undici'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Sandbox } from '../index'
import { DEFAULT_FAULTS } from '../options'
import { get, post, testSandbox } from '../testing/harness'

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await testSandbox({ entries: 60 })
})
afterAll(async () => sandbox.close())
beforeEach(() => {
  sandbox.setFaults({ ...DEFAULT_FAULTS })
  sandbox.resetStats()
})

const bigQuery = { pagination: { page_size: 50 } }

describe('fault injection', () => {
  it('answers 502 and 504 as the proxy would (HTML pages)', async () => {
    sandbox.setFaults({ error502Rate: 1 })
    const bad = await get(sandbox, '/alive')
    expect(bad.status).toBe(502)
    expect(bad.text).toContain('502 Bad Gateway')
    sandbox.setFaults({ error502Rate: 0, error504Rate: 1 })
    const timeout = await get(sandbox, '/alive')
    expect(timeout.status).toBe(504)
    expect(timeout.text).toContain('504 Gateway Time-out')
    expect(sandbox.stats().faults).toMatchObject({ error502: 1, error504: 1 })
  })

  it('adds latency (counted) and only to matching paths', async () => {
    sandbox.setFaults({ latencyMs: 50, pathPattern: '^/info$' })
    expect((await get(sandbox, '/alive')).status).toBe(200)
    expect(sandbox.stats().faults.latency).toBe(0)
    expect((await get(sandbox, '/info')).status).toBe(200)
    expect(sandbox.stats().faults.latency).toBe(1)
  })

  it('resets the connection after the configured number of body bytes', async () => {
    sandbox.setFaults({ resetRate: 1, resetAfterBytes: 2000 })
    const response = await request(`${sandbox.baseUrl}/entries/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bigQuery),
    })
    expect(response.statusCode).toBe(200)
    let received = 0
    await expect(
      (async () => {
        for await (const chunk of response.body) received += (chunk as Buffer).length
      })(),
    ).rejects.toThrow()
    expect(received).toBeLessThanOrEqual(2000)
    expect(sandbox.stats().faults.reset).toBe(1)
  })

  it('stalls a body and then delivers it completely', async () => {
    const normal = await post(sandbox, '/entries/query', bigQuery)
    sandbox.setFaults({ stallRate: 1, stallAfterBytes: 1500, stallMs: 300 })
    const stalled = await post(sandbox, '/entries/query', bigQuery)
    expect(stalled.text).toBe(normal.text)
    expect(sandbox.stats().faults.stall).toBe(1)
  })

  it('trickles a body slowly but steadily and then delivers it completely', async () => {
    const normal = await post(sandbox, '/entries/query', bigQuery)
    sandbox.setFaults({
      trickleRate: 1,
      trickleAfterBytes: 1000,
      trickleBytes: 200,
      trickleIntervalMs: 50,
    })
    const response = await request(`${sandbox.baseUrl}/entries/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bigQuery),
    })
    const started = Date.now()
    const arrivals: number[] = []
    const chunks: Buffer[] = []
    for await (const chunk of response.body) {
      arrivals.push(Date.now() - started)
      chunks.push(chunk as Buffer)
      if (arrivals.length === 12) break
    }
    // Never a gap as long as a stall, yet far slower than the unhindered answer.
    const gaps = arrivals.slice(1).map((at, i) => at - (arrivals[i] ?? 0))
    expect(Math.max(...gaps)).toBeLessThan(500)
    expect(Buffer.concat(chunks).length).toBeLessThanOrEqual(1000 + 12 * 200)
    expect(normal.text.length).toBeGreaterThan(1000 + 12 * 200)
    expect(sandbox.stats().faults.trickle).toBe(1)
    sandbox.setFaults({ trickleBytes: 4096, trickleIntervalMs: 1 })
    const whole = await post(sandbox, '/entries/query', bigQuery)
    expect(whole.text).toBe(normal.text)
  })

  it('truncates or corrupts JSON bodies into unparsable text', async () => {
    const normal = await post(sandbox, '/entries/query', bigQuery)
    sandbox.setFaults({ truncateJsonRate: 1 })
    const truncated = await post(sandbox, '/entries/query', bigQuery)
    expect(truncated.status).toBe(200)
    expect(truncated.text.length).toBeLessThan(normal.text.length)
    expect(normal.text.startsWith(truncated.text)).toBe(true)
    expect(() => JSON.parse(truncated.text) as unknown).toThrow()
    sandbox.setFaults({ truncateJsonRate: 0, malformedJsonRate: 1 })
    const malformed = await post(sandbox, '/entries/query', bigQuery)
    expect(() => JSON.parse(malformed.text) as unknown).toThrow()
    expect(sandbox.stats().faults).toMatchObject({ truncate: 1, malformed: 1 })
  })

  it('draws faults from seeded dice so that a run can be replayed', async () => {
    const run = async () => {
      sandbox.setFaults({ error502Rate: 0.5, seed: 42 })
      const statuses: number[] = []
      for (let i = 0; i < 20; i++) statuses.push((await get(sandbox, '/alive')).status)
      return statuses
    }
    const first = await run()
    expect(first).toContain(502)
    expect(first).toContain(200)
    expect(await run()).toEqual(first)
  })
})

describe('statistics', () => {
  it('counts responses by status and per second', async () => {
    await get(sandbox, '/alive')
    await get(sandbox, '/no/such/route')
    const stats = sandbox.stats()
    expect(stats.byStatus).toEqual({ '200': 1, '404': 1 })
    expect(stats.requests).toBe(2)
    const perSecond = stats.perSecond.reduce((sum, s) => sum + s.requests, 0)
    expect(perSecond).toBe(2)
    expect(stats.perSecond.reduce((sum, s) => sum + s.ok, 0)).toBe(1)
    sandbox.resetStats()
    expect(sandbox.stats().requests).toBe(0)
  })
})
