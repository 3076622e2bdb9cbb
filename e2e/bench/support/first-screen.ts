/**
 * First screen interactive in Chromium, as the start-up bench times it: the first moment the
 * shell is ready and the Search button is on screen, from navigation start, cold (new profile)
 * and warm (the same profile, reloaded).
 */
import type { Browser, Page } from '@playwright/test'
import type { RunningHost } from '../../fixtures/web-host'

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
export async function coldAndWarm(browser: Browser, host: RunningHost) {
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
