import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRealClock, seededRandom, type Clock } from './clock'
import { MemoryLimitsStore } from './limits-store'
import type { RequestScheduler } from './scheduler'
import { SchedulerRegistry } from './scheduler-registry'
import { NginxLimiter, type SimulatedLimits } from './testing/nginx-limiter'
import { SimulatedServer, perSecond, windowStats } from './testing/simulated-server'

// Simulated minutes against the nginx limiter model (performance-anchors §5.1 setup: 30 r/s,
// strict or burst=150 nodelay, limit_conn 10). Targets from the issue / anchors §6 T2–T6.
const STRICT: SimulatedLimits = { rate: 30, burst: 0, concurrency: 10 }
const BURST: SimulatedLimits = { rate: 30, burst: 150, concurrency: 10 }
const ORIGIN = 'https://nomad.test'

let clock: Clock

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 })
  clock = createRealClock()
})
afterEach(() => vi.useRealTimers())

interface Setup {
  limiter: NginxLimiter
  server: SimulatedServer
  registry: SchedulerRegistry
  scheduler: RequestScheduler
  start: number
}

function setup(limits: SimulatedLimits, seed: number, store = new MemoryLimitsStore()): Setup {
  const limiter = new NginxLimiter(limits)
  // 5 ms each way with up to 2 ms of jitter, 20 ms of server time per request.
  const server = new SimulatedServer({
    clock,
    random: seededRandom(seed),
    limiter,
    latencyMs: 5,
    jitterMs: 2,
    serviceMs: 20,
  })
  const registry = new SchedulerRegistry({ clock, random: seededRandom(seed + 100), store })
  return { limiter, server, registry, scheduler: registry.get(ORIGIN), start: clock.now() }
}

/** Queues `count` background requests (a bulk job) and lets simulated time run. */
function bulk(s: Setup, count: number, serviceMs?: number): Promise<unknown[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      s.scheduler
        .run(s.server.task('background', 'bulk', serviceMs), {
          lane: 'background',
          maxAttempts: 50,
        })
        .catch((error: unknown) => error),
    ),
  )
}

async function runSeconds(seconds: number, each?: (second: number) => void): Promise<void> {
  for (let second = 0; second < seconds; second++) {
    each?.(second)
    await vi.advanceTimersByTimeAsync(1000)
  }
}

describe('scheduler against a simulated nginx limit of 30 req/s', () => {
  it.each([1, 2, 3])(
    'strict limiter (seed %i): ≤ 15 503s in the first 10 s, then ≥ 85 % goodput, ≤ 1 % 503s',
    async (seed) => {
      const s = setup(STRICT, seed)
      const done = bulk(s, 2000)
      await runSeconds(70)
      const stats = perSecond(s.server.records, s.start, 70)
      expect(windowStats(stats, 0, 10).throttles).toBeLessThanOrEqual(15)
      const steady = windowStats(stats, 10, 60)
      expect(steady.okPerSecond).toBeGreaterThanOrEqual(0.85 * 30)
      expect(steady.throttleShare).toBeLessThanOrEqual(0.01)
      s.registry.dispose()
      await done
    },
  )

  it('burst-tolerant limiter: ≤ 15 503s in the first 10 s, then ≥ 90 % goodput, ≤ 1 % 503s', async () => {
    const s = setup(BURST, 1)
    const done = bulk(s, 2500)
    await runSeconds(70)
    const stats = perSecond(s.server.records, s.start, 70)
    expect(windowStats(stats, 0, 10).throttles).toBeLessThanOrEqual(15)
    const steady = windowStats(stats, 10, 70)
    expect(steady.okPerSecond).toBeGreaterThanOrEqual(0.9 * 30)
    expect(steady.throttleShare).toBeLessThanOrEqual(0.01)
    s.registry.dispose()
    await done
  })

  it('after the limit drops from 30 to 10 req/s, the 503 share is under 1 % within 10 s', async () => {
    const s = setup(STRICT, 4)
    const done = bulk(s, 2000)
    const rates: number[] = []
    await runSeconds(80, (second) => {
      if (second === 30) s.limiter.setLimits({ ...STRICT, rate: 10 })
      rates.push(s.scheduler.meter.snapshot().ratePerSecond)
    })
    const stats = perSecond(s.server.records, s.start, 80)
    expect(windowStats(stats, 20, 30).okPerSecond).toBeGreaterThan(25)
    // The throttle burst cuts below the new limit within two seconds...
    expect(Math.max(...rates.slice(32, 80))).toBeLessThan(10.5)
    // ...and from 10 s after the drop the share stays under 1 %.
    expect(windowStats(stats, 40, 80).throttleShare).toBeLessThan(0.01)
    expect(windowStats(stats, 40, 80).okPerSecond).toBeGreaterThanOrEqual(0.85 * 10)
    s.registry.dispose()
    await done
  })

  it('a warm start with learned limits sees at most 2 503s in its first 10 s', async () => {
    const store = new MemoryLimitsStore()
    const cold = setup(STRICT, 5, store)
    const first = bulk(cold, 1500)
    await runSeconds(40)
    cold.registry.dispose() // app quits: learned limits are saved
    await first
    expect(store.load(ORIGIN)?.rateCeiling).toBeGreaterThan(25)

    await vi.advanceTimersByTimeAsync(3_600_000)
    const warm = setup(STRICT, 6, store)
    const second = bulk(warm, 1000)
    await runSeconds(10)
    const stats = perSecond(warm.server.records, warm.start, 10)
    const firstTen = windowStats(stats, 0, 10)
    expect(firstTen.throttles).toBeLessThanOrEqual(2)
    expect(firstTen.okPerSecond).toBeGreaterThanOrEqual(0.85 * 30)
    warm.registry.dispose()
    await second
  })

  it.each([
    ['small requests saturating the rate', 20],
    ['2 s downloads saturating the connections', 2000],
  ])(
    'interactive requests see no 503 and stay within 250 ms of idle p95 (%s)',
    async (_, serviceMs) => {
      const s = setup(STRICT, 7)
      const uiLatencies = async (count: number, label: string): Promise<number[]> => {
        const latencies: number[] = []
        const runs: Promise<void>[] = []
        for (let i = 0; i < count; i++) {
          const asked = clock.now()
          const task = s.server.task('interactive', label)
          runs.push(
            s.scheduler.run(task, { lane: 'interactive' }).then(() => {
              latencies.push(clock.now() - asked)
            }),
          )
          await vi.advanceTimersByTimeAsync(300)
        }
        await Promise.all(runs)
        return latencies
      }
      const idle = await uiLatencies(20, 'ui-idle')
      const done = bulk(s, 3000, serviceMs)
      await runSeconds(15)
      const busy = await uiLatencies(100, 'ui-busy')
      const ui = s.server.records.filter((r) => r.label === 'ui-busy')
      expect(ui).toHaveLength(100)
      expect(ui.filter((r) => r.result === 'throttle')).toHaveLength(0)
      expect(p95(busy)).toBeLessThanOrEqual(p95(idle) + 250)
      // The bulk job really saturated the server meanwhile.
      const bulkDuringUi = s.server.records.filter(
        (r) => r.label === 'bulk' && (r.arrivedAt ?? 0) > s.start + 15_000,
      )
      expect(bulkDuringUi.length).toBeGreaterThan(serviceMs > 1000 ? 100 : 600)
      expect(s.server.maxConnectionsSeen).toBeLessThanOrEqual(10)
      s.registry.dispose()
      await done
    },
  )
})

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? Infinity
}
