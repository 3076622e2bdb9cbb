/**
 * `npm run bench:scheduler`: the request scheduler against a sandbox with NOMAD-like limits,
 * side by side in one batch with NOMAD's Python-client strategy (fixed 20 requests/s, 8 in
 * flight) and a naive flood (10 workers flat out). The sandbox runs in a child process so that
 * client and server never share an event loop. Writes .reports/bench/scheduler.json and
 * docs/benchmarks/scheduler.md and prints every target with its figure. Not a test: targets
 * are reported, not asserted. BENCH_QUICK=1 shortens every run (a smoke check, not figures).
 */
import { loadavg } from 'node:os'
import { withCpuHog } from './support/cpu-hog'
import { EVEN_RATE } from './support/load-clients'
import { machineFacts, markdownTable, writeMarkdownReport, writeReport } from './support/report'
import { pct, round1 } from './support/stats'
import {
  DURATION,
  dropScenario,
  fairness,
  LIMIT,
  log,
  overIdle,
  QUICK,
  raisePriority,
  scale,
  throughput,
  throughputFigures,
  throughputScenario,
} from './support/scheduler-scenarios'

interface Target {
  id: string
  metric: string
  target: string
  ours: string
  fixed: string
  flood: string
  pass: boolean
}

async function main(): Promise<void> {
  const started = performance.now()
  const priority = raisePriority()
  const loadBefore = loadavg().map(round1)
  log(`Scheduler benchmark${QUICK ? ' (quick smoke run: figures are not representative)' : ''}`)
  log(
    `  load average ${loadBefore.join(' / ')}; priority ${priority ? 'raised (nice −10)' : 'normal'}`,
  )
  const strict = await throughputScenario('strict 30 r/s', { rate: LIMIT, burst: 0 })
  log(`  noise floor: even pacing at ${EVEN_RATE} r/s for ${DURATION.even} s…`)
  const even = throughputFigures(await throughput('even', { rate: LIMIT, burst: 0 }, DURATION.even))
  // Issue #19: the same two runs with a CPU-bound process beside them (a busy machine): our
  // goodput must stay within 5 % of even pacing's in the same conditions.
  log(`  busy machine (a CPU hog beside): ours and even pacing, strict…`)
  const busy = await withCpuHog(1, async () => ({
    ours: throughputFigures(await throughput('ours', { rate: LIMIT, burst: 0 }, DURATION.ours)),
    even: throughputFigures(await throughput('even', { rate: LIMIT, burst: 0 }, DURATION.even)),
  }))
  const burst = await throughputScenario('burst 150, 30 r/s', { rate: LIMIT, burst: 150 })
  log(`  warm start (ours, learned ${JSON.stringify(strict.learned)})…`)
  const warmRun = await throughput('ours', { rate: LIMIT, burst: 0 }, scale(15), {
    ...(strict.learned === undefined ? {} : { learned: strict.learned }),
  })
  const warm = throughputFigures(warmRun)
  const drop = await dropScenario()
  const fair = await fairness()

  const s = strict.figures
  const b = burst.figures
  const fig = (value: number | undefined, format: (v: number) => string) =>
    value === undefined || Number.isNaN(value) ? 'n/a' : format(value)
  const share = (v: number) => pct(v)
  const ofFloor = (f: { goodputShare: number } | undefined, floor: { goodputShare: number }) =>
    (f?.goodputShare ?? 0) / Math.max(floor.goodputShare, 1e-9)
  const count = (v: number) => String(v)
  // One throughput figure for the three clients, the same way in every row; the flood's note
  // says where its run differs.
  const cells = (
    f: typeof s,
    key: 'goodputShare' | 'steadyRefusedShare' | 'refusedFirst10s',
    format: (v: number) => string,
    floodNote = '',
  ) => ({
    ours: fig(f.ours?.[key], format),
    fixed: fig(f.fixed?.[key], format),
    flood: `${fig(f.flood?.[key], format)}${floodNote}`,
  })
  const targets: Target[] = [
    {
      id: 'goodput-burst',
      metric: 'goodput, burst-tolerant 30 r/s (share of the limit, steady)',
      target: '≥ 90 %',
      ...cells(b, 'goodputShare', share),
      pass: (b.ours?.goodputShare ?? 0) >= 0.9,
    },
    {
      id: 'goodput-strict',
      metric: 'goodput, strict 30 r/s (share of the limit, steady)',
      target: '≥ 85 %',
      ...cells(s, 'goodputShare', share),
      pass: (s.ours?.goodputShare ?? 0) >= 0.85,
    },
    {
      id: 'goodput-strict-vs-floor',
      metric: `goodput, strict, over the noise floor (even pacing at ${EVEN_RATE} r/s), idle`,
      target: '≥ 95 %',
      ours: `${share(ofFloor(s.ours, even))} (${fig(s.ours?.goodputShare, share)} vs ${share(even.goodputShare)})`,
      fixed: '–',
      flood: '–',
      pass: ofFloor(s.ours, even) >= 0.95,
    },
    {
      id: 'goodput-strict-vs-floor-busy',
      metric: 'the same with a CPU-bound process running beside the client',
      target: '≥ 95 %',
      ours: `${share(ofFloor(busy.ours, busy.even))} (${share(busy.ours.goodputShare)} vs ${share(busy.even.goodputShare)})`,
      fixed: '–',
      flood: '–',
      pass: ofFloor(busy.ours, busy.even) >= 0.95,
    },
    {
      id: 'steady-503-strict',
      metric: 'steady-state 503 share, strict',
      target: '≤ 1 %',
      ...cells(s, 'steadyRefusedShare', share),
      pass: (s.ours?.steadyRefusedShare ?? 1) <= 0.01,
    },
    {
      id: 'steady-503-burst',
      metric: 'steady-state 503 share, burst-tolerant',
      target: '≤ 1 %',
      ...cells(b, 'steadyRefusedShare', share),
      pass: (b.ours?.steadyRefusedShare ?? 1) <= 0.01,
    },
    {
      id: 'cold-503-strict',
      metric: '503s in the first 10 s of a cold start, strict',
      target: '≤ 15',
      ...cells(s, 'refusedFirst10s', count, ' (in 6 s)'),
      pass: (s.ours?.refusedFirst10s ?? Infinity) <= 15,
    },
    {
      id: 'cold-503-burst',
      metric: '503s in the first 10 s of a cold start, burst-tolerant',
      target: '≤ 15',
      ...cells(b, 'refusedFirst10s', count, ' (in 6 s)'),
      pass: (b.ours?.refusedFirst10s ?? Infinity) <= 15,
    },
    {
      id: 'warm-503',
      metric: '503s in the first 10 s of a warm start (learned limits), strict',
      target: '≤ 2',
      ours: String(warm.refusedFirst10s),
      fixed: 'n/a (learns nothing)',
      flood: 'n/a (learns nothing)',
      pass: warm.refusedFirst10s <= 2,
    },
    {
      id: 'drop-recovery',
      metric: '503 share from 10 s after the limit drops 30 → 10 r/s',
      target: '< 1 %',
      ours: `${pct(drop.ours.refusedShareAfter)} (last 503 ${drop.ours.lastRefusalAfterDrop} s after the drop)`,
      fixed: pct(drop.fixed.refusedShareAfter),
      flood: `${pct(drop.flood.refusedShareAfter)} (8 s run)`,
      pass: drop.ours.refusedShareAfter < 0.01,
    },
    {
      id: 'fairness-503',
      metric: 'interactive requests refused while a background job saturates the server',
      target: '0',
      ours: `${fair.clients.ours.uiRefusals} of ${QUICK ? 10 : 40}`,
      fixed: `${fair.clients.fixed.uiRefusals} of ${QUICK ? 10 : 40}`,
      flood: `${fair.clients.flood.uiRefusals} of ${QUICK ? 10 : 40}`,
      pass: fair.clients.ours.uiRefusals === 0 && fair.clients.ours.uiFailures === 0,
    },
    {
      id: 'fairness-p95',
      metric: `interactive p95 over the idle baseline (${fair.idleP95} ms)`,
      target: '≤ +250 ms',
      ours: overIdle(fair.clients.ours),
      fixed: overIdle(fair.clients.fixed),
      flood: overIdle(fair.clients.flood),
      pass: fair.clients.ours.uiFailures === 0 && fair.clients.ours.p95OverIdle <= 250,
    },
  ]
  const visible = (s.ours?.visibleFailures ?? 0) + (b.ours?.visibleFailures ?? 0)
  const minutes = round1((performance.now() - started) / 60_000)

  log('')
  log(
    `noise floor: even ${EVEN_RATE} r/s → ${pct(even.steadyRefusedShare)} 503s, ${pct(even.goodputShare)} goodput`,
  )
  for (const t of targets)
    log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.metric}: ${t.ours} (target ${t.target})`)
  log(`      user-visible failures of ours in the throughput runs: ${visible}`)
  log(`      whole benchmark: ${minutes} min`)

  const loadAfter = loadavg().map(round1)
  const report = {
    machine: { ...machineFacts(), loadBefore, loadAfter, priorityRaised: priority },
    quick: QUICK,
    minutes,
    targets,
    scenarios: {
      strict: strict.figures,
      evenReference: even,
      busyMachine: busy,
      burst: burst.figures,
      warm,
      learnedFromStrict: strict.learned,
      drop,
      fairness: fair,
    },
  }
  const json = writeReport('.reports/bench/scheduler.json', `${JSON.stringify(report, null, 2)}\n`)
  const table = markdownTable(
    ['metric', 'target', 'ours', 'fixed 20 r/s × 8', 'naive flood', 'result'],
    targets.map((t) => [t.metric, t.target, t.ours, t.fixed, t.flood, t.pass ? 'PASS' : 'FAIL']),
  )
  const md = [
    '# Scheduler benchmark',
    '',
    `\`npm run bench:scheduler\` on ${report.machine.platform}, Node ${report.machine.node}, ${report.machine.date}${QUICK ? ' (quick smoke run)' : ''}.`,
    'The sandbox runs in a child process with NOMAD-like limits (30 requests/s, 10 at a time,',
    '503 + HTML without Retry-After). Each client runs against a fresh, warmed-up sandbox (20',
    'requests at 10/s first, then the stats are reset), all in one batch;',
    `throughput runs last ${DURATION.ours} s (ours), ${DURATION.fixed} s (fixed) and ${DURATION.flood} s`,
    '(flood, capped); "steady" means from second 10 on (from second 3 for the 6 s flood).',
    `In the drop run the limit falls to 10 requests/s after ${report.scenarios.drop.ours.dropAt} s; ours runs ${report.scenarios.drop.ours.seconds} s, so its`,
    '503 share is measured over the 30 s that follow the 10 s allowed for recovery.',
    `Noise floor of this batch: our stack pacing evenly at ${EVEN_RATE} of 30 requests/s (no`,
    `adaptation) got ${pct(even.steadyRefusedShare)} 503s and ${pct(even.goodputShare)} goodput from second ${even.steadyFrom} on;`,
    'refusals below the limit come from scheduling jitter on the machine, not from the pace.',
    `With a CPU hog beside the client (one spinning process), even pacing got ${pct(busy.even.goodputShare)} and ours`,
    `${pct(busy.ours.goodputShare)} goodput.`,
    '"fixed" is NOMAD\'s Python client strategy (cumulative 20 requests/s budget polled every',
    '100 ms, 8 in flight, no retry); "flood" is 10 workers sending back to back.',
    'Fairness: a background job of 1-second requests fills the connection slots while a UI',
    'request is made every 300 ms. Absolute figures drift ±30 % between runs and machines.',
    `Load average (1/5/15 min) before: ${loadBefore.join(' / ')}, after: ${loadAfter.join(' / ')};`,
    `bench processes ${priority ? 'at raised priority (nice −10)' : 'at normal priority'}.`,
    '',
    table,
    '',
    `User-visible failures of ours in the throughput runs: ${visible}. Raw series: \`.reports/bench/scheduler.json\`.`,
    '',
  ].join('\n')
  const mdPath = await writeMarkdownReport('docs/benchmarks/scheduler.md', md)
  log(`\nWrote ${json}\n      ${mdPath}`)
}

main().catch((error: unknown) => {
  process.stderr.write(`scheduler benchmark failed: ${String(error)}\n`)
  process.exit(1)
})
