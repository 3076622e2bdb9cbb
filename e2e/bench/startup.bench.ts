/**
 * `npm run bench:startup`: how fast the app starts, against today's build and a reference build
 * of commit 076e8f6 (before issue #19's work), measured in the same batch, interleaved:
 * - first screen interactive in Chromium (the shell ready and the Search screen's Search button
 *   on screen), from navigation start, cold (new browser profile) and warm (same profile,
 *   reloaded);
 * - the renderer's JavaScript: initial (what index.html loads), first screen, every chunk;
 * - web host start to its URL line; a 100 000-entry sandbox start to its API line.
 * Each figure is the median of STARTUP_BENCH_RUNS (≥ 7) runs with min and max; the load
 * average is recorded. Writes docs/benchmarks/startup.{json,md} and exits 1, naming each, when a
 * budget is exceeded.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type Page } from '@playwright/test'
import { seedSettings } from '../fixtures/test'
import { startWebHost, type HostLaunch, type RunningHost } from '../fixtures/web-host'
import { startSandboxProcess } from './browse-setup'
import { bundleBudgetFailures, kB, measureBundle } from './support/bundle-size'
import {
  machineFacts,
  markdownTable,
  REPO_ROOT,
  writeJsonReport,
  writeMarkdownReport,
} from './support/report'

const RUNS = Math.max(7, Number(process.env.STARTUP_BENCH_RUNS ?? 7))
const REFERENCE_COMMIT = '076e8f6'
const BUDGETS = { firstScreenMs: 350, hostUrlMs: 400, sandboxReadyMs: 1500 }
const BIG_SANDBOX_ENTRIES = 100_000

interface Figure {
  median: number
  min: number
  max: number
  runs: number[]
}
const round = (value: number) => Math.round(value * 10) / 10
function figure(runs: number[]): Figure {
  const sorted = [...runs].sort((a, b) => a - b)
  return {
    median: round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN),
    min: round(sorted[0] ?? Number.NaN),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    runs: runs.map(round),
  }
}

interface Build {
  name: 'current' | 'reference'
  rendererDir: string
  host: HostLaunch
  sandbox: HostLaunch
}

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`)
}

/** Today's build, built now; its host and sandbox run from built JavaScript. */
function currentBuild(): Build {
  console.log('building the app (electron-vite build)…')
  run('npx', ['electron-vite', 'build'], REPO_ROOT)
  const node = (file: string) => ({ command: process.execPath, args: [file], cwd: REPO_ROOT })
  return {
    name: 'current',
    rendererDir: join(REPO_ROOT, 'out/renderer'),
    host: node(join(REPO_ROOT, 'out/node/host.js')),
    sandbox: node(join(REPO_ROOT, 'out/node/sandbox.js')),
  }
}

/**
 * The reference: commit 076e8f6 cloned and built once into node_modules/.cache (kept between
 * runs), sharing our node_modules; its host and sandbox run through tsx as they did then.
 */
function referenceBuild(): Build {
  const dir = join(REPO_ROOT, `node_modules/.cache/nomad-bench/startup-${REFERENCE_COMMIT}`)
  if (!existsSync(join(dir, 'out/renderer/index.html'))) {
    console.log(`building the reference (${REFERENCE_COMMIT}) in ${dir}…`)
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    run('git', ['clone', '--quiet', '--shared', '--no-checkout', REPO_ROOT, dir], REPO_ROOT)
    run('git', ['checkout', '--quiet', REFERENCE_COMMIT], dir)
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'))
    run('npx', ['electron-vite', 'build'], dir)
  }
  const tsx = (file: string) => ({
    command: join(REPO_ROOT, 'node_modules/.bin/tsx'),
    args: [file],
    cwd: dir,
  })
  return {
    name: 'reference',
    rendererDir: join(dir, 'out/renderer'),
    host: tsx('electron/host/cli.ts'),
    sandbox: tsx('electron/sandbox/cli.ts'),
  }
}

