/**
 * `npm run bench:browse`: browsing a 100 000-entry sandbox in Chromium through web mode.
 * - first page: time from clicking Search to the first row of the new search on screen (an
 *   in-page frame-by-frame check), next to the raw API call for the same page in the same
 *   batch (interleaved), reported as a ratio;
 * - scrolling 10 000 rows with infinite scroll: the most rows rendered at once (virtualised
 *   means bounded) and long tasks (PerformanceObserver 'longtask'), plus the JS heap.
 * The sandbox runs in its own process with NOMAD's limits (30 requests/s per address, 10 at a
 * time), as a researcher meets them; the raw reference client waits out a 503 and is timed on
 * the attempt that is answered.
 * Writes .reports/bench/browse.json and docs/benchmarks/browse.md and prints PASS/FAIL against
 * the targets; it reports, it does not assert.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, setPriority, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../fixtures/chromium'
import { format, resolveConfig } from 'prettier'
import { startWebHost } from '../fixtures/web-host'
import { markdownTable, REPO_ROOT, startSandboxProcess, writeReport } from './browse-setup'
import {
  rawFirstPage,
  timedSubmit,
  watchFirstPages,
  type SearchClickTiming,
} from './support/search-click'
import { timeSearchClicks } from './support/search-click-run'

const ENTRIES = Number(process.env.BROWSE_BENCH_ENTRIES ?? 100_000)
const ROUNDS = Number(process.env.BROWSE_BENCH_ROUNDS ?? 7)
const SCROLL_ROWS = Number(process.env.BROWSE_BENCH_SCROLL_ROWS ?? 10_000)
const TARGET_FIRST_PAGE_MS = 1000
/** Issue #19: the app's first row at most this many times the raw call for the same page. */
const TARGET_RATIO = 3
const TARGET_LONG_TASK_MS = 100
const TARGET_RENDERED_ROWS = 80

const round = (value: number) => Math.round(value * 10) / 10
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

function seedSettings(dataDir: string, baseUrl: string) {
  mkdirSync(dataDir, { recursive: true })
  const profile = {
    id: 'bench',
    name: 'Bench sandbox',
    baseUrl,
    note: '',
    kind: 'remote',
    builtIn: false,
  }
  const settings = {
    schemaVersion: 1,
    appearance: { theme: 'light' },
    servers: { profiles: [profile], activeServerId: 'bench' },
  }
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ settings }))
}

interface ScrollResult {
  rows: number
  ms: number
  maxRendered: number
  longTasks: number[]
  heapMiB: number | null
}

/** Scrolls the grid frame by frame until row `target` has been on screen. */
function scrollThrough(page: Page, target: number): Promise<ScrollResult> {
  return page.evaluate(
    (last) =>
      new Promise<ScrollResult>((done, fail) => {
        const longTasks: number[] = []
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longTasks.push(entry.duration)
        })
        observer.observe({ type: 'longtask' })
        const grid = document.querySelector<HTMLElement>('[data-testid="results-grid"]')
        if (!grid) return fail(new Error('no results grid'))
        const start = performance.now()
        let maxRendered = 0
        let seen = 0
        const step = () => {
          const rows = grid.querySelectorAll<HTMLElement>('[data-testid="result-row"]')
          maxRendered = Math.max(maxRendered, rows.length)
          for (const row of Array.from(rows))
            if (row.dataset.entryId) seen = Math.max(seen, Number(row.dataset.rowIndex))
          if (seen >= last) {
            observer.disconnect()
            const memory = (performance as { memory?: { usedJSHeapSize: number } }).memory
            done({
              rows: seen + 1,
              ms: performance.now() - start,
              maxRendered,
              longTasks,
              heapMiB: memory ? Math.round(memory.usedJSHeapSize / 1048576) : null,
            })
            return
          }
          if (performance.now() - start > 300_000) return fail(new Error(`stuck at row ${seen}`))
          // About 12 rows per frame: a fast but human scroll (≈ 700 rows/s at 60 fps).
          grid.scrollTop += 400
          requestAnimationFrame(step)
        }
        requestAnimationFrame(step)
      }),
    target - 1,
  )
}

