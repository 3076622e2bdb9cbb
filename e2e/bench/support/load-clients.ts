import { request, type Dispatcher } from 'undici'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { nullCredentialSource } from '../../../electron/core/api/credentials'
import { NomadClient } from '../../../electron/core/api/nomad-client'
import {
  createRealClock,
  RequestScheduler,
  type LearnedLimits,
} from '../../../electron/core/network/scheduler'
import { createHttpDispatcher } from '../../../electron/core/network/http-adapter'
import { sleep } from './stats'

/**
 * The three clients the scheduler benchmark compares, each with the same two operations:
 * - bulk(path, until): keep a background job going until the signal aborts;
 * - interactive(path): one request a person waits for, with its latency.
 * All use undici with a keep-alive agent, so only the strategy differs.
 */
export type ClientName = 'ours' | 'fixed' | 'flood' | 'even'

/** The reference pacer's rate: 90 % of a 30 requests/s limit, evenly spaced, never adapting. */
export const EVEN_RATE = 27

export interface BulkResult {
  ok: number
  /** Failures the user (or the job) would see; for ours only non-cancelled rejections. */
  failed: number
}

export interface InteractiveResult {
  ms: number
  ok: boolean
}

export interface LoadClient {
  readonly name: ClientName
  bulk(path: string, until: AbortSignal): Promise<BulkResult>
  interactive(path: string): Promise<InteractiveResult>
  learnedLimits(): LearnedLimits | undefined
  close(): Promise<void>
}

const anything = z.unknown()
// Enough queued work that the pacer, never the queue, limits the rate.
const OUR_BULK_DEPTH = 60

/** NOMAD Desktop: NomadClient over the RequestScheduler (lanes, pacing, learned limits). */
class OursClient implements LoadClient {
  readonly name: ClientName
  private readonly dispatcher = createHttpDispatcher()
  private readonly scheduler: RequestScheduler
  private readonly client: NomadClient

  constructor(baseUrl: string, learned?: LearnedLimits, evenRate?: number) {
    this.name = evenRate === undefined ? 'ours' : 'even'
    this.scheduler = new RequestScheduler({
      origin: new URL(baseUrl).origin,
      clock: createRealClock(),
      ...(learned === undefined ? {} : { learned }),
      // A reference pacer: our stack at one fixed, even rate (the noise floor of a batch).
      ...(evenRate === undefined
        ? {}
        : { config: { rate: { initialRate: evenRate, minRate: evenRate, maxRate: evenRate } } }),
    })
    this.client = new NomadClient({
      serverId: 'bench',
      baseUrl,
      scheduler: this.scheduler,
      dispatcher: this.dispatcher,
      credentials: nullCredentialSource,
    })
  }

  async bulk(path: string, until: AbortSignal): Promise<BulkResult> {
    const result: BulkResult = { ok: 0, failed: 0 }
    const one = async (): Promise<void> => {
      while (!until.aborted) {
        try {
          await this.client.requester.requestJson('GET', path, {
            schema: anything,
            lane: 'background',
            signal: until,
          })
          result.ok += 1
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'cancelled')) result.failed += 1
        }
      }
    }
    await Promise.all(Array.from({ length: OUR_BULK_DEPTH }, one))
    return result
  }

  async interactive(path: string): Promise<InteractiveResult> {
    const start = performance.now()
    try {
      await this.client.requester.requestJson('GET', path, {
        schema: anything,
        lane: 'interactive',
      })
      return { ms: performance.now() - start, ok: true }
    } catch {
      return { ms: performance.now() - start, ok: false }
    }
  }

  learnedLimits(): LearnedLimits {
    return this.scheduler.learnedLimits()
  }

  async close(): Promise<void> {
    this.scheduler.dispose()
    await this.dispatcher.close()
  }
}

