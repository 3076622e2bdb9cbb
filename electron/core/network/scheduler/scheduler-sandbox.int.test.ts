import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../../../../shared/errors'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox'
import { createTestClient, type TestClientOptions } from '../../api/test-support/test-client'
import { recordWire } from '../../api/test-support/wire-log'

// The scheduler and the HTTP client together against a real sandbox with NOMAD-like limits on
// (30 requests/s without burst, 10 at a time, 503 + HTML without Retry-After unless asked).

const anything = z.unknown()
const opened: { close(): Promise<void> }[] = []

async function setup(options: SandboxOptions = {}, client: TestClientOptions = {}) {
  const sandbox: Sandbox = await startSandbox({ quiet: true, entries: 100, ...options })
  const made = createTestClient(sandbox.baseUrl, client)
  opened.push(made, sandbox)
  return { sandbox, ...made }
}

afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close()
})

describe('against a rate- and connection-limited sandbox', () => {
  it('completes a burst of 500 interactive and background requests with zero failures', async () => {
    const { sandbox, client } = await setup()
    const requests = Array.from({ length: 500 }, (_, i) =>
      client.requester.requestJson('GET', '/groups', {
        schema: anything,
        lane: i % 5 === 0 ? 'interactive' : 'background',
      }),
    )
    const results = await Promise.allSettled(requests)
    expect(results.filter((r) => r.status === 'rejected')).toEqual([])
    const stats = sandbox.stats()
    expect(stats.byStatus['200']).toBe(500)
    // Whatever the server refused was retried invisibly; the rest of the count is 503s.
    expect(stats.requests - 500).toBe(stats.rejected.rate + stats.rejected.concurrency)
  })

  it('lowers its pace when the server signals throttling', async () => {
    const { sandbox, client, scheduler } = await setup(
      {},
      // A warm start that remembers a limit twice as high as the server's real one.
      { learned: { rate: 60, rateCeiling: 60, concurrency: 10, updatedAt: Date.now() } },
    )
    const before = scheduler.meter.snapshot().ratePerSecond
    await Promise.all(
      Array.from({ length: 150 }, () =>
        client.requester.requestJson('GET', '/groups', { schema: anything, lane: 'background' }),
      ),
    )
    const after = scheduler.meter.snapshot()
    expect(sandbox.stats().rejected.rate).toBeGreaterThan(0)
    expect(before).toBeGreaterThan(50)
    expect(after.ratePerSecond).toBeLessThan(31)
    expect(after.learnedRate).not.toBeNull()
    expect(after.learnedRate ?? Infinity).toBeLessThan(60)
  })

  it('sends nothing before a Retry-After expires', async () => {
    const wire = recordWire()
    try {
      const { sandbox, client } = await setup(
        { limits: { rate: 2, retryAfter: true } },
        { learned: { rate: 20, rateCeiling: 20, concurrency: 4, updatedAt: Date.now() } },
      )
      const origin = new URL(sandbox.baseUrl).origin
      await Promise.all(
        Array.from({ length: 6 }, () =>
          client.requester.requestJson('GET', '/groups', { schema: anything, lane: 'background' }),
        ),
      )
      const records = wire.to(origin)
      const refusals = records.filter((r) => r.status === 503)
      expect(refusals.length).toBeGreaterThan(0)
      for (const refusal of refusals) {
        const waitMs = Number(refusal.answerHeaders?.['retry-after']) * 1000
        expect(waitMs).toBeGreaterThanOrEqual(1000)
        const early = records.filter(
          (r) =>
            r.sentAt > (refusal.answeredAt ?? 0) && r.sentAt < (refusal.answeredAt ?? 0) + waitMs,
        )
        expect(early).toEqual([])
      }
      expect(records.filter((r) => r.status === 200)).toHaveLength(6)
    } finally {
      wire.stop()
    }
  })

  it('frees the slot of a cancelled request at once, on our side and the server’s', async () => {
    const { sandbox, client, scheduler } = await setup(
      { faults: { latencyMs: 30_000, pathPattern: '^/groups$' } },
      { config: { concurrency: { initial: 2, floor: 2, ceiling: 2 } } },
    )
    const slow = [new AbortController(), new AbortController()]
    const hanging = slow.map((c) =>
      client.requester.requestJson('GET', '/groups', { schema: anything, signal: c.signal }),
    )
    const quick = client.info()
    await expect.poll(() => sandbox.stats().inFlight).toBe(2)
    expect(scheduler.meter.snapshot()).toMatchObject({ inFlight: 2, queued: { interactive: 1 } })

    slow[0]?.abort()
    await expect(hanging[0]).rejects.toMatchObject({ code: 'cancelled' })
    const info = await quick
    expect(info.search_quantities).toBeDefined()
    await expect.poll(() => sandbox.stats().inFlight).toBe(1)

    slow[1]?.abort()
    await expect(hanging[1]).rejects.toBeInstanceOf(AppError)
    await expect.poll(() => sandbox.stats().inFlight).toBe(0)
    expect(scheduler.meter.snapshot()).toMatchObject({ inFlight: 0, queued: { interactive: 0 } })
  })

  it('retries a transient 502 and never a 422', async () => {
    const { sandbox, client } = await setup(
      { faults: { error502Rate: 1, pathPattern: '^/groups$' } },
      { config: { backoff: { transientBaseMs: 20 } } },
    )
    const pending = client.requester.requestJson('GET', '/groups', { schema: anything })
    await expect.poll(() => sandbox.stats().faults.error502).toBeGreaterThan(0)
    sandbox.setFaults({ error502Rate: 0 })
    await pending
    expect(sandbox.stats().byStatus['200']).toBe(1)

    sandbox.resetStats()
    await expect(
      client.entries.query({ pagination: { page_size: 10, page: 2, page_offset: 5 } }),
    ).rejects.toMatchObject({ code: 'invalid_input', details: { status: 422 } })
    expect(sandbox.stats().requests).toBe(1)
  })
})
