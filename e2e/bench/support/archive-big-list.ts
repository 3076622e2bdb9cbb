/**
 * The archive viewer on a list of 100,000 sections in Chromium (archive.bench.ts): the sandbox's
 * long trajectory (`--long-trajectory-steps`), `run[0].calculation` opened and shown whole, then
 * jumps through it — scrolled to the middle and the end, End / Home / PageDown on a focused row,
 * the last item opened, and Find (Ctrl+F) to a value of item 99,999. After each jump: how long
 * until the target is on screen, and how many tree rows the DOM holds.
 */
import type { Page } from '@playwright/test'
import { expandToVisible, openToFirstRows } from './archive-scenarios'
import type { BenchTarget } from './report'
import { percentile, round1 } from './stats'

/** The virtualizer's rows of overscan on either side (archive-tree.tsx). */
const OVERSCAN = 20
const ROW_HEIGHT = 24

export interface Jump {
  name: string
  /** performance.now() at the action. */
  start: number
  /** From the action to the target on screen (checked every frame). */
  ms: number
  /** Tree rows in the DOM once it is there. */
  rows: number
  /** Rows the tree has open (data-rows). */
  open: number
}

export interface BigListRound {
  firstRowsMs: number
  /** Opening run[0]: core fetches the run with its 100,000 calculations and prunes it. */
  runMs: number
  /** Opening run[0].calculation → its first item row. */
  listMs: number
  /** "Show all" → the 100,000 items open. */
  showAllMs: number
  jumps: Jump[]
  /** The most rows the window can hold: pane height / row height + overscan on both sides. */
  bound: number
  /** performance.now() when the round started (long tasks are counted from there). */
  at: number
}

/** What a jump waits for, checked every frame in the page. */
type Until =
  | { focus: number | 'last' }
  | { rowAtScroll: true }
  | { selected: string }
  | { selector: string }
  | { selector: string; text: string }

type Action =
  | { scroll: number }
  | { key: string; ctrl?: boolean }
  | { click: string }
  /** Types into the focused input as a person does: React reads the input event. */
  | { type: string }

function jump(page: Page, name: string, action: Action, until: Until): Promise<Jump> {
  return page.evaluate(
    ([label, act, wait]) =>
      new Promise<Jump>((done, fail) => {
        const tree = document.querySelector<HTMLElement>('[data-testid="archive-tree"]')
        const pane = tree?.closest<HTMLElement>('.mantine-ScrollArea-viewport')
        if (!tree || !pane) return fail(new Error('no archive tree'))
        const start = performance.now()
        if ('scroll' in act) pane.scrollTop = (pane.scrollHeight - pane.clientHeight) * act.scroll
        else if ('key' in act)
          (document.activeElement ?? document.body).dispatchEvent(
            new KeyboardEvent('keydown', {
              key: act.key,
              ctrlKey: act.ctrl === true,
              bubbles: true,
            }),
          )
        else if ('click' in act) document.querySelector<HTMLElement>(act.click)?.click()
        else {
          const input = document.activeElement as HTMLInputElement
          const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
          setValue?.call(input, act.type)
          input.dispatchEvent(new Event('input', { bubbles: true }))
        }
        const reached = () => {
          const active = document.activeElement as HTMLElement | null
          if ('focus' in wait) {
            const index = wait.focus === 'last' ? Number(tree.dataset.rows) - 1 : wait.focus
            return (
              active?.getAttribute('role') === 'treeitem' && active.dataset.index === String(index)
            )
          }
          if ('rowAtScroll' in wait)
            return !!tree.querySelector(`[data-index="${Math.floor(pane.scrollTop / 24) + 1}"]`)
          if ('selected' in wait)
            return !!tree.querySelector(`[data-path="${wait.selected}"][aria-selected="true"]`)
          const found = document.querySelector(wait.selector)
          return 'text' in wait ? (found?.textContent ?? '').includes(wait.text) : !!found
        }
        const check = () => {
          if (reached())
            // One more frame: the rows of the new place are painted and counted.
            requestAnimationFrame(() =>
              done({
                name: label,
                start,
                ms: performance.now() - start,
                rows: tree.querySelectorAll('[role="treeitem"]').length,
                open: Number(tree.dataset.rows),
              }),
            )
          else if (performance.now() - start > 60_000)
            fail(new Error(`${label}: not reached in 60 s`))
          else requestAnimationFrame(check)
        }
        requestAnimationFrame(check)
      }),
    [name, action, until] as const,
  )
}