/**
 * Raises this process's priority before anything starts, so the sandbox, the web host and
 * Chromium (children inherit niceness) are not starved by other work on a shared machine; a
 * long task should measure the app, not the neighbours. Needs privileges; otherwise normal.
 */
function raisePriority(): boolean {
  try {
    setPriority(0, -10)
    return true
  } catch {
    return false
  }
}

async function main() {
  const raised = raisePriority()
  if (
    process.env.BROWSE_BENCH_SKIP_BUILD !== '1' ||
    !existsSync(join(REPO_ROOT, 'out/renderer/index.html'))
  ) {
    console.log('building the app (electron-vite build)…')
    const built = spawnSync('npx', ['electron-vite', 'build'], { cwd: REPO_ROOT, stdio: 'ignore' })
    if (built.status !== 0) throw new Error('electron-vite build failed')
  }
  const loadBefore = loadavg().map(round)
  console.log(`starting a ${ENTRIES}-entry sandbox in its own process…`)
  const sandbox = await startSandboxProcess(['--entries', String(ENTRIES)])
  const dataDir = mkdtempSync(join(tmpdir(), 'browse-bench-'))
  seedSettings(dataDir, sandbox.baseUrl)
  const host = await startWebHost(dataDir)
  const browser = await chromium.launch(chromiumLaunchOptions(['--enable-precise-memory-info']))
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } })
    await watchFirstPages(page)
    await page.goto(host.url)
    await page.goto(`${host.origin}/#/search`)
    await page.getByTestId('results-count').waitFor()
    // Warm-up (one search of each shape), then the timed searches next to the raw calls.
    const { app: timings, rawMs: raw } = await timeSearchClicks(page, sandbox.baseUrl, ROUNDS)
    const app = timings.map((t) => t.firstRowMs)
    const part = (key: keyof SearchClickTiming) => round(median(timings.map((t) => t[key])))
    const parts = {
      sentMs: part('sentMs'),
      roundTripMs: part('roundTripMs'),
      renderMs: part('renderMs'),
      paintedMs: part('paintedMs'),
    }
    console.log('first page: app', app.map(round), 'raw', raw.map(round), 'parts', parts)

    // Scrolling: everything visible, newest first.
    const all = await rawFirstPage(sandbox.baseUrl, {})
    await timedSubmit(page, {}, all.total)
    const scroll = await scrollThrough(page, Math.min(SCROLL_ROWS, all.total))

    const firstPage = { median: round(median(app)), max: round(Math.max(...app)) }
    const rawFigures = { median: round(median(raw)), max: round(Math.max(...raw)) }
    const ratio = round(firstPage.median / Math.max(rawFigures.median, 0.1))
    const maxLongTask = round(Math.max(0, ...scroll.longTasks))
    const over100 = scroll.longTasks.filter((d) => d > TARGET_LONG_TASK_MS).length
    const results = {
      machine: {
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
        date: new Date().toISOString(),
      },
      loadBefore,
      loadAfter: loadavg().map(round),
      raisedPriority: raised,
      entries: ENTRIES,
      visibleEntries: all.total,
      firstPageMs: {
        app: app.map(round),
        raw: raw.map(round),
        median: firstPage,
        rawMedian: rawFigures,
        ratio,
        parts,
        timings,
      },
      scroll: {
        ...scroll,
        ms: round(scroll.ms),
        longTasks: scroll.longTasks.map(round),
        maxLongTask,
        over100,
      },
    }
    writeReport('.reports/bench/browse.json', `${JSON.stringify(results, null, 2)}\n`)

    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
    const rows = [
      [
        'first page visible after Search (median of ' + String(ROUNDS) + ')',
        `≤ ${TARGET_FIRST_PAGE_MS} ms`,
        `${firstPage.median} ms (max ${firstPage.max})`,
        verdict(firstPage.median <= TARGET_FIRST_PAGE_MS),
      ],
      [
        'raw API call for the same page (reference)',
        '–',
        `${rawFigures.median} ms (max ${rawFigures.max})`,
        '–',
      ],
      [
        'Search click to first row / raw call (median)',
        `≤ ${TARGET_RATIO}×`,
        `${ratio}×`,
        verdict(ratio <= TARGET_RATIO),
      ],
      [
        'of which: click to search.page sent · round trip · answer to row in the DOM (medians)',
        '–',
        `${parts.sentMs} · ${parts.roundTripMs} · ${parts.renderMs} ms (painted ${parts.paintedMs} ms after the click)`,
        '–',
      ],
      [
        `rows rendered at once while scrolling ${scroll.rows} rows`,
        `≤ ${TARGET_RENDERED_ROWS} (bounded)`,
        String(scroll.maxRendered),
        verdict(scroll.maxRendered <= TARGET_RENDERED_ROWS),
      ],
      [
        'longest task while scrolling',
        `≤ ${TARGET_LONG_TASK_MS} ms`,
        // The Long Tasks API reports only tasks of 50 ms or more; none means all were shorter.
        scroll.longTasks.length === 0
          ? 'under 50 ms (no long task reported)'
          : `${maxLongTask} ms (${scroll.longTasks.length} over 50 ms, ${over100} over 100 ms)`,
        verdict(maxLongTask <= TARGET_LONG_TASK_MS),
      ],
      [
        'JS heap after scrolling',
        '–',
        scroll.heapMiB === null ? 'n/a' : `${scroll.heapMiB} MiB`,
        '–',
      ],
      [
        'time to scroll through',
        '–',
        `${round(scroll.ms / 1000)} s (${Math.round((scroll.rows / scroll.ms) * 1000)} rows/s)`,
        '–',
      ],
    ]
    for (const [metric, target, value, result] of rows)
      console.log(`${result?.padEnd(14)} ${metric}: ${value} (target ${target})`)
    const markdown = [
      '# Browse benchmark',
      '',
      `\`npm run bench:browse\` on ${results.machine.platform}, Node ${results.machine.node}, ${results.machine.date}.`,
      `A ${ENTRIES}-entry sandbox (${all.total} visible without sign-in) runs in its own process`,
      'with NOMAD-like limits (30 requests/s per address, strict; 10 at a time); the app runs in',
      'web mode, driven in Chromium by',
      `Playwright. First page: ${ROUNDS} searches after one warm-up per query shape, timed in the page from`,
      'the click on Search to the first row of the new search in the DOM (a MutationObserver, not a',
      'polling loop), split by a WebSocket wrapper into click to `search.page` sent, its round trip,',
      'and answer to row; the raw call asks the sandbox for the',
      'same page (same query, columns, sort, page size 100) from Node, interleaved in the same batch',
      '(a 503 from the shared limiter is waited out; the answered attempt is timed).',
      `Scrolling: ${scroll.rows} rows at about 12 rows per frame; long tasks from PerformanceObserver.`,
      `Load average before: ${loadBefore.join(' / ')}, after: ${results.loadAfter.join(' / ')}; bench processes ${raised ? 'at raised priority (nice −10)' : 'at normal priority'}.`,
      'Figures drift ±30 % between runs and machines.',
      '',
      markdownTable(
        ['metric', 'target', 'measured', 'result'],
        rows.map((r) => r.map(String)),
      ),
      '',
      'Raw series: `.reports/bench/browse.json`.',
      '',
    ].join('\n')
    const config = await resolveConfig(resolve(REPO_ROOT, 'docs/benchmarks/browse.md'))
    writeReport(
      'docs/benchmarks/browse.md',
      await format(markdown, { ...config, parser: 'markdown' }),
    )
  } finally {
    await browser.close()
    await host.stop()
    await sandbox.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
