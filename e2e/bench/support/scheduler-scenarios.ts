/**
 * The scenarios of `npm run bench:scheduler` (scheduler.bench.ts): one load client against a
 * fresh sandbox child per run, the throughput, limit-drop and fairness runs, and the figures
 * each yields. The benchmark file turns them into targets and the report.
 */
import { setPriority } from 'node:os'
import type { SandboxLimits } from '../../../electron/sandbox'
import type { LearnedLimits } from '../../../electron/core/network/scheduler'
import { recordWire } from '../../../electron/core/api/test-support/wire-log'
import {
  createLoadClient,
  type BulkResult,
  type ClientName,
  type InteractiveResult,
} from './load-clients'
import { startSandboxChild, warmUp } from './sandbox-child'
import { percentile, round1, sleep } from './stats'
import { goodput, refusedShare, lastRefusalAfter, timeline, window, type Second } from './timeline'

export const QUICK = process.env.BENCH_QUICK === '1'
export const scale = (seconds: number) => (QUICK ? Math.max(4, Math.round(seconds / 3)) : seconds)
export const LIMIT = 30
const BULK_PATH = '/groups'
const CLIENTS = ['ours', 'fixed', 'flood'] as const
export const DURATION: Record<ClientName, number> = {
  ours: scale(30),
  fixed: scale(20),
  flood: 6,
  even: scale(15),
}

export interface Run {
  client: ClientName
  seconds: number
  series: Second[]
  bulk: BulkResult
  learned?: LearnedLimits
}

export function log(line: string): void {
  process.stdout.write(`${line}\n`)
}

/**
 * The anchors' method puts client and server on their own cores (performance-anchors §6). On a
 * shared 2-core machine the next best thing is to let the scheduler prefer this process and its
 * sandbox children (forks inherit the niceness), so their timers are not delayed behind
 * compilers running next to them. Without permission the run goes on at normal priority.
 */
export function raisePriority(): boolean {
  try {
    setPriority(0, -10)
    return true
  } catch {
    return false
  }
}

/** One client against a fresh sandbox for `seconds`, optionally lowering the limit mid-run. */
export async function throughput(
  client: ClientName,
  limits: Partial<SandboxLimits>,
  seconds: number,
  options: { learned?: LearnedLimits; dropAt?: number } = {},
): Promise<Run> {
  const sandbox = await startSandboxChild({ entries: 200, limits })
  await warmUp(sandbox, [BULK_PATH])
  const load = createLoadClient(client, sandbox.baseUrl, options.learned)
  const stop = new AbortController()
  const bulk = load.bulk(BULK_PATH, stop.signal)
  const drop =
    options.dropAt === undefined
      ? undefined
      : setTimeout(() => void sandbox.setLimits({ rate: 10 }), options.dropAt * 1000)
  await sleep(seconds * 1000)
  stop.abort()
  clearTimeout(drop)
  const result = await bulk
  const stats = await sandbox.stats()
  const learned = load.learnedLimits()
  await load.close()
  await sandbox.close()
  return {
    client,
    seconds,
    series: timeline(stats, seconds),
    bulk: result,
    ...(learned === undefined ? {} : { learned }),
  }
}

export interface ThroughputFigures {
  seconds: number
  steadyFrom: number
  goodputPerSecond: number
  goodputShare: number
  steadyRefusedShare: number
  refusedFirst10s: number
  visibleFailures: number
  series: Second[]
}

export function throughputFigures(run: Run): ThroughputFigures {
  const steadyFrom = Math.min(10, Math.floor(run.seconds / 2))
  const perSecond = goodput(run.series, steadyFrom)
  return {
    seconds: run.seconds,
    steadyFrom,
    goodputPerSecond: round1(perSecond),
    goodputShare: perSecond / LIMIT,
    steadyRefusedShare: refusedShare(run.series, steadyFrom),
    refusedFirst10s: window(run.series, 0, 10).refused,
    visibleFailures: run.bulk.failed,
    series: run.series,
  }
}

export async function throughputScenario(name: string, limits: Partial<SandboxLimits>) {
  const figures: Partial<Record<ClientName, ThroughputFigures>> = {}
  let learned: LearnedLimits | undefined
  for (const client of CLIENTS) {
    log(`  ${name}: ${client} for ${DURATION[client]} s…`)
    const run = await throughput(client, limits, DURATION[client])
    figures[client] = throughputFigures(run)
    if (client === 'ours') learned = run.learned
  }
  return { figures, learned }
}

