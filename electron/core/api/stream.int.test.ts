import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSession } from './test-support/sandbox-session'

// stream(): the request holds its slot while the consumer runs, every chunk resets the body
// idle watchdog, and a stream that stops sending is aborted and retried (sandbox stall fault).

// Generous against a loaded CI machine: the consumer below pauses a quarter of this per chunk.
const IDLE_MS = 1000
let session: Awaited<ReturnType<typeof startSession>>
let filePath = ''
let fileSize: number

beforeAll(async () => {
  session = await startSession(
    { largeFileBytes: 1024 * 1024 },
    { config: { bodyIdleTimeoutMs: IDLE_MS, backoff: { transientBaseMs: 20 } } },
  )
  // The largest public file among the first entries (a long code output or a large binary):
  // enough chunks for the slow consumer below to outlast the idle timeout. Chosen by size, not
  // by the entry's position in the generated data.
  const page = await session.client.entries.query({ pagination: { page_size: 200 } })
  fileSize = 0
  for (const { entry_id: entryId } of page.data) {
    const rawdir = await session.client.files.entryRawdir(entryId)
    for (const file of rawdir.data.files) {
      if (file.size <= fileSize) continue
      fileSize = file.size
      filePath = `/entries/${entryId}/raw/${encodeURIComponent(file.path.split('/').at(-1) ?? '')}`
    }
  }
  if (filePath === '') throw new Error('no public sandbox entry has a large file')
})
afterAll(() => session.close())
beforeEach(() => {
  session.sandbox.setFaults({ stallRate: 0, pathPattern: null })
  session.sandbox.resetStats()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('stream()', () => {
  it('holds its slot while consuming and survives a slow consumer by touching per chunk', async () => {
    expect(fileSize).toBeGreaterThanOrEqual(256 * 1024)
    let chunks = 0
    let inFlightWhileReading = 0
    const started = Date.now()
    const total = await session.client.requester.stream('GET', filePath, {}, async (body, head) => {
      expect(head.status).toBe(200)
      let bytes = 0
      for await (const chunk of body) {
        chunks += 1
        bytes += chunk.length
        inFlightWhileReading = Math.max(
          inFlightWhileReading,
          session.scheduler.meter.snapshot().inFlight,
        )
        // Slower than the network until the transfer has outlasted the idle timeout three
        // times; each pause stays well inside the timeout, so only per-chunk touching saves it.
        if (Date.now() - started < 3 * IDLE_MS) await sleep(IDLE_MS / 4)
      }
      return bytes
    })
    expect(total).toBe(fileSize)
    expect(inFlightWhileReading).toBe(1)
    expect(chunks).toBeGreaterThan(1)
    expect(Date.now() - started).toBeGreaterThan(3 * IDLE_MS)
    expect(session.sandbox.stats().requests).toBe(1)
    expect(session.scheduler.meter.snapshot().inFlight).toBe(0)
  })

  it('aborts a stream that stalls longer than the idle timeout, retries, then reports network', async () => {
    session.sandbox.setFaults({
      stallRate: 1,
      stallMs: 10_000,
      stallAfterBytes: 4096,
      pathPattern: '/raw/',
    })
    const error = await session.client.requester
      .stream('GET', filePath, { maxAttempts: 2 }, async (body) => {
        for await (const _chunk of body) {
          // read everything
        }
      })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'network' })
    expect((error as Error).message).toMatch(
      /stopped sending data for \d+ (ms|s); the transfer stalled\.$/,
    )
    expect(session.sandbox.stats().faults.stall).toBe(2)
    await expect.poll(() => session.sandbox.stats().inFlight).toBe(0)
  })

  it('lets a pause shorter than the idle timeout pass', async () => {
    session.sandbox.setFaults({
      stallRate: 1,
      stallMs: 100,
      stallAfterBytes: 4096,
      pathPattern: '/raw/',
    })
    const size = await session.client.requester.stream('GET', filePath, {}, async (body) => {
      let bytes = 0
      for await (const chunk of body) bytes += chunk.length
      return bytes
    })
    expect(size).toBe(fileSize)
    expect(session.sandbox.stats().faults.stall).toBe(1)
    expect(session.sandbox.stats().requests).toBe(1)
  })
})
