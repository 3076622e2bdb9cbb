import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { archiveQueryResponse } from '../../../shared/api'
import { DEFAULT_FAULTS } from '../../sandbox'
import { failure } from './test-support/failure'
import { startSession } from './test-support/sandbox-session'

// What a server can make the client hold, against the sandbox: JSON answers larger than the
// limit of their endpoint kind are refused without being read to the end, a JSON answer that
// takes longer in whole than its deadline is given up even while bytes still trickle in, and the
// idle watchdog's message says whether the server never answered or stopped mid-answer.

const IDLE_MS = 1000
let session: Awaited<ReturnType<typeof startSession>>

beforeAll(async () => {
  session = await startSession(
    {},
    {
      config: { bodyIdleTimeoutMs: IDLE_MS, backoff: { transientBaseMs: 20 } },
      limits: { maxJsonBytes: { metadata: 128 * 1024, archive: 512 * 1024 } },
    },
  )
})
afterAll(() => session.close())
beforeEach(() => {
  session.sandbox.setFaults({ ...DEFAULT_FAULTS })
  session.sandbox.resetStats()
})

describe('largest JSON answer per endpoint kind', () => {
  it('refuses a metadata answer over its limit from Content-Length, naming limit and endpoint', async () => {
    const error = await failure(session.client.entries.query({ pagination: { page_size: 200 } }))
    expect(error.code).toBe('invalid_response')
    expect(error.message).toMatch(
      /^POST \/entries\/query announced \d+(\.\d)? (KiB|MiB) of JSON, more than the 128 KiB the app accepts for a metadata answer; it was not read\./,
    )
    expect(error.details?.status).toBe(200)
    // Not retried: the same request would get the same answer.
    expect(session.sandbox.stats().requests).toBe(1)
  })

  it('stops reading an answer without Content-Length as soon as it passes the limit', async () => {
    const error = await failure(
      session.client.archive.query({ pagination: { page_size: 20 }, required: '*' }),
    )
    expect(error.code).toBe('invalid_response')
    expect(error.message).toBe(
      'POST /entries/archive/query answered with more than 512 KiB of JSON, the most the app accepts for an archive answer; it stopped reading there.',
    )
    expect(session.sandbox.stats().requests).toBe(1)
    // The connection was cut before the sandbox had sent the whole (far larger) page.
    await expect.poll(() => session.sandbox.stats().aborted).toBe(1)
  })

  it('applies each kind its own limit; a request outside the groups counts as metadata', async () => {
    // About 300 KiB: over the metadata limit (128 KiB), under the archive one (512 KiB).
    const body = { pagination: { page_size: 25 }, required: { metadata: '*' } }
    const page = await session.client.archive.query(body)
    expect(page.data).toHaveLength(25)
    const error = await failure(
      session.client.requester.requestJson('POST', '/entries/archive/query', {
        json: body,
        schema: archiveQueryResponse,
      }),
    )
    expect(error.message).toMatch(/the most the app accepts for a metadata answer/)
  })
})

describe('deadline of a JSON answer', () => {
  const trickle = {
    trickleRate: 1,
    trickleAfterBytes: 100,
    trickleBytes: 16,
    trickleIntervalMs: 100,
    pathPattern: '^/info$',
  }

  it('gives up an answer still trickling in after the deadline of the call, and says so', async () => {
    session.sandbox.setFaults(trickle)
    const started = Date.now()
    const error = await failure(session.client.info({ deadlineMs: 1500 }))
    expect(Date.now() - started).toBeLessThan(4000)
    expect(error.code).toBe('network')
    expect(error.message).toMatch(
      /^GET \/info: the whole answer took longer than 1\.5 s; \d+ bytes had arrived and more was still coming, too slowly\. The app stopped waiting\.$/,
    )
    // Trickling is no stall: the idle watchdog (1 s) never fired, and the call was not retried.
    expect(session.sandbox.stats().faults.trickle).toBe(1)
    expect(session.sandbox.stats().requests).toBe(1)
  })

  it('takes the deadline of its kind when the call names none', async () => {
    const strict = await startSession({}, { limits: { jsonDeadlineMs: { metadata: 1000 } } })
    try {
      strict.sandbox.setFaults(trickle)
      const error = await failure(strict.client.info())
      expect(error.message).toMatch(/the whole answer took longer than 1 s;/)
    } finally {
      await strict.close()
    }
  })
})

describe('idle messages', () => {
  it('says the server did not answer at all when not even headers came', async () => {
    session.sandbox.setFaults({ latencyMs: 3000, pathPattern: '^/info$' })
    const error = await failure(session.client.info({ maxAttempts: 1 }))
    expect(error.code).toBe('network')
    const host = new URL(session.sandbox.baseUrl).host
    expect(error.message).toBe(
      `${host} did not start answering for 1 s (not even the response headers arrived); the request stalled.`,
    )
  })

  it('says the server stopped sending when the answer started and then went silent', async () => {
    session.sandbox.setFaults({
      stallRate: 1,
      stallAfterBytes: 100,
      stallMs: 5000,
      pathPattern: '^/info$',
    })
    const error = await failure(session.client.info({ maxAttempts: 1 }))
    const host = new URL(session.sandbox.baseUrl).host
    expect(error.message).toBe(`${host} stopped sending data for 1 s; the transfer stalled.`)
  })
})
