/**
 * `npm run bench:startup`: how fast the app starts, against today's build and a reference build
 * of commit 076e8f6 (before issue #19's work), measured in the same batch, interleaved:
 * - first screen interactive in Chromium (the shell ready and the Search screen's Search button
 *   on screen), from navigation start, cold (new browser profile) and warm (same profile,
 *   reloaded), each navigation once Chromium's own processes are quiet (support/first-screen.ts);
 * - the renderer's JavaScript: initial (what index.html loads), first screen, every chunk;
 * - web host start to its URL line; a 100 000-entry sandbox start to its API line, and the
 *   search sent the moment it is ready (what the sandbox left for later shows there);
 * Each figure is the median of STARTUP_BENCH_RUNS (≥ 7) runs with min and max; the load
 * average is recorded. Writes docs/benchmarks/startup.{json,md} and exits 1, naming each, when a
 * budget is exceeded.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../fixtures/chromium'
import { seedSettings } from '../fixtures/test'
import { startWebHost, type RunningHost } from '../fixtures/web-host'
import { startSandboxProcess } from './browse-setup'
import { BUNDLE_BUDGETS, kB, measureBundle } from './support/bundle-size'
import { cpuToLine } from './support/cpu-to-line'
import { coldAndWarm } from './support/first-screen'
import { machineFacts, REPO_ROOT, writeJsonReport, writeMarkdownReport } from './support/report'
import { searchClickRun } from './support/search-click-run'
import {
  currentBuild,
  firstSandboxStart,
  initialJsFromHtml,
  REFERENCE_COMMIT,
  referenceBuild,
  type Build,
} from './support/startup-builds'
import {
  figure,
  printBudgets,
  ratioCell,
  startupMarkdown,
  type Budget,
  type Figure,
} from './support/startup-report'

const RUNS = Math.max(7, Number(process.env.STARTUP_BENCH_RUNS ?? 7))
const BUDGETS = { firstScreenMs: 350, hostUrlMs: 400, sandboxReadyMs: 1500, searchClickRatio: 3 }
const BIG_SANDBOX_ENTRIES = 100_000

const round = (value: number) => Math.round(value * 10) / 10

async function timeHostStart(build: Build): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'startup-bench-host-'))
  const started = performance.now()
  const host = await startWebHost(dataDir, {}, build.host)
  const ms = performance.now() - started
  await host.stop()
  rmSync(dataDir, { recursive: true, force: true })
  return ms
}

const BIG_SANDBOX_ARGS = [
  '--entries',
  String(BIG_SANDBOX_ENTRIES),
  '--rate',
  'off',
  '--concurrency',
  'off',
]

/**
 * Start to ready, and then a first search sent the moment the port opens: a sandbox that
 * leaves work for later (entry ids derived on first use, docs/performance.md) pays it there.
 */