async function getStatus(dispatcher: Dispatcher, url: string): Promise<number> {
  const response = await request(url, { dispatcher, headers: { accept: 'application/json' } })
  await response.body.dump()
  return response.statusCode
}

/**
 * NOMAD's Python client (ArchiveQuery, performance-anchors §1.1): one semaphore of 8 in flight
 * for all tasks in FIFO order, and a cumulative budget of 20 requests/s since the start that
 * each task polls every 100 ms. No adaptation; a 503 is a failed batch.
 */
class FixedClient implements LoadClient {
  readonly name = 'fixed'
  private readonly dispatcher = createHttpDispatcher()
  private readonly waiters: (() => void)[] = []
  private inFlight = 0
  private sent = 0
  private readonly started = performance.now()
  private static readonly RATE = 20
  private static readonly SLOTS = 8

  constructor(private readonly baseUrl: string) {}

  private async acquire(): Promise<void> {
    if (this.inFlight >= FixedClient.SLOTS || this.waiters.length > 0)
      await new Promise<void>((resume) => this.waiters.push(resume))
    else this.inFlight += 1
    while (this.sent > (FixedClient.RATE * (performance.now() - this.started)) / 1000)
      await sleep(100)
    this.sent += 1
  }

  private release(): void {
    const next = this.waiters.shift()
    if (next) next()
    else this.inFlight -= 1
  }

  private async send(path: string): Promise<number> {
    await this.acquire()
    try {
      return await getStatus(this.dispatcher, `${this.baseUrl}${path}`)
    } finally {
      this.release()
    }
  }

  async bulk(path: string, until: AbortSignal): Promise<BulkResult> {
    const result: BulkResult = { ok: 0, failed: 0 }
    const one = async (): Promise<void> => {
      while (!until.aborted) {
        const status = await this.send(path).catch(() => 0)
        if (status === 200) result.ok += 1
        else result.failed += 1
      }
    }
    await Promise.all(Array.from({ length: OUR_BULK_DEPTH }, one))
    return result
  }

  async interactive(path: string): Promise<InteractiveResult> {
    const start = performance.now()
    const status = await this.send(path).catch(() => 0)
    return { ms: performance.now() - start, ok: status === 200 }
  }

  learnedLimits(): undefined {
    return undefined
  }

  close(): Promise<void> {
    return this.dispatcher.close()
  }
}

/** A naive script: 10 workers, each sending its next request as soon as the last answered. */
class FloodClient implements LoadClient {
  readonly name = 'flood'
  private readonly dispatcher = createHttpDispatcher()
  private static readonly WORKERS = 10

  constructor(private readonly baseUrl: string) {}

  async bulk(path: string, until: AbortSignal): Promise<BulkResult> {
    const result: BulkResult = { ok: 0, failed: 0 }
    const worker = async (): Promise<void> => {
      while (!until.aborted) {
        const status = await getStatus(this.dispatcher, `${this.baseUrl}${path}`).catch(() => 0)
        if (status === 200) result.ok += 1
        else result.failed += 1
      }
    }
    await Promise.all(Array.from({ length: FloodClient.WORKERS }, worker))
    return result
  }

  async interactive(path: string): Promise<InteractiveResult> {
    const start = performance.now()
    const status = await getStatus(this.dispatcher, `${this.baseUrl}${path}`).catch(() => 0)
    return { ms: performance.now() - start, ok: status === 200 }
  }

  learnedLimits(): undefined {
    return undefined
  }

  close(): Promise<void> {
    return this.dispatcher.close()
  }
}

export function createLoadClient(
  name: ClientName,
  baseUrl: string,
  learned?: LearnedLimits,
): LoadClient {
  switch (name) {
    case 'ours':
      return new OursClient(baseUrl, learned)
    case 'even':
      return new OursClient(baseUrl, undefined, EVEN_RATE)
    case 'fixed':
      return new FixedClient(baseUrl)
    case 'flood':
      return new FloodClient(baseUrl)
  }
}