/** Items a list shows before "Show more" (LIST_CHUNK of the viewer's archive-rows.ts). */
const LIST_CHUNK = 1000
const SHOW_ALL = '[data-testid="archive-show-all"]'
const row = (path: string) => `[data-testid="archive-node"][data-path="${path}"]`
const LIST = 'run/0/calculation'

/**
 * One walk over the long trajectory's archive at `hash` (the app is loaded and ready). The last
 * item is `LIST/<last>`; Find looks for its step number, which only that item carries.
 */
export async function bigListWalk(page: Page, hash: string, last: number): Promise<BigListRound> {
  const open = await openToFirstRows(page, hash)
  await expandToVisible(page, 'run', 'run/0')
  const runMs = await expandToVisible(page, 'run/0', LIST)
  const listMs = await expandToVisible(page, LIST, `${LIST}/0`)
  const bound = await page.evaluate(
    ([height, overscan]) => {
      const pane = document
        .querySelector('[data-testid="archive-tree"]')
        ?.closest<HTMLElement>('.mantine-ScrollArea-viewport')
      return Math.ceil((pane?.clientHeight ?? 0) / height) + 2 * overscan + 2
    },
    [ROW_HEIGHT, OVERSCAN] as const,
  )
  // The list's "Show all" sits under its first 1,000 items, near the end of the tree.
  await jump(page, 'to the list end', { scroll: 1 }, { selector: SHOW_ALL })
  const rowsAll = (await openRows(page)) - LIST_CHUNK - 1 + last + 1
  const shown = await jump(
    page,
    'Show all',
    { click: SHOW_ALL },
    { selector: `[data-testid="archive-tree"][data-rows="${rowsAll}"] [role="treeitem"]` },
  )
  const jumps: Jump[] = [shown]
  jumps.push(await jump(page, 'scroll to the middle', { scroll: 0.5 }, { rowAtScroll: true }))
  jumps.push(await jump(page, 'scroll to the end', { scroll: 1 }, { rowAtScroll: true }))
  // The keyboard: a row in the window takes the focus, then End, Home, PageDown.
  await page.evaluate(() =>
    document.querySelector<HTMLElement>('[data-testid="archive-node"]')?.focus(),
  )
  jumps.push(await jump(page, 'End', { key: 'End' }, { focus: 'last' }))
  jumps.push(await jump(page, 'Home', { key: 'Home' }, { focus: 0 }))
  jumps.push(await jump(page, 'PageDown', { key: 'PageDown' }, { focus: 20 }))
  jumps.push(await jump(page, 'End again', { key: 'End' }, { focus: 'last' }))
  // The last item opened (fetched on its own), then Find from the top to a value in it.
  const item = `${LIST}/${last}`
  jumps.push(
    await jump(page, `open [${last}]`, { click: row(item) }, { selector: row(`${item}/step`) }),
  )
  jumps.push(await jump(page, 'Home before Find', { key: 'Home' }, { focus: 0 }))
  await page.keyboard.press('Control+f')
  const typed = await jump(
    page,
    `type "${last}" into Find`,
    { type: String(last) },
    // The tree filtered by the typed text (the match itself is far down, out of the window).
    { selector: '[data-testid="archive-filter-note"]', text: 'matching' },
  )
  jumps.push(typed)
  let found = await jump(
    page,
    `Find "${last}"`,
    { key: 'Enter' },
    { selector: '[aria-selected="true"]' },
  )
  for (let more = 0; more < 10 && !(await isSelected(page, `${item}/step`)); more++)
    found = await jump(
      page,
      `Find "${last}"`,
      { key: 'Enter' },
      { selector: '[aria-selected="true"]' },
    )
  jumps.push(found)
  await page.getByTestId('archive-filter').focus()
  jumps.push(
    await jump(
      page,
      'Esc: whole tree, match kept',
      { key: 'Escape' },
      { selected: `${item}/step` },
    ),
  )
  return { firstRowsMs: open.ms, runMs, listMs, showAllMs: shown.ms, jumps, bound, at: open.at }
}

