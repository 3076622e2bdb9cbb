/**
 * Marks a page reports to the bench (the first screen's time, a probe's phases) through a CDP
 * binding, instead of `page.waitForFunction`.
 *
 * Why: `waitForFunction` first evaluates Playwright's injected script in the page's main world.
 * In a trace of a cold start (1 December) that was ~30–45 ms of parsing on the renderer's main
 * thread, in the middle of the app's own start, at the moment its scripts were arriving: time
 * no user of the app pays, and on 2 cores it also delayed the app's compile. A binding
 * (`Runtime.addBinding`) is a native function on the page's global object; calling it runs no
 * script of ours or Playwright's in the page.
 */
import type { CDPSession, Page } from '@playwright/test'

/** The page calls `window[REPORT_BINDING]('name value')`, e.g. `'firstScreen 312.4'`. */
export const REPORT_BINDING = '__benchReport'

export interface PageReports {
  /**
   * The next report of `name` from the page, in the page's milliseconds. Ask before the
   * navigation that makes it: a report nobody waits for is dropped.
   */
  next(name: string, timeoutMs?: number): Promise<number>
  detach(): Promise<void>
}

/** Listens to the page's reports, across its navigations, until `detach`. */
export async function listenToReports(page: Page): Promise<PageReports> {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  const waiting = new Map<string, (value: number) => void>()
  cdp.on('Runtime.bindingCalled', ({ name, payload }) => {
    if (name !== REPORT_BINDING) return
    const [key = '', value = ''] = payload.split(' ')
    const resolve = waiting.get(key)
    if (!resolve) return
    waiting.delete(key)
    resolve(Number(value))
  })
  // The binding is only installed, and its calls only reported, with the domain enabled.
  await cdp.send('Runtime.enable')
  await cdp.send('Runtime.addBinding', { name: REPORT_BINDING })
  return {
    next(name, timeoutMs = 60_000) {
      return new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(name)
          reject(new Error(`The page did not report '${name}' within ${timeoutMs} ms`))
        }, timeoutMs)
        waiting.set(name, (value) => {
          clearTimeout(timer)
          resolve(value)
        })
      })
    },
    detach: () => cdp.detach(),
  }
}

/** In-page code (a string, see first-screen.ts): reports `name` with `value`, if listened to. */
export const reportFromPage = (name: string, value: string): string =>
  `window.${REPORT_BINDING}?.('${name} ' + ${value})`