export async function dropScenario() {
  // Ours measures 30 s after the 10-s recovery: at 10 r/s a 10-s window holds ~100 requests,
  // where the single 503 of one capacity probe alone reads as 1 %; the target is about the
  // share once recovered, which needs a window that can resolve it.
  const plan: Record<(typeof CLIENTS)[number], { seconds: number; dropAt: number }> = {
    ours: { seconds: scale(48), dropAt: scale(8) },
    fixed: { seconds: scale(24), dropAt: scale(8) },
    flood: { seconds: 8, dropAt: 3 },
  }
  const out: Partial<Record<ClientName, object>> = {}
  for (const client of CLIENTS) {
    const { seconds, dropAt } = plan[client]
    log(`  30→10 drop: ${client} for ${seconds} s, drop at ${dropAt} s…`)
    const run = await throughput(client, { rate: LIMIT }, seconds, { dropAt })
    const after = Math.min(dropAt + 10, seconds - 2)
    out[client] = {
      seconds,
      dropAt,
      refusedShareFrom: after,
      refusedShareAfter: refusedShare(run.series, after),
      lastRefusalAfterDrop: lastRefusalAfter(run.series, dropAt),
      goodputAfterDrop: round1(goodput(run.series, after)),
      visibleFailures: run.bulk.failed,
      series: run.series,
    }
  }
  return out as Record<
    ClientName,
    { refusedShareAfter: number; lastRefusalAfterDrop: number; seconds: number; dropAt: number }
  >
}

/** Interactive probes every 300 ms; resolves with every probe's result. */
async function probe(
  interactive: (path: string) => Promise<InteractiveResult>,
  count: number,
): Promise<InteractiveResult[]> {
  const pending: Promise<InteractiveResult>[] = []
  for (let i = 0; i < count; i++) {
    pending.push(interactive('/info'))
    await sleep(300)
  }
  return Promise.all(pending)
}

export async function fairness() {
  const probes = QUICK ? 10 : 40
  const slowBulk = { latencyMs: 1000, pathPattern: '^/datasets/$' }
  // Idle baseline, same batch, same client: probes without any background work.
  log('  fairness: idle baseline (ours)…')
  const idleSandbox = await startSandboxChild({ entries: 200, faults: slowBulk })
  await warmUp(idleSandbox, ['/info'])
  const idleClient = createLoadClient('ours', idleSandbox.baseUrl)
  const idle = await probe((path) => idleClient.interactive(path), QUICK ? 10 : 25)
  await idleClient.close()
  await idleSandbox.close()
  const idleP95 = percentile(
    idle.map((r) => r.ms),
    95,
  )

  const out: Partial<Record<ClientName, object>> = {}
  for (const client of CLIENTS) {
    log(`  fairness: ${client} with a saturating background job…`)
    const sandbox = await startSandboxChild({ entries: 200, faults: slowBulk })
    await warmUp(sandbox, ['/info', '/groups'])
    const load = createLoadClient(client, sandbox.baseUrl)
    const wire = recordWire()
    const stop = new AbortController()
    const bulk = load.bulk('/datasets/', stop.signal)
    await sleep(3000) // let the job fill the connection slots first
    const results = await probe((path) => load.interactive(path), probes)
    stop.abort()
    await bulk
    const origin = new URL(sandbox.baseUrl).origin
    // Ours retries invisibly; what counts is whether the server ever refused a UI request.
    const uiRefusals = wire
      .to(origin)
      .filter((r) => r.path.includes('/info') && r.status === 503).length
    wire.stop()
    const stats = await sandbox.stats()
    await load.close()
    await sandbox.close()
    const okMs = results.filter((r) => r.ok).map((r) => r.ms)
    out[client] = {
      probes: results.length,
      uiFailures: results.filter((r) => !r.ok).length,
      uiRefusals: client === 'ours' ? uiRefusals : results.filter((r) => !r.ok).length,
      p50: round1(percentile(okMs, 50)),
      p95: round1(percentile(okMs, 95)),
      p95OverIdle: round1(percentile(okMs, 95) - idleP95),
      bulkMaxInFlight: stats.maxInFlight,
    }
  }
  return {
    idleP50: round1(
      percentile(
        idle.map((r) => r.ms),
        50,
      ),
    ),
    idleP95: round1(idleP95),
    clients: out as Record<
      ClientName,
      { uiRefusals: number; uiFailures: number; probes: number; p95: number; p95OverIdle: number }
    >,
  }
}

/** p95 over the idle baseline, or why there is none (too few answered probes). */
export function overIdle(c: { p95OverIdle: number; uiFailures: number; probes: number }): string {
  const answered = c.probes - c.uiFailures
  if (answered < 5) return `n/a (${answered} of ${c.probes} answered)`
  const sign = c.p95OverIdle >= 0 ? '+' : '−'
  return `${sign}${Math.abs(c.p95OverIdle)} ms`
}