const isSelected = (page: Page, path: string) =>
  page
    .locator(`${row(path)}[aria-selected="true"]`)
    .count()
    .then((n) => n > 0)

const openRows = async (page: Page) =>
  Number(await page.getByTestId('archive-tree').getAttribute('data-rows'))

const median = (values: number[]) => round1(percentile(values, 50))

/**
 * The report's rows for the list: rows in the DOM after every jump within the window's bound,
 * no long task over `longTaskMs`, and (reported, no budget of its own) how long the list takes
 * to show its first rows.
 */
export function bigListTargets(
  rounds: (BigListRound & { longTasks: { duration: number }[] })[],
  items: number,
  longTaskMs: number,
): BenchTarget[] {
  const list = `${items.toLocaleString('en-US')}-item list`
  const names = rounds[0]?.jumps.map((j) => j.name) ?? []
  const worst = (name: string) =>
    Math.max(...rounds.map((r) => r.jumps.find((j) => j.name === name)?.rows ?? 0))
  const bound = Math.min(...rounds.map((r) => r.bound))
  const tasks = rounds.flatMap((r) => r.longTasks.map((t) => t.duration))
  const over = tasks.filter((d) => d > longTaskMs).length
  const jumpMs = (name: string) =>
    median(rounds.map((r) => r.jumps.find((j) => j.name === name)?.ms ?? 0))
  return [
    {
      metric: `${list}: tree rows in the DOM after each jump`,
      target: `≤ ${bound} (the pane’s height in 24-px rows + 2 × 20 overscan + 2)`,
      measured: names.map((name) => `${name}: ${worst(name)}`).join('; '),
      reference: `${Math.max(...rounds.map((r) => Math.max(...r.jumps.map((j) => j.open)))).toLocaleString('en-US')} rows open; time to the target on screen (median): ${names.map((name) => `${name} ${jumpMs(name)} ms`).join('; ')}`,
      pass:
        rounds.length > 0 &&
        rounds.every((r) => r.jumps.every((j) => j.rows > 0 && j.rows <= bound)),
    },
    {
      metric: `${list}: open, show all, the jumps, Find`,
      target: `no task > ${longTaskMs} ms`,
      measured:
        tasks.length === 0
          ? `none ≥ 50 ms in ${rounds.length} rounds`
          : `longest ${round1(Math.max(...tasks))} ms; ${over} over ${longTaskMs} ms, ${tasks.length} ≥ 50 ms in ${rounds.length} rounds`,
      reference: `per round, median: Show all ${median(rounds.map((r) => r.showAllMs))} ms`,
      pass: over === 0 && rounds.length > 0,
    },
    {
      metric: `${list}: open run[0] (core fetches the run with the whole list) → the list’s first rows`,
      target: 'reported',
      measured: `run[0] ${median(rounds.map((r) => r.runMs))} ms, then the list’s first item ${median(rounds.map((r) => r.listMs))} ms (median)`,
      reference: `archive page → first rows ${median(rounds.map((r) => r.firstRowsMs))} ms`,
      pass: rounds.length > 0,
    },
  ]
}
