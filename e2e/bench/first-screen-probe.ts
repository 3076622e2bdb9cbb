/**
 * Where the first screen's time goes, for A/B runs of one change without the whole start-up
 * bench: `tsx e2e/bench/first-screen-probe.ts [runs] [root …]`. Each root is a folder holding a
 * build (`out/`), `package.json` and `node_modules`, two levels above `out/node/host.js`
 * (default: this repository); copy `out/` away after each build to compare builds. A root
 * written `root#busy` navigates without waiting for a quiet Chromium, as the bench did before
 * (support/first-screen.ts). The roots are measured interleaved, cold then warm, as the start-up
 * bench measures them (same init script, viewport and waits). Printed per root, as medians: the
 * first screen (cold, warm and a third load, which reads Chromium's code cache), the phases (WebSocket created, i.e. the entry evaluating; open; first answer,
 * i.e. 'app.startup'; shell; Search button; the frame after), navigation and resource timings,
 * and the renderer main thread's busy time until that frame (CDP Performance metrics; on a
 * shared machine the A/B figure to trust more than wall-clock time).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../fixtures/chromium'
import { seedSettings } from '../fixtures/test'
import { startWebHost, type RunningHost } from '../fixtures/web-host'
import { startSandboxProcess } from './browse-setup'
import { coldAndWarmWith } from './support/first-screen'
import { MARK_PHASES } from './support/first-screen-phases'
import type { PageReports } from './support/page-reports'
import { percentile, round1 } from './support/stats'

const runs = Number(process.argv[2] ?? 7)
const roots = process.argv.slice(3).map((arg) => ({
  dir: resolve(arg.replace(/#busy$/, '')),
  label: arg,
  waitForQuiet: !arg.endsWith('#busy'),
}))
if (roots.length === 0)
  roots.push({
    dir: resolve(import.meta.dirname, '../..'),
    label: 'this build',
    waitForQuiet: true,
  })

type Sample = Record<string, number>

async function measure(page: Page, url: string, reports: PageReports): Promise<Sample> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const before = (await cdp.send('Performance.getMetrics')).metrics
  // The frame after the first screen (its style, layout and paint) ends the sample.
  const painted = reports.next('painted')
  await page.goto(url, { waitUntil: 'commit' })
  await painted
  const { metrics } = await cdp.send('Performance.getMetrics')
  const value = (list: typeof metrics, name: string) =>
    list.find((m) => m.name === name)?.value ?? 0
  const metric = (name: string) => (value(metrics, name) - value(before, name)) * 1000
  const inPage = await page.evaluate(() => {
    const w = window as unknown as { __firstScreen: number; __phases: Record<string, number> }
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const before = resources.filter((r) => r.startTime < w.__firstScreen)
    const assets = before.filter((r) => /\/assets\//.test(r.name))
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
    return {
      firstScreen: w.__firstScreen,
      ...w.__phases,
      redirectEnd: nav.redirectEnd,
      htmlStart: nav.requestStart,
      htmlEnd: nav.responseEnd,
      domInteractive: nav.domInteractive,
      dcl: nav.domContentLoadedEventEnd,
      fcp,
      assets: assets.length,
      assetsFromNet: assets.filter((r) => r.transferSize > 0).length,
      assetBytes: assets.reduce((sum, r) => sum + r.transferSize, 0),
      assetsDone: Math.max(0, ...assets.map((r) => r.responseEnd)),
    }
  })
  const sample: Sample = {
    ...inPage,
    scriptMs: metric('ScriptDuration'),
    layoutMs: metric('LayoutDuration'),
    styleMs: metric('RecalcStyleDuration'),
    taskMs: metric('TaskDuration'),
  }
  await cdp.detach()
  return sample
}

const sandbox = await startSandboxProcess(['--rate', 'off', '--concurrency', 'off'])
const browser = await chromium.launch(chromiumLaunchOptions())
const hosts: RunningHost[] = []
const dataDirs: string[] = []
const samples = roots.map(() => ({
  cold: [] as Sample[],
  warm: [] as Sample[],
  third: [] as Sample[],
}))
const loadBefore = loadavg()[0] ?? 0
try {
  for (const root of roots) {
    const dataDir = mkdtempSync(join(tmpdir(), 'first-screen-probe-'))
    dataDirs.push(dataDir)
    seedSettings(
      dataDir,
      [{ id: 'bench', name: 'Bench', baseUrl: sandbox.baseUrl, note: '' }],
      'bench',
    )
    hosts.push(
      await startWebHost(
        dataDir,
        {},
        {
          command: process.execPath,
          args: [join(root.dir, 'out/node/host.js')],
          cwd: root.dir,
        },
      ),
    )
  }
  const options = (index: number) => ({
    initScripts: [MARK_PHASES],
    waitForQuiet: roots[index]?.waitForQuiet ?? true,
    laterLoads: 1,
  })
  for (const [index, host] of hosts.entries())
    await coldAndWarmWith(browser, host, measure, options(index))
  for (let i = 0; i < runs; i++)
    for (const [index, host] of hosts.entries()) {
      const { cold, warm, later } = await coldAndWarmWith(browser, host, measure, options(index))
      samples[index]?.cold.push(cold)
      samples[index]?.warm.push(warm)
      for (const load of later) samples[index]?.third.push(load)
    }
} finally {
  await browser.close()
  for (const host of hosts) await host.stop()
  await sandbox.stop()
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
}

const medians = (list: Sample[]) => {
  const keys = Object.keys(list[0] ?? {})
  return Object.fromEntries(
    keys.map((key) => [
      key,
      round1(
        percentile(
          list.map((s) => s[key] ?? NaN),
          50,
        ),
      ),
    ]),
  )
}
console.log(`load ${round1(loadBefore)} → ${round1(loadavg()[0] ?? 0)}, ${runs} runs`)
for (const [index, root] of roots.entries()) {
  const s = samples[index]
  if (!s) continue
  console.log(root.label)
  console.log('  cold', JSON.stringify(medians(s.cold)))
  console.log('  warm', JSON.stringify(medians(s.warm)))
  console.log('  third', JSON.stringify(medians(s.third)))
  for (const load of ['cold', 'warm', 'third'] as const)
    console.log(`  ${load} first screens`, s[load].map((x) => round1(x.firstScreen ?? 0)).join(' '))
}