/** The reference has no chunk manifest: its initial JavaScript is what index.html names. */
function initialJsFromHtml(rendererDir: string) {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8')
  const files = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '')
  const sizes = files.map((file) => {
    const content = readFileSync(join(rendererDir, file))
    return { bytes: content.length, gzip: gzipSync(content, { level: 9 }).length }
  })
  return {
    bytes: sizes.reduce((total, size) => total + size.bytes, 0),
    gzip: sizes.reduce((total, size) => total + size.gzip, 0),
    files: files.length,
  }
}

// In-page code as text: tsx would wrap functions in a helper the page lacks. Records the first
// moment the shell is ready and the Search button is on screen, from navigation start.
const MARK_FIRST_SCREEN = `(() => {
  const done = () => document.querySelector('[data-app-state="ready"]') &&
    document.querySelector('[data-testid="search-submit"]')
  const observer = new MutationObserver(() => {
    if (window.__firstScreen === undefined && done()) {
      window.__firstScreen = performance.now()
      observer.disconnect()
    }
  })
  observer.observe(document, { subtree: true, childList: true, attributes: true })
})()`

async function firstScreenMs(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' })
  // A function, not a string: the page's CSP forbids evaluating strings.
  const handle = await page.waitForFunction(
    () => (window as unknown as { __firstScreen?: number }).__firstScreen,
    undefined,
    { timeout: 60_000 },
  )
  return Number(await handle.jsonValue())
}

/** One cold (new profile) and one warm (same profile, reloaded) first screen. */
async function coldAndWarm(browser: Browser, host: RunningHost) {
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 } })
  await context.addInitScript({ content: MARK_FIRST_SCREEN })
  const page = await context.newPage()
  try {
    const cold = await firstScreenMs(page, host.url)
    const warm = await firstScreenMs(page, `${host.origin}/`)
    return { cold, warm }
  } finally {
    await context.close()
  }
}

async function timeHostStart(build: Build): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'startup-bench-host-'))
  const started = performance.now()
  const host = await startWebHost(dataDir, {}, build.host)
  const ms = performance.now() - started
  await host.stop()
  rmSync(dataDir, { recursive: true, force: true })
  return ms
}

async function timeSandboxStart(build: Build): Promise<number> {
  const started = performance.now()
  const sandbox = await startSandboxProcess(
    ['--entries', String(BIG_SANDBOX_ENTRIES), '--rate', 'off', '--concurrency', 'off'],
    build.sandbox,
  )
  const ms = performance.now() - started
  await sandbox.stop()
  return ms
}

