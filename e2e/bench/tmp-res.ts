import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../fixtures/chromium'
import { seedSettings } from '../fixtures/test'
import { startWebHost } from '../fixtures/web-host'
import { startSandboxProcess } from './browse-setup'
import { chromiumQuiet, MARK_FIRST_SCREEN } from './support/first-screen'
import { MARK_PHASES } from './support/first-screen-phases'

const sandbox = await startSandboxProcess(['--rate', 'off', '--concurrency', 'off'])
const browser = await chromium.launch(chromiumLaunchOptions())
const dataDir = mkdtempSync(join(tmpdir(), 'res-'))
seedSettings(dataDir, [{ id: 'bench', name: 'Bench', baseUrl: sandbox.baseUrl, note: '' }], 'bench')
const host = await startWebHost(dataDir)
const bcdp = await browser.newBrowserCDPSession()
const context = await browser.newContext({ viewport: { width: 1360, height: 860 } })
await context.addInitScript({ content: MARK_FIRST_SCREEN })
await context.addInitScript({ content: MARK_PHASES })
const page = await context.newPage()
for (const [label, url] of [['cold', host.url], ['warm', `${host.origin}/`]] as const) {
  await chromiumQuiet(bcdp)
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForFunction(() => (window as any).__phases?.painted)
  const out = await page.evaluate(() => {
    const w = window as any
    const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.startTime < w.__phases.painted)
      .map((r) => `${r.startTime.toFixed(0)}-${r.responseEnd.toFixed(0)} ${r.initiatorType} ${r.name.split('/').pop()}`)
    const marks = performance.getEntriesByType('mark').map((m) => `${m.name}@${m.startTime.toFixed(0)}`)
    return { phases: w.__phases, res: res.slice(-25), marks }
  })
  console.log(label, JSON.stringify(out.phases))
  console.log(out.res.join('\n'))
  console.log(out.marks.join(' '))
}
await browser.close(); await host.stop(); await sandbox.stop()
