/**
 * In-page measurements of the file browser for files.bench.ts. Each runs inside Chromium
 * (page.evaluate), so no round trip to the test process is in a figure. The page needs
 * `globalThis.__name = (fn) => fn` (tsx keeps function names through a helper the page lacks).
 */
import type { Page } from '@playwright/test'

/** Click → the first element matching `waitFor` on screen, timed frame by frame in the page. */
export function clickToVisible(page: Page, click: string, waitFor: string): Promise<number> {
  return page.evaluate(
    ([clickSel, waitSel]) =>
      new Promise<number>((done, fail) => {
        const target = document.querySelector<HTMLElement>(clickSel)
        if (!target) return fail(new Error(`nothing matches ${clickSel}`))
        const start = performance.now()
        target.click()
        const check = () => {
          if (document.querySelector(waitSel)) done(performance.now() - start)
          else if (performance.now() - start > 30_000) fail(new Error(`no ${waitSel} in 30 s`))
          else requestAnimationFrame(check)
        }
        requestAnimationFrame(check)
      }),
    [click, waitFor] as const,
  )
}

export interface ScrollRun {
  /** Rows (file list) or lines (text preview) scrolled through. */
  items: number
  ms: number
  /** Durations of every long task (≥ 50 ms, the API's threshold) during the run. */
  longTasks: number[]
  /** The most list rows in the DOM at once (bounded when the list is virtual). */
  maxRendered: number
}

/**
 * Scrolls the file listing from top to bottom at about 12 rows a frame (a fast human scroll),
 * then waits until no placeholder row is left on screen (every page it passed was read).
 */
export function scrollFileList(page: Page): Promise<ScrollRun> {
  return page.evaluate(
    () =>
      new Promise<ScrollRun>((done, fail) => {
        const longTasks: number[] = []
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longTasks.push(entry.duration)
        })
        observer.observe({ type: 'longtask' })
        const list = document.querySelector<HTMLElement>('[data-testid="files-list"]')
        if (!list) return fail(new Error('no file list'))
        const start = performance.now()
        let maxRendered = 0
        const step = () => {
          const rows = list.querySelectorAll('[role="option"]').length
          maxRendered = Math.max(maxRendered, rows)
          const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 1
          const pending = list.querySelector('[data-testid="files-placeholder"]') !== null
          if (atEnd && !pending) {
            observer.disconnect()
            const items = list.querySelectorAll('[data-testid="files-item"]')
            const lastRow = items[items.length - 1]?.id.replace('file-row-', '') ?? '0'
            done({
              items: Number(lastRow) + 1,
              ms: performance.now() - start,
              longTasks,
              maxRendered,
            })
            return
          }
          if (performance.now() - start > 180_000) return fail(new Error('file list stuck'))
          if (!atEnd) list.scrollTop += 400
          requestAnimationFrame(step)
        }
        requestAnimationFrame(step)
      }),
  )
}

/**
 * In an open text preview: clicks "Load more" `chunks` times (each waits for its chunk on
 * screen), then scrolls the text from top to bottom at 400 px a frame. Long tasks are those of
 * both parts: reading on through a log is loading and scrolling in turn.
 */
export function loadAndScrollText(page: Page, chunks: number): Promise<ScrollRun> {
  return page.evaluate(
    (more) =>
      new Promise<ScrollRun>((done, fail) => {
        const longTasks: number[] = []
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longTasks.push(entry.duration)
        })
        observer.observe({ type: 'longtask' })
        const start = performance.now()
        // The gutter's last number (one <pre> of numbers per chunk).
        const lineCount = () => {
          const numbers = document.querySelector('[data-testid="preview-line-numbers"]')
          return Number((numbers?.textContent ?? '').trim().split('\n').pop() ?? 0)
        }
        let clicked = 0
        let linesBefore = 0
        const loadNext = () => {
          if (performance.now() - start > 120_000) return fail(new Error('load more stuck'))
          if (clicked > 0 && lineCount() === linesBefore) return requestAnimationFrame(loadNext)
          if (clicked >= more) return requestAnimationFrame(scroll)
          const button = document.querySelector<HTMLButtonElement>(
            '[data-testid="preview-load-more"]',
          )
          if (!button) return fail(new Error(`no Load more button after ${clicked} chunks`))
          if (button.disabled) return requestAnimationFrame(loadNext)
          linesBefore = lineCount()
          clicked++
          button.click()
          requestAnimationFrame(loadNext)
        }
        const viewport = () =>
          document
            .querySelector('[data-testid="preview-text"]')
            ?.closest<HTMLElement>('.mantine-ScrollArea-viewport')
        const scroll = () => {
          const box = viewport()
          if (!box) return fail(new Error('no scrolling text viewport'))
          if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) {
            observer.disconnect()
            done({ items: lineCount(), ms: performance.now() - start, longTasks, maxRendered: 0 })
            return
          }
          box.scrollTop += 400
          requestAnimationFrame(scroll)
        }
        requestAnimationFrame(loadNext)
      }),
    chunks,
  )
}