async function timeSandboxStart(build: Build): Promise<{ readyMs: number; firstSearchMs: number }> {
  const started = performance.now()
  const sandbox = await startSandboxProcess(BIG_SANDBOX_ARGS, build.sandbox)
  const readyMs = performance.now() - started
  const sent = performance.now()
  const answer = await fetch(`${sandbox.baseUrl}/entries/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pagination: { page_size: 20 } }),
  })
  if (!answer.ok) throw new Error(`the first search answered ${answer.status}`)
  await answer.json()
  const firstSearchMs = performance.now() - sent
  await sandbox.stop()
  return { readyMs, firstSearchMs }
}

async function main() {
  const today = currentBuild()
  const builds = [today, referenceBuild()]
  const loadBefore = loadavg().map(round)
  const perBuild = new Map(
    builds.map((build) => [
      build.name,
      {
        cold: [] as number[],
        warm: [] as number[],
        third: [] as number[],
        host: [] as number[],
        sandbox: [] as number[],
        firstSearch: [] as number[],
      },
    ]),
  )
  const samples = (build: Build) => {
    const found = perBuild.get(build.name)
    if (!found) throw new Error(`no samples for ${build.name}`)
    return found
  }

  console.log(`web host start to URL line, ${RUNS} runs each, interleaved…`)
  for (let i = 0; i < RUNS; i++)
    for (const build of builds) samples(build).host.push(await timeHostStart(build))

  console.log(`${BIG_SANDBOX_ENTRIES}-entry sandbox, first start after the build…`)
  const sandboxFirstStartMs = await firstSandboxStart(today, BIG_SANDBOX_ARGS)
  console.log(`${BIG_SANDBOX_ENTRIES}-entry sandbox start to ready, ${RUNS} runs each…`)
  for (let i = 0; i < RUNS; i++)
    for (const build of builds) {
      const { readyMs, firstSearchMs } = await timeSandboxStart(build)
      samples(build).sandbox.push(readyMs)
      samples(build).firstSearch.push(firstSearchMs)
    }

  console.log(`CPU time to the URL / API line (today's build), ${RUNS} runs each…`)
  const hostCpu: number[] = []
  const sandboxCpu: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'startup-bench-cpu-'))
    hostCpu.push(
      await cpuToLine(
        ['out/node/host.js', '--port', '0', '--data-dir', dataDir],
        /http:\/\//,
        REPO_ROOT,
      ),
    )
    rmSync(dataDir, { recursive: true, force: true })
    sandboxCpu.push(
      await cpuToLine(
        ['out/node/sandbox.js', '--port', '0', ...BIG_SANDBOX_ARGS],
        /API\s+http/,
        REPO_ROOT,
      ),
    )
  }

  console.log(`first screen in Chromium, cold, warm and a third load, ${RUNS} runs each…`)
  const sandbox = await startSandboxProcess(['--rate', 'off', '--concurrency', 'off'])
  const hosts: RunningHost[] = []
  const dataDirs: string[] = []
  const browser = await chromium.launch(chromiumLaunchOptions())
  let searchClick: Awaited<ReturnType<typeof searchClickRun>> | undefined
  try {
    for (const build of builds) {
      const dataDir = mkdtempSync(join(tmpdir(), `startup-bench-${build.name}-`))
      dataDirs.push(dataDir)
      seedSettings(
        dataDir,
        [{ id: 'bench', name: 'Bench', baseUrl: sandbox.baseUrl, note: '' }],
        'bench',
      )
      hosts.push(await startWebHost(dataDir, {}, build.host))
    }
    // One unmeasured load each: the hosts' first catalogue fetch is not start-up's cost.
    for (const host of hosts) await coldAndWarm(browser, host)
    for (let i = 0; i < RUNS; i++)
      for (const [index, build] of builds.entries()) {
        const host = hosts[index]
        if (!host) continue
        const { cold, warm, later } = await coldAndWarm(browser, host)
        samples(build).cold.push(cold)
        samples(build).warm.push(warm)
        samples(build).third.push(...later)
      }
    console.log(`Search click to first row against the raw call, ${RUNS} searches…`)
    searchClick = await searchClickRun(browser, BIG_SANDBOX_ENTRIES, RUNS)
  } finally {
    await browser.close()
    for (const host of hosts) await host.stop()
    await sandbox.stop()
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  }

  const bundle = measureBundle()
  const referenceInitial = initialJsFromHtml(builds[1]?.rendererDir ?? '')
  const figuresOf = (build: Build | undefined): Record<string, Figure> => {
    if (!build) return {}
    const s = samples(build)
    return {
      firstScreenColdMs: figure(s.cold),
      firstScreenWarmMs: figure(s.warm),
      firstScreenThirdMs: figure(s.third),
      hostUrlLineMs: figure(s.host),
      sandboxReadyMs: figure(s.sandbox),
      sandboxFirstSearchMs: figure(s.firstSearch),
    }
  }
  const figures = { current: figuresOf(builds[0]), reference: figuresOf(builds[1]) }
  const current = figures.current
  const app = figure(searchClick?.app.map((t) => t.firstRowMs) ?? [])
  const raw = figure(searchClick?.rawMs ?? [])
  const ratio = round(app.median / Math.max(raw.median, 0.1))
  const ms = (f: Figure | undefined) => `median ${f?.median} ms (${f?.min}–${f?.max})`
  const within = (f: Figure | undefined, budget: number) => (f?.median ?? Infinity) <= budget
  const budgets: Budget[] = [
    ...(
      [
        ['First screen interactive, cold', 'firstScreenColdMs', BUDGETS.firstScreenMs],
        ['First screen interactive, warm', 'firstScreenWarmMs', BUDGETS.firstScreenMs],
        ['Web host start to URL line', 'hostUrlLineMs', BUDGETS.hostUrlMs],
        [`${BIG_SANDBOX_ENTRIES}-entry sandbox ready`, 'sandboxReadyMs', BUDGETS.sandboxReadyMs],
      ] as const
    ).map(([name, key, budget]) => ({
      name,
      // The ratio to the reference of the same batch, which the machine's speed does not move.
      measured: `${ms(current[key])}, ${ratioCell(current[key], figures.reference[key])} the reference`,
      budget: `≤ ${budget} ms`,
      pass: within(current[key], budget),
    })),
    {
      name: 'Search click to first row over the raw sandbox call for the same page',
      measured: `${ratio}× (${ms(app)} vs ${ms(raw)})`,
      budget: `≤ ${BUDGETS.searchClickRatio}×`,
      pass: ratio <= BUDGETS.searchClickRatio,
    },
    {
      name: 'Initial JavaScript (gzip)',
      measured: kB(bundle.initialJs.gzip),
      budget: `≤ ${kB(BUNDLE_BUDGETS.initialJsGzip)}`,
      pass: bundle.initialJs.gzip <= BUNDLE_BUDGETS.initialJsGzip,
    },
    {
      name: 'First screen JavaScript (gzip)',
      measured: `${kB(bundle.firstScreenJs.gzip)} in ${bundle.firstScreenJs.files} files`,
      budget: `≤ ${kB(BUNDLE_BUDGETS.firstScreenJsGzip)} in ≤ ${BUNDLE_BUDGETS.firstScreenJsFiles}`,
      pass:
        bundle.firstScreenJs.gzip <= BUNDLE_BUDGETS.firstScreenJsGzip &&
        bundle.firstScreenJs.files <= BUNDLE_BUDGETS.firstScreenJsFiles,
    },
  ]
  const loadAfter = loadavg().map(round)
  console.log(`load average ${loadBefore.join(' / ')} before, ${loadAfter.join(' / ')} after`)
  const failures = printBudgets(budgets)
  const cpu = { hostUrlLineCpuMs: figure(hostCpu), sandboxReadyCpuMs: figure(sandboxCpu) }
  const parts = (key: 'sentMs' | 'roundTripMs' | 'renderMs') =>
    figure(searchClick?.app.map((t) => t[key]) ?? [])
  const results = {
    machine: { ...machineFacts(), loadBefore, loadAfter },
    runs: RUNS,
    referenceCommit: REFERENCE_COMMIT,
    budgets: { ...BUDGETS, ...BUNDLE_BUDGETS },
    verdicts: budgets,
    figures,
    cpu,
    searchClick: {
      appFirstRowMs: app,
      rawMs: raw,
      ratio,
      sentMs: parts('sentMs'),
      roundTripMs: parts('roundTripMs'),
      renderMs: parts('renderMs'),
    },
    bundle: {
      current: {
        initialJs: bundle.initialJs,
        firstScreenJs: bundle.firstScreenJs,
        firstScreenCss: bundle.firstScreenCss,
        totalJs: bundle.totalJs,
        chunks: bundle.chunks,
      },
      reference: { initialJs: referenceInitial },
    },
    failures,
  }
  await writeJsonReport('docs/benchmarks/startup.json', results)
  const rows: [string, Figure | undefined, Figure | undefined, string][] = [
    [
      'First screen interactive, cold (ms)',
      current.firstScreenColdMs,
      figures.reference.firstScreenColdMs,
      `≤ ${BUDGETS.firstScreenMs}`,
    ],
    [
      'First screen interactive, warm (ms)',
      current.firstScreenWarmMs,
      figures.reference.firstScreenWarmMs,
      `≤ ${BUDGETS.firstScreenMs}`,
    ],
    [
      '… a third load, from Chromium’s code cache (ms)',
      current.firstScreenThirdMs,
      figures.reference.firstScreenThirdMs,
      '–',
    ],
    [
      'Web host start to URL line (ms)',
      current.hostUrlLineMs,
      figures.reference.hostUrlLineMs,
      `≤ ${BUDGETS.hostUrlMs}`,
    ],
    ['… of which CPU time (ms)', cpu.hostUrlLineCpuMs, undefined, '–'],
    [
      `${BIG_SANDBOX_ENTRIES}-entry sandbox ready (ms)`,
      current.sandboxReadyMs,
      figures.reference.sandboxReadyMs,
      `≤ ${BUDGETS.sandboxReadyMs}`,
    ],
    ['… of which CPU time (ms)', cpu.sandboxReadyCpuMs, undefined, '–'],
    [
      '… its first start after a build, no code cache yet (ms, one run)',
      figure([sandboxFirstStartMs]),
      undefined,
      '–',
    ],
    [
      '… then a search sent at once (ms)',
      current.sandboxFirstSearchMs,
      figures.reference.sandboxFirstSearchMs,
      '–',
    ],
    ['Search click to first row (ms)', app, undefined, `≤ ${BUDGETS.searchClickRatio}× raw`],
    ['… click to search.page sent (ms)', parts('sentMs'), undefined, '–'],
    ['… its round trip (ms)', parts('roundTripMs'), undefined, '–'],
    ['… answer to first row in the DOM (ms)', parts('renderMs'), undefined, '–'],
    ['Raw sandbox call for the same page (ms)', raw, undefined, '–'],
  ]
  await writeMarkdownReport(
    'docs/benchmarks/startup.md',
    startupMarkdown({
      machine: results.machine,
      runs: RUNS,
      referenceCommit: REFERENCE_COMMIT,
      rows,
      budgets,
      bundle,
      referenceInitial,
      failures,
    }),
  )
  if (failures.length > 0)
    console.error(`\n${failures.length} BUDGET(S) EXCEEDED:\n- ${failures.join('\n- ')}`)
  else console.log('PASS: every start-up budget holds')
  process.exit(failures.length === 0 ? 0 : 1)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
