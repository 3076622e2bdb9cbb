/**
 * In-page measurements of the archive viewer for archive.bench.ts (page.evaluate, so no round
 * trip to the test process is in a figure). Long tasks are collected from the page's start by
 * an init script into `globalThis.__longTasks` (start time and duration).
 */
import type { Page } from '@playwright/test'
import { clickToVisible } from './files-scenarios'

export interface LongTask {
  start: number
  duration: number
}

/** Installed before the app loads: every long task of the page, with its start. */
export const LONG_TASK_SCRIPT = `
globalThis.__name = (fn) => fn
globalThis.__longTasks = []
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) globalThis.__longTasks.push({ start: e.startTime, duration: e.duration })
}).observe({ type: 'longtask', buffered: true })
`

/** Long tasks that started at or after `since` (performance.now() of the page). */
export function longTasksSince(page: Page, since: number): Promise<LongTask[]> {
  return page.evaluate(
    (from) =>
      ((globalThis as unknown as { __longTasks: LongTask[] }).__longTasks ?? []).filter(
        (t) => t.start >= from,
      ),
    since,
  )
}

export const now = (page: Page) => page.evaluate(() => performance.now())

/** Sets the hash (opens the archive page) → the first tree row on screen, frame by frame. */
export function openToFirstRows(page: Page, hash: string): Promise<{ ms: number; at: number }> {
  return page.evaluate(
    (to) =>
      new Promise<{ ms: number; at: number }>((done, fail) => {
        const start = performance.now()
        location.hash = to
        const check = () => {
          if (document.querySelector('[data-testid="archive-node"]'))
            done({ ms: performance.now() - start, at: start })
          else if (performance.now() - start > 60_000) fail(new Error('no archive rows in 60 s'))
          else requestAnimationFrame(check)
        }
        requestAnimationFrame(check)
      }),
    hash,
  )
}

/** Click on a tree row → a row at `child` on screen (files.bench's click-to-visible). */
export const expandToVisible = (page: Page, path: string, child: string) =>
  clickToVisible(page, rowAt(path), rowAt(child))

const rowAt = (path: string) => `[data-testid="archive-node"][data-path="${path}"]`

export interface TreeScroll {
  /** Rows of the open tree scrolled through. */
  rows: number
  ms: number
  /** The most tree rows in the DOM at once. */
  maxRendered: number
}

/** Scrolls the tree's pane from top to bottom at 400 px a frame. */
export function scrollTree(page: Page): Promise<TreeScroll> {
  return page.evaluate(
    () =>
      new Promise<TreeScroll>((done, fail) => {
        const tree = document.querySelector<HTMLElement>('[data-testid="archive-tree"]')
        const pane = tree?.closest<HTMLElement>('.mantine-ScrollArea-viewport')
        if (!tree || !pane) return fail(new Error('no archive tree'))
        pane.scrollTop = 0
        const start = performance.now()
        let maxRendered = 0
        const step = () => {
          maxRendered = Math.max(maxRendered, tree.querySelectorAll('[role="treeitem"]').length)
          if (pane.scrollTop + pane.clientHeight >= pane.scrollHeight - 1) {
            done({ rows: Number(tree.dataset.rows), ms: performance.now() - start, maxRendered })
            return
          }
          if (performance.now() - start > 300_000) return fail(new Error('tree scroll stuck'))
          pane.scrollTop += 400
          requestAnimationFrame(step)
        }
        requestAnimationFrame(step)
      }),
  )
}

/** JSON.parse of the archive's bytes in the page: what parsing it on the UI thread would cost. */
export function parseInPage(page: Page, url: string): Promise<{ ms: number; bytes: number }> {
  return page.evaluate(async (from) => {
    const text = await (await fetch(from)).text()
    const start = performance.now()
    JSON.parse(text)
    return { ms: performance.now() - start, bytes: text.length }
  }, url)
}
