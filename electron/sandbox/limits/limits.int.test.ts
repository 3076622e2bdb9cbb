import { afterEach, describe, expect, it } from 'vitest'
import type { Sandbox } from '../index'
import { get, post, testSandbox } from '../testing/harness'

/**
 * The limits of the "proxy" in front of the API. Rate-limit tests drive the sandbox clock
 * (`now`), so arrival times are exact and the outcome does not depend on timer jitter.
 */
let sandbox: Sandbox | undefined
afterEach(async () => {
  await sandbox?.close()
  sandbox = undefined
})

function clock(start = 1_700_000_000_000) {
  let t = start
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

describe('rate limit (nginx limit_req)', () => {
  it('answers a flood with 503 HTML pages without Retry-After, counted as rate rejections', async () => {
    const time = clock()
    sandbox = await testSandbox({
      entries: 20,
      now: time.now,
      limits: { rate: 30, concurrency: null },
    })
    const responses = await Promise.all(Array.from({ length: 40 }, () => get(sandbox!, '/alive')))
    const rejected = responses.filter((r) => r.status === 503)
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1)
    expect(rejected).toHaveLength(39)
    expect(rejected[0]!.headers.get('content-type')).toBe('text/html')
    expect(rejected[0]!.headers.get('retry-after')).toBeNull()
    expect(rejected[0]!.text).toContain('<title>503 Service Temporarily Unavailable</title>')
    expect(sandbox.stats().rejected).toEqual({ rate: 39, concurrency: 0 })
  })

  it('lets a client paced at 90 % of the limit through without a single 503', async () => {
    const time = clock()
    sandbox = await testSandbox({
      entries: 20,
      now: time.now,
      limits: { rate: 30, concurrency: null },
    })
    for (let i = 0; i < 90; i++) {
      const response = await get(sandbox, '/alive')
      expect(response.status, `request ${i}`).toBe(200)
      time.advance(1000 / 27)
    }
    expect(sandbox.stats().byStatus).toEqual({ '200': 90 })
  })

  it('allows a burst with nodelay, then paces', async () => {
    const time = clock()
    sandbox = await testSandbox({
      entries: 20,
      now: time.now,
      limits: { rate: 10, burst: 5, concurrency: null },
    })
    const first = await Promise.all(Array.from({ length: 8 }, () => get(sandbox!, '/alive')))
    expect(first.filter((r) => r.status === 200)).toHaveLength(6)
    time.advance(100)
    expect((await get(sandbox, '/alive')).status).toBe(200)
    expect((await get(sandbox, '/alive')).status).toBe(503)
  })

  it('applies setLimits at once (30 → 10 requests/s mid-run) and can send Retry-After', async () => {
    const time = clock()
    sandbox = await testSandbox({
      entries: 20,
      now: time.now,
      limits: { rate: 30, concurrency: null },
    })
    for (let i = 0; i < 10; i++) {
      expect((await get(sandbox, '/alive')).status).toBe(200)
      time.advance(40)
    }
    sandbox.setLimits({ rate: 10, retryAfter: true })
    expect(sandbox.limits().rate).toBe(10)
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const response = await get(sandbox, '/alive')
      statuses.push(response.status)
      if (response.status === 503)
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      time.advance(40)
    }
    // At 10 r/s one request in every 100 ms passes: requests 40 ms apart see 2 of 5 admitted.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5)
    expect(statuses).toContain(503)
  })
})

describe('concurrency limit (nginx limit_conn)', () => {
  it('rejects requests beyond the limit while others are in progress', async () => {
    sandbox = await testSandbox({
      entries: 20,
      limits: { rate: null, concurrency: 3 },
      faults: { latencyMs: 1500, pathPattern: '^/alive$' },
    })
    const slow = Array.from({ length: 3 }, () => get(sandbox!, '/alive'))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const extra = await get(sandbox, '/info')
    expect(extra.status).toBe(503)
    expect(extra.text).toContain('nginx')
    expect((await Promise.all(slow)).map((r) => r.status)).toEqual([200, 200, 200])
    expect((await get(sandbox, '/info')).status).toBe(200)
    expect(sandbox.stats().rejected.concurrency).toBe(1)
    expect(sandbox.stats().maxInFlight).toBe(3)
  })

  it('counts a download until its body has been sent', async () => {
    sandbox = await testSandbox({
      entries: 60,
      largeFileBytes: 48 * 1024 * 1024,
      limits: { rate: null, concurrency: 2 },
    })
    const size = 48 * 1024 * 1024
    const listing = await post<{
      data: { upload_id: string; files: { path: string; size: number }[] }[]
    }>(sandbox, '/entries/rawdir/query', { pagination: { page_size: 100 } })
    const holder = listing.body.data.find((d) => d.files.some((f) => f.size === size))!
    const big = holder.files.find((f) => f.size === size)!
    const uploadId = holder.upload_id
    const controller = new AbortController()
    const downloads = await Promise.all(
      [0, 1].map(() =>
        fetch(`${sandbox!.baseUrl}/uploads/${uploadId}/raw/${big.path}`, {
          signal: controller.signal,
        }),
      ),
    )
    expect(downloads.map((r) => r.status)).toEqual([200, 200])
    // Both bodies are still streaming (nobody reads them): a third request is refused.
    expect((await get(sandbox, '/alive')).status).toBe(503)
    controller.abort()
    await Promise.allSettled(downloads.map((r) => r.arrayBuffer()))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await get(sandbox, '/alive')).status).toBe(200)
  })
})

describe('both limits at once (the download benchmark: 30 requests/s, 10 concurrent)', () => {
  it('admits 10 paced requests, refuses the 11th in progress and any that comes too soon', async () => {
    const time = clock()
    sandbox = await testSandbox({
      entries: 20,
      now: time.now,
      limits: { rate: 30, concurrency: 10 },
      faults: { latencyMs: 1500, pathPattern: '^/alive$' },
    })
    const box = sandbox
    const slow = []
    for (let i = 0; i < 10; i++) {
      time.advance(40)
      slow.push(get(box, '/alive'))
      // The next request may only arrive (and read the clock) after this one is in progress.
      await expect.poll(() => box.stats().inFlight).toBe(i + 1)
    }
    time.advance(40)
    const eleventh = await get(box, '/info')
    expect(eleventh.status).toBe(503)
    expect((await Promise.all(slow)).map((r) => r.status)).toEqual(Array(10).fill(200))
    time.advance(10)
    expect((await get(box, '/info')).status).toBe(503)
    time.advance(40)
    expect((await get(box, '/info')).status).toBe(200)
    expect(box.stats().rejected).toEqual({ rate: 1, concurrency: 1 })
    expect(box.stats().maxInFlight).toBe(10)
  })
})

describe('API limits', () => {
  it('answers oversize pages with a 422 naming the limit and oversize downloads with a 400', async () => {
    sandbox = await testSandbox({
      entries: 30,
      limits: { maxPageSize: 50, maxArchivePageSize: 5, maxEntryDownload: 3 },
    })
    const page = await post<{ detail: { msg: string }[] }>(sandbox, '/entries/query', {
      pagination: { page_size: 51 },
    })
    expect(page.status).toBe(422)
    expect(page.body.detail[0]!.msg).toContain('50')
    const archive = await post<{ detail: { msg: string }[] }>(sandbox, '/entries/archive/query', {
      pagination: { page_size: 6 },
    })
    expect(archive.status).toBe(422)
    expect(archive.body.detail[0]!.msg).toContain('5')
    const download = await get(sandbox, '/entries/raw')
    expect(download.status).toBe(400)
    expect(download.text).toContain('(3)')
  })
})
