/**
 * Every React commit of the first screen, cold then warm: `tsx e2e/bench/first-screen-commits.ts
 * [root]` (a folder holding a build, as for first-screen-probe.ts; default: this repository).
 * Prints, per commit until 200 ms after the first screen: its time, whether the shell is ready
 * and the Search button shown, how many components the tree holds and at most how many
 * rendered (a component React skipped is compared with an older copy of itself, so the count
 * is an upper bound), and the components whose own state changed: what started that commit.
 *
 * Why: the first screen is marked when the task that commits it ends, and an update set in a
 * layout effect or a callback ref renders again inside that task, before the paint. This
 * found Mantine's useId and useMediaQuery rendering ~480 components a second time
 * (docs/performance.md). It installs a stand-in for React DevTools' hook, which React calls
 * after every commit in production builds too. Build with `minify: false` in
 * electron.vite.config.ts to read our components' names (Mantine's keep theirs).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../fixtures/chromium'
import { seedSettings } from '../fixtures/test'
import { startWebHost } from '../fixtures/web-host'
import { startSandboxProcess } from './browse-setup'
import { MARK_FIRST_SCREEN } from './support/first-screen'
import { listenToReports } from './support/page-reports'

interface Commit {
  at: number
  ready: boolean
  submit: boolean
  fibers: number
  rendered: number
  /** Components whose props stayed and whose state changed, with counts. */
  causes: string
}

// In-page code as text: tsx would wrap functions in a helper the page lacks. A fiber rendered
// in a commit when it is new or its props or state changed; HostComponent (5) and HostText (6)
// hold no state of their own.
const RECORD_COMMITS = `(() => {
  window.__commits = []
  const nameOf = (type) => !type || typeof type === 'string' ? null :
    type.displayName || type.name || (type.render && (type.render.displayName || type.render.name)) ||
    (type.type && nameOf(type.type)) || null
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject: () => 1,
    onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {}, checkDCE() {},
    onCommitFiberRoot(_id, root) {
      let fibers = 0, rendered = 0
      const causes = {}
      const walk = (fiber) => {
        for (; fiber; fiber = fiber.sibling) {
          fibers++
          const old = fiber.alternate
          if (!old || old.memoizedProps !== fiber.memoizedProps || old.memoizedState !== fiber.memoizedState) rendered++
          if (old && old.memoizedProps === fiber.memoizedProps && old.memoizedState !== fiber.memoizedState &&
              fiber.tag !== 5 && fiber.tag !== 6) {
            const name = nameOf(fiber.type) || 'tag ' + fiber.tag
            causes[name] = (causes[name] || 0) + 1
          }
          walk(fiber.child)
        }
      }
      walk(root.current.child)
      window.__commits.push({
        at: Math.round(performance.now()),
        ready: !!document.querySelector('[data-app-state="ready"]'),
        submit: !!document.querySelector('[data-testid="search-submit"]'),
        fibers, rendered,
        causes: Object.entries(causes).map(([name, n]) => n > 1 ? name + ' ×' + n : name).join(', '),
      })
    },
  }
})()`

interface PageState {
  __firstScreen?: number
  __commits?: Commit[]
}

const root = resolve(process.argv[2] ?? resolve(import.meta.dirname, '../..'))
const sandbox = await startSandboxProcess(['--rate', 'off', '--concurrency', 'off'])
const browser = await chromium.launch(chromiumLaunchOptions())
const dataDir = mkdtempSync(join(tmpdir(), 'first-screen-commits-'))
try {
  seedSettings(
    dataDir,
    [{ id: 'bench', name: 'Bench', baseUrl: sandbox.baseUrl, note: '' }],
    'bench',
  )
  const host = await startWebHost(
    dataDir,
    {},
    { command: process.execPath, args: [join(root, 'out/node/host.js')], cwd: root },
  )
  try {
    const context = await browser.newContext({ viewport: { width: 1360, height: 860 } })
    await context.addInitScript({ content: MARK_FIRST_SCREEN })
    await context.addInitScript({ content: RECORD_COMMITS })
    const page = await context.newPage()
    const reports = await listenToReports(page)
    for (const [load, url] of [
      ['cold', host.url],
      ['warm', `${host.origin}/`],
    ] as const) {
      const reached = reports.next('firstScreen')
      await page.goto(url)
      await reached
      // The commits right after the first screen too: what its paint no longer waits for.
      await page.waitForTimeout(1_000)
      const { firstScreen = 0, commits = [] } = await page.evaluate(() => {
        const state = window as PageState
        return { firstScreen: state.__firstScreen, commits: state.__commits }
      })
      console.log(`${load}: first screen at ${Math.round(firstScreen)} ms`)
      for (const c of commits.filter((commit) => commit.at <= firstScreen + 200))
        console.log(
          `  ${String(c.at).padStart(5)} ms  ${c.ready ? 'ready' : '     '} ${c.submit ? 'search' : '      '}` +
            `  ≤ ${c.rendered} of ${c.fibers} rendered  ${c.causes}`,
        )
    }
    await context.close()
  } finally {
    await host.stop()
  }
} finally {
  await browser.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
