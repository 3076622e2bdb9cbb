/**
 * First screen interactive in Chromium, as the start-up bench times it: the first moment the
 * shell is ready and the Search button is on screen, from navigation start, cold (new profile)
 * and warm (the same profile, reloaded).
 *
 * Each navigation starts when Chromium itself is quiet. A new context opens a new window, and
 * on this Chromium that started a renderer for the window's own WebUI (the omnibox popup) that
 * took ~1.1 s of CPU over the next 1–2 s, plus ~0.3 s in the browser process; the launch flags
 * now turn it off (fixtures/chromium.ts), and the wait still covers the window's own start-up.
 * Navigating at once made the app's cold start share 2 cores with that, which is not the app's
 * cost. The
 * warm load likewise waits for the cold page's own tail (its first results page, the idle
 * prefetch of the other screens) instead of overlapping it.
 */
import type { Browser, CDPSession, Page } from '@playwright/test'
import type { RunningHost } from '../../fixtures/web-host'
import { listenToReports, reportFromPage, type PageReports } from './page-reports'

// In-page code as text: tsx would wrap functions in a helper the page lacks. Records the first
// moment the shell is ready and the Search button is on screen, from navigation start.
export const MARK_FIRST_SCREEN = `(() => {
  const done = () => document.querySelector('[data-app-state="ready"]') &&
    document.querySelector('[data-testid="search-submit"]')
  const observer = new MutationObserver(() => {
    if (window.__firstScreen === undefined && done()) {
      window.__firstScreen = performance.now()
      ${reportFromPage('firstScreen', 'window.__firstScreen')}
      observer.disconnect()
    }
  })
  observer.observe(document, { subtree: true, childList: true, attributes: true })
})()`

/** Quiet: Chromium's processes together used < 20 ms of CPU in the last 300 ms. */
const QUIET_CPU_MS = 20
const QUIET_WINDOW_MS = 300
const QUIET_TIMEOUT_MS = 15_000

/**
 * Waits until all of Chromium's processes (browser, renderers, GPU, network) are quiet, or
 * 15 s. CPU time comes from Chromium itself (SystemInfo.getProcessInfo), so other work on the
 * machine neither delays nor ends the wait.
 */
export async function chromiumQuiet(cdp: CDPSession): Promise<void> {
  const cpuMs = async () => {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo')
    return processInfo.reduce((sum, p) => sum + p.cpuTime, 0) * 1000
  }
  const history: { at: number; cpu: number }[] = []
  const started = performance.now()
  while (performance.now() - started < QUIET_TIMEOUT_MS) {
    const now = { at: performance.now(), cpu: await cpuMs() }
    history.push(now)
    const windowStart = history.findLast((h) => now.at - h.at >= QUIET_WINDOW_MS)
    if (windowStart && now.cpu - windowStart.cpu < QUIET_CPU_MS) return
    await new Promise((done) => setTimeout(done, 50))
  }
}

async function firstScreenMs(page: Page, url: string, reports: PageReports): Promise<number> {
  const reached = reports.next('firstScreen')
  await page.goto(url, { waitUntil: 'commit' })
  return reached
}

/**
 * One cold (new profile) and one warm (same profile, reloaded) first screen, and a third load
 * (`later[0]`), which reads Chromium's code cache as every later start of the desktop app does.
 */
export async function coldAndWarm(browser: Browser, host: RunningHost) {
  return coldAndWarmWith(browser, host, firstScreenMs, { laterLoads: 1 })
}

/**
 * Cold and warm as the bench runs them, each measured by `measure` (the probe collects more
 * than the first screen). `initScripts` run in the page after the first-screen mark's.
 * `laterLoads` more loads follow the warm one (`later`): Chromium compiles a script and writes
 * its code cache on the second load and reads that cache from the third on, so the third load
 * is how every later start of the desktop app runs.
 */
export async function coldAndWarmWith<T>(
  browser: Browser,
  host: RunningHost,
  measure: (page: Page, url: string, reports: PageReports) => Promise<T>,
  { initScripts = [] as string[], waitForQuiet = true, laterLoads = 0 } = {},
): Promise<{ cold: T; warm: T; later: T[] }> {
  const cdp = await browser.newBrowserCDPSession()
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 } })
  for (const content of [MARK_FIRST_SCREEN, ...initScripts])
    await context.addInitScript({ content })
  const page = await context.newPage()
  const reports = await listenToReports(page)
  const quiet = () => (waitForQuiet ? chromiumQuiet(cdp) : Promise.resolve())
  try {
    await quiet()
    const cold = await measure(page, host.url, reports)
    await quiet()
    const warm = await measure(page, `${host.origin}/`, reports)
    const later: T[] = []
    for (let i = 0; i < laterLoads; i++) {
      await quiet()
      later.push(await measure(page, `${host.origin}/`, reports))
    }
    return { cold, warm, later }
  } finally {
    await reports.detach()
    await context.close()
    await cdp.detach()
  }
}
