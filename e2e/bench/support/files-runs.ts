/**
 * The measured runs of files.bench.ts: the app in web mode behind a counting proxy, driven in
 * Chromium, and the raw reference calls in the same rounds. Returns the raw series.
 */
import { chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../../fixtures/chromium'
import { PREVIEW_BYTES } from '../../../shared/ipc/channels/raw-files'
import { seedSettings } from '../../fixtures/test'
import { startWebHost } from '../../fixtures/web-host'
import { startCountingProxy } from './counting-proxy'
import {
  clickToVisible,
  loadAndScrollText,
  scrollFileList,
  type ScrollRun,
} from './files-scenarios'
import { findFramedFolder, rawTimed, tempDataDir } from './files-setup'
import type { SandboxChild } from './sandbox-child'
import { log } from './scheduler-scenarios'
import { round1 } from './stats'

export const BIG_FOLDER = 'showcase/big'

/**
 * A fresh window at `url` (no cache from the round before). Not a hash change and reload: a
 * hash change from the page the token exchange lands on may still be pending when goto()
 * returns, and reload() then reloads the old address (the app's start page), which never shows
 * the row waited for: that was the harness's occasional 30 s timeout on the folder row.
 */
async function openFresh(page: Page, url: string): Promise<void> {
  await page.goto('about:blank')
  await page.goto(url)
}
export const BIG_FILE = 'trajectory.log'

export interface FilesSeries {
  folderMs: number[]
  /** rawdir requests the app made to open the folder that ended before its first rows, per round. */
  folderRequests: number[]
  /** Round 1's rawdir requests for the opened folder: "page_size=… before|after the first rows". */
  folderRequestLog: string[]
  rawFolderMs: number[]
  textMs: number[]
  /** Bytes of the file's content (GET …/raw/…) fetched to show the first lines, per round. */
  textBytes: number[]
  /** Every request the preview made, per round ("GET path → bytes"). */
  textRequests: string[][]
  rawChunkMs: number[]
  notes: string[]
  listScrolls: ScrollRun[]
  textScrolls: ScrollRun[]
}

export interface RunOptions {
  rounds: number
  scrolls: number
  chunks: number
}

/** Runs every measurement against a sandbox whose limits are NOMAD's (set by the caller). */
export async function runFileBrowser(
  sandbox: SandboxChild,
  options: RunOptions,
): Promise<FilesSeries> {
  const { uploadId, folder } = await findFramedFolder(sandbox.baseUrl)
  await sandbox.setLimits({ rate: 30, concurrency: 10 })
  const series: FilesSeries = {
    folderMs: [],
    folderRequests: [],
    folderRequestLog: [],
    rawFolderMs: [],
    textMs: [],
    textBytes: [],
    textRequests: [],
    rawChunkMs: [],
    notes: [],
    listScrolls: [],
    textScrolls: [],
  }
  const proxy = await startCountingProxy(sandbox.baseUrl)
  const { dataDir, remove } = tempDataDir()
  const basePath = new URL(sandbox.baseUrl).pathname.replace(/\/$/, '')
  seedSettings(
    dataDir,
    [{ id: 'bench', name: 'Bench sandbox', baseUrl: `${proxy.origin}${basePath}`, note: '' }],
    'bench',
  )
  const host = await startWebHost(dataDir).catch(async (error: unknown) => {
    await proxy.close()
    remove()
    throw error
  })
  const browser = await chromium.launch(chromiumLaunchOptions())
  const folderName = folder.slice(folder.lastIndexOf('/') + 1)
  const parent = folder.slice(0, folder.lastIndexOf('/'))
  const at = (path: string, round: number) =>
    `${host.origin}/#/uploads/bench/${uploadId}/${encodeURIComponent(path)}?r=${round}`
  const folderItem = `[data-testid="files-item"][data-name="${folderName}"]`
  const fileItem = `[data-testid="files-item"][data-name="${BIG_FILE}"]`
  const rawFolder = `${sandbox.baseUrl}/uploads/${uploadId}/rawdir/${folder}?page_size=100`
  const rawChunk = `${sandbox.baseUrl}/uploads/${uploadId}/raw/${BIG_FOLDER}/${BIG_FILE}?offset=0&length=${PREVIEW_BYTES}`
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } })
    // tsx (esbuild, keepNames) wraps functions in __name(); evaluate() ships them to the page.
    await page.addInitScript('globalThis.__name = (fn) => fn')
    await page.goto(host.url)
    // One warm-up of each path (first-use compilation on both sides), then the measured rounds.
    for (let round = -1; round < options.rounds; round++) {
      // A fresh window each time: nothing answered from the previous round's cache.
      await openFresh(page, at(parent, round))
      await page.locator(folderItem).waitFor()
      proxy.reset()
      const folderMs = await clickToVisible(page, folderItem, '[data-name="00001.xyz"]')
      const shownAt = performance.now()
      // Whatever else opening it asks for (the tree's branch) arrives now: give it a moment.
      await page.waitForTimeout(500)
      const opened = proxy.requests().filter((r) => r.url.includes(`/rawdir/${folder}?`))
      const folderRequests = opened.filter((r) => r.endMs <= shownAt).length
      const folderRequestLog = opened.map(
        (r) =>
          `page_size=${new URL(r.url, proxy.origin).searchParams.get('page_size') ?? '?'} ${r.endMs <= shownAt ? 'before' : 'after'} the first rows`,
      )
      const rawFolderMs = await rawTimed(rawFolder)
      await openFresh(page, at(BIG_FOLDER, round))
      await page.locator(fileItem).waitFor()
      proxy.reset()
      const textMs = await clickToVisible(page, fileItem, '[data-testid="preview-text"]')
      const note = (await page.getByTestId('preview-note').textContent()) ?? ''
      // Whatever else the preview asks for arrives now or never: give it a moment to show.
      await page.waitForTimeout(500)
      const fetched = proxy.requests().filter((r) => r.url.includes(`/${BIG_FILE}`))
      // Content is what the server answered with the file's bytes: a 503 of its limiter (a
      // short error body, then a retry) carries none.
      const content = fetched.filter((r) => r.url.includes('/raw/') && r.status < 300)
      const rawChunkMs = await rawTimed(rawChunk)
      if (round < 0) continue
      series.folderMs.push(folderMs)
      series.folderRequests.push(folderRequests)
      if (round === 0) series.folderRequestLog.push(...folderRequestLog)
      series.rawFolderMs.push(rawFolderMs)
      series.textMs.push(textMs)
      series.textBytes.push(content.reduce((sum, r) => sum + r.bytes, 0))
      series.textRequests.push(
        fetched.map(
          (r) => `${r.method} ${r.url.replace(basePath, '')} → ${r.status}, ${r.bytes} B`,
        ),
      )
      series.rawChunkMs.push(rawChunkMs)
      series.notes.push(note)
      log(
        `  round ${round + 1}: folder ${round1(folderMs)} ms (raw ${round1(rawFolderMs)}), text ${round1(textMs)} ms (raw ${round1(rawChunkMs)}), ${series.textRequests.at(-1)?.join('; ')}`,
      )
    }
    for (let run = 0; run < options.scrolls; run++) {
      await openFresh(page, at(folder, 100 + run))
      await page.locator('[data-name="00001.xyz"]').waitFor()
      const list = await scrollFileList(page)
      series.listScrolls.push(list)
      await openFresh(page, at(BIG_FOLDER, 100 + run))
      await page.locator(fileItem).click()
      await page.getByTestId('preview-text').waitFor()
      const text = await loadAndScrollText(page, options.chunks)
      series.textScrolls.push(text)
      log(
        `  scroll ${run + 1}: list ${list.items} rows, tasks ≥ 50 ms [${list.longTasks.map(round1).join(', ')}]; text ${text.items} lines [${text.longTasks.map(round1).join(', ')}]`,
      )
    }
  } finally {
    await browser.close()
    await host.stop()
    await proxy.close()
    remove()
  }
  return series
}