async function main() {
  const builds = [currentBuild(), referenceBuild()]
  const loadBefore = loadavg().map(round)
  const perBuild = new Map(
    builds.map((build) => [
      build.name,
      { cold: [] as number[], warm: [] as number[], host: [] as number[], sandbox: [] as number[] },
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

  console.log(`${BIG_SANDBOX_ENTRIES}-entry sandbox start to ready, ${RUNS} runs each…`)
  for (let i = 0; i < RUNS; i++)
    for (const build of builds) samples(build).sandbox.push(await timeSandboxStart(build))

  console.log(`first screen in Chromium, cold and warm, ${RUNS} runs each…`)
  const sandbox = await startSandboxProcess(['--rate', 'off', '--concurrency', 'off'])
  const hosts: RunningHost[] = []
  const dataDirs: string[] = []
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
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
        const { cold, warm } = await coldAndWarm(browser, host)
        samples(build).cold.push(cold)
        samples(build).warm.push(warm)
      }
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
      hostUrlLineMs: figure(s.host),
      sandboxReadyMs: figure(s.sandbox),
    }
  }
  const figures = { current: figuresOf(builds[0]), reference: figuresOf(builds[1]) }
  const current = figures.current
  const failures = [
    ...bundleBudgetFailures(bundle),
    ...(
      [
        ['first screen cold', current.firstScreenColdMs, BUDGETS.firstScreenMs],
        ['first screen warm', current.firstScreenWarmMs, BUDGETS.firstScreenMs],
        ['web host start to URL line', current.hostUrlLineMs, BUDGETS.hostUrlMs],
        [
          `${BIG_SANDBOX_ENTRIES}-entry sandbox ready`,
          current.sandboxReadyMs,
          BUDGETS.sandboxReadyMs,
        ],
      ] as const
    )
      .filter(([, value, budget]) => (value?.median ?? Infinity) > budget)
      .map(([name, value, budget]) => `${name}: median ${value?.median} ms, over ${budget} ms`),
  ]
  const loadAfter = loadavg().map(round)
  const results = {
    machine: { ...machineFacts(), loadBefore, loadAfter },
    runs: RUNS,
    referenceCommit: REFERENCE_COMMIT,
    budgets: { ...BUDGETS, initialJsGzipBytes: 250_000 },
    figures,
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
  await writeMarkdownReport('docs/benchmarks/startup.md', markdown(results, figures))
  for (const failure of failures) console.error(`FAIL ${failure}`)
  console.log(failures.length === 0 ? 'PASS: every start-up budget holds' : '')
  process.exit(failures.length === 0 ? 0 : 1)
}

function markdown(
  results: {
    machine: ReturnType<typeof machineFacts> & { loadBefore: number[]; loadAfter: number[] }
    bundle: {
      current: ReturnType<typeof measureBundle>
      reference: { initialJs: { gzip: number; bytes: number; files: number } }
    }
    failures: string[]
  },
  figures: Record<Build['name'], Record<string, Figure>>,
): string {
  const cell = (f: Figure | undefined) => (f ? `${f.median} (${f.min}–${f.max})` : '–')
  const rows: [string, string, string][] = [
    ['firstScreenColdMs', 'First screen interactive, cold (ms)', `≤ ${BUDGETS.firstScreenMs}`],
    ['firstScreenWarmMs', 'First screen interactive, warm (ms)', `≤ ${BUDGETS.firstScreenMs}`],
    ['hostUrlLineMs', 'Web host start to URL line (ms)', `≤ ${BUDGETS.hostUrlMs}`],
    [
      'sandboxReadyMs',
      `${BIG_SANDBOX_ENTRIES}-entry sandbox ready (ms)`,
      `≤ ${BUDGETS.sandboxReadyMs}`,
    ],
  ]
  const { current, reference } = results.bundle
  return [
    '# Start-up benchmark',
    '',
    `\`npm run bench:startup\` on ${results.machine.platform}, Node ${results.machine.node}, ` +
      `${results.machine.date}; load average ${results.machine.loadBefore.join(' / ')} before, ` +
      `${results.machine.loadAfter.join(' / ')} after (1/5/15 min, 2 cores). Each figure: median ` +
      `(min–max) of ${RUNS} runs; today's build and the reference (commit ${REFERENCE_COMMIT}, ` +
      'before issue #19) interleaved in the same batch.',
    '',
    markdownTable(
      ['Figure', 'Today', `Reference ${REFERENCE_COMMIT}`, 'Budget'],
      rows.map(([key, label, budget]) => [
        label,
        cell(figures.current[key]),
        cell(figures.reference[key]),
        budget,
      ]),
    ),
    '',
    '## JavaScript (gzip -9)',
    '',
    markdownTable(
      ['Part', 'Today', `Reference ${REFERENCE_COMMIT}`, 'Budget'],
      [
        [
          'Initial (the entry chunk and its static imports)',
          `${kB(current.initialJs.gzip)} in ${current.initialJs.files} files`,
          `${kB(reference.initialJs.gzip)} in ${reference.initialJs.files} files`,
          '≤ 250.0 kB',
        ],
        [
          'First screen (initial + Search route)',
          `${kB(current.firstScreenJs.gzip)} in ${current.firstScreenJs.files} files`,
          '–',
          '≤ 360.0 kB',
        ],
        ['All chunks', `${kB(current.totalJs.gzip)} in ${current.totalJs.files} files`, '–', '–'],
      ],
    ),
    '',
    'Every chunk of today’s build (✓ = loaded for the first screen):',
    '',
    markdownTable(
      ['Chunk', 'Bytes', 'gzip', 'First screen'],
      current.chunks.map((chunk) => [
        chunk.file,
        kB(chunk.bytes),
        kB(chunk.gzip),
        chunk.initial ? '✓ initial' : chunk.firstScreen ? '✓ route' : '',
      ]),
    ),
    '',
    results.failures.length === 0
      ? 'Every budget holds.'
      : `Budgets exceeded: ${results.failures.join('; ')}.`,
    '',
  ].join('\n')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
