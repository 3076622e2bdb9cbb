/**
 * The start-up bench's figures, budgets and report: every budget as a line with its verdict
 * (printed and written), and docs/benchmarks/startup.md with where the time went.
 */
import { kB, type BundleReport } from './bundle-size'
import { markdownTable, type machineFacts } from './report'

export interface Figure {
  median: number
  min: number
  max: number
  runs: number[]
}

const round = (value: number) => Math.round(value * 10) / 10

export function figure(runs: number[]): Figure {
  const sorted = [...runs].sort((a, b) => a - b)
  return {
    median: round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN),
    min: round(sorted[0] ?? Number.NaN),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    runs: runs.map(round),
  }
}

export const cell = (f: Figure | undefined, unit = '') =>
  f ? `${f.median}${unit} (${f.min}–${f.max})` : '–'

/**
 * Today's median over the reference's, both from the same batch: unlike the absolute figures,
 * it does not move with the machine's speed from one run to the next.
 */
export const ratioCell = (today: Figure | undefined, reference: Figure | undefined) =>
  today && reference && reference.median > 0
    ? `${(Math.round((today.median / reference.median) * 100) / 100).toFixed(2)}×`
    : '–'

export interface Budget {
  name: string
  measured: string
  budget: string
  pass: boolean
}

/** Prints every budget with its verdict; returns the lines of those exceeded. */
export function printBudgets(budgets: Budget[]): string[] {
  for (const b of budgets)
    console.log(`${b.pass ? 'PASS' : 'FAIL'}  ${b.name}: ${b.measured} (budget ${b.budget})`)
  return budgets.filter((b) => !b.pass).map((b) => `${b.name}: ${b.measured}, budget ${b.budget}`)
}

// Where the time went: profiles (node --cpu-prof, CPU time to the line) rather than wall clock,
// which the shared machine stretches two- to threefold.
const WHERE_THE_TIME_WENT = `## Where the time went

Before issue #19 (reference ${'`076e8f6`'}): the renderer was one unminified 2.3 MB chunk (490 kB
gzip) with every screen and all of Mantine's CSS; the first screen waited for three IPC round
trips one after the other; the host and the sandbox compiled TypeScript at every start (tsx);
a Search click re-rendered the whole Search screen (~1 750 DOM nodes, ~21 ms) before
${'`search.page`'} was even sent.

Now:
- **Renderer**: minified, split by route; heavy parts load on demand; one ${'`app.startup`'} call.
- **Search click**: ${'`search.page`'} leaves in the click's own task (0.3 ms after the click,
  was 124 ms under the same load), before React renders the submit; the builder is memoised and
  the results panel no longer follows the total, so the answer re-renders the rows and the count
  only (a renderer test counts the builder's and toolbar's renders). Since 2 Dec the screen
  renders the submit only once its first page is in (at most 150 ms later), so the page does no
  work while host and sandbox answer (round trip 35 → 22 ms, five ABAB pairs). What remains is
  the round trip through host, core and scheduler, and one render of the submit and its rows.
- **Web host** (CPU to the URL line): 612 → about 500 ms by loading the embedded
  sandbox (fastify, ajv, its schemas and corpus) when the Local sandbox is first used. The rest
  is module loading: undici (110 files), ajv + semver for conf's settings file (133 files),
  zod schemas of the IPC contract, ws; node's own bootstrap is ~40 ms.
- **100 000-entry sandbox** (CPU to ready, about 3.2–3.5 s → 2.6–2.8 s on 25 Nov's machine):
  the corpus is built before the port opens: generating the entries, indexing them and garbage
  collection (about a third of the CPU). Entry ids hash in one call (${'`crypto.hash`'}): 100 000
  ids 414 → 71 ms, and since 28 Nov come as base64url text rather than a Buffer each (the
  corpus 2.2 → 1.95 s); zod and fastify load from the bundle (~165 → ~107 ms of imports). The
  same build varies 1.6–2.4 s from run to run on an idle machine. Since the fourth session of
  28 Nov the store derives entry ids, mainfiles and entry times when first read (ids between
  requests after the port opens), builds the API dashboard on its first visit, and interns
  sections without a closure per lookup: ready 2.47 → 1.72 s in 9 interleaved starts of the
  session's first and last builds (the first search after the start derives the ids its
  order needs, ~0.2 s once). Since the sixth session the sandbox CLI is one CommonJS file
  started through V8's code cache (Node 20 caches no ES module's code): ready ~1.6–1.9 →
  ~1.5–1.6 s in 11 interleaved starts; the first start after a build has no cache yet and is
  timed once (its own row).
- **Search click, round trip** (a host-side trace of 8 timed rounds, load ~4): the host had
  ${'`search.page`'} 0.4 ms after the page sent it and the scheduler sent it at once in every
  round (the bench leaves 300 ms after the prefetch, 100 ms after the raw call); the host's
  sandbox call took 7–16 ms (raw 7–10 ms); the answer then waited 4–24 ms in the page for the
  main thread, still busy with the submit's render: the grid was swapped for a loader and
  mounted again. Now the previous rows stay on screen until the answer (dimmed and inert
  only if it takes over 150 ms), which updates the rows in place (answer to first row 8.1 →
  3.1 ms in a same-load A/B). The
  scheduler's interactive reserve (docs/network.md) lets a search go ahead of the pace behind a
  background request once the server's spacing is known; in slow start it keeps the pace, so a
  strict server refuses no search.
- **First screen** (a Chromium trace of the WebSocket and resource timings): the 303 token
  exchange takes 20–75 ms; the entry and the Search route's chunks arrive together
  (modulepreload), and now the route's CSS too (before, the route's ${'`import()`'} requested it
  after the entry had run and waited for it); the WebSocket used to open only after the whole
  entry had been evaluated, and ${'`app.startup`'} waited for its handshake. Now both leave from
  the first module the entry evaluates. The shell and the Search screen now render in one pass:
  the route's component rendered through ${'`React.lazy`'} suspended even with its chunk in, and
  React holds a suspended boundary's reveal back for up to 300 ms (warm 762 → 546 ms). The
  builder's facet values are native checkboxes and the dialogs the first screen never shows
  mount when first opened (~2 100 → ~1 600 React components, 809 → 638 DOM nodes; warm 556 →
  ~500 ms). Warm, what is left (trace, load ~2): navigation and index.html ~130 ms, evaluating
  the entry and writing V8's code cache ~100 ms, the ${'`app.startup`'} answer, one render task of
  200–280 ms (Mantine's per-component work, ~400 Box instances, no hot spot) and ~60 ms of
  style, layout and paint. Cold adds fetching the files six at a time over HTTP/1.1 and
  compiling them: the first screen was 59 files, then 27 with library code grouped by the
  screens that use it (cold 1 119 → 966 ms), and is now 5: what the entry loads statically in
  the entry's chunk, what the Search screen adds in one more (cold 765 → 728 ms, warm 418 →
  389 ms; initial JS 240 → 199 kB gzip). zod no longer loads with it. Two forced layouts are gone: the
  navigation scrolls in a plain box rather than Mantine's ScrollArea, whose ResizeObservers read
  sizes after the first screen's DOM changed (35 ms), and a truncated text no longer measures
  itself while React commits (warm answer → screen 238 → 196 ms in a 7-run A/B). Writing the
  ${'`app.startup`'} answer into the page (web mode) was tried and dropped: the shell then
  painted ~150 ms earlier but the Search screen ~100 ms later, since its code was still on the
  way and React held its reveal back; the answer arrives while the entry is still being
  evaluated, so the main thread, not the WebSocket, sets the pace. Since the sixth session,
  Mantine's ${'`useId`'} and ${'`useMediaQuery`'} are swapped at build for versions that do not
  set state right after mounting: every Select, Popover, Tooltip, Transition and Collapse
  rendered twice before the first paint, a second commit of ~480 components (main-thread
  script 286 → 253 ms warm, 9 interleaved runs). Since 1 December the Search screen restores
  its session while rendering (its first commit was a loader, the screen came one task later),
  tooltips mount on first hover (LazyTooltip), the builder scrolls in a plain box, and the calls
  made before the WebSocket exists travel in its upgrade request, so ${'`app.startup`'} is
  answered as the socket opens rather than after the page has seen it open (warm root → answer
  29 → ~10 ms). Since 2 December menus, popovers and Selects mount when the pointer or the
  focus first reaches them (floating-ui kept each one's target in state set from a callback
  ref: a second commit before the paint), the results table and the empty selection bar no
  longer render again in the mount's effects, and Notifications mount with the first
  notification: the first screen is one commit (probe: cold 377 → 340 ms, warm 203 → 170 ms).
  Cold, ~50 ms pass before the HTML is parsed (a new renderer process) and ~35 ms fetching the
  five files, before any of the app's code runs; with the Search screen emptied, a measuring
  build still took ~313 ms cold.
- **How the first screen is measured**: from the navigation's start to the shell ready and the
  Search button in the DOM; each navigation now starts once Chromium's own processes are quiet.
  A new browser context opens a window whose WebUI renderer (the omnibox popup) takes ~1.1 s of
  CPU in its first 1–2 s; the cold load used to start at once and share the 2 cores with it,
  and the warm load overlapped the cold page's tail. Neither is the app's cost. Since
  1 December the page reports the moment through a CDP binding: Playwright's
  ${'`waitForFunction`'} first parsed its own injected script in the page, ~30–45 ms of the
  renderer's main thread in the middle of a cold start (cold 530 → 462 ms in the probe, for
  both builds alike) (docs/performance.md, "What first screen interactive measures").`

export function startupMarkdown(input: {
  machine: ReturnType<typeof machineFacts> & { loadBefore: number[]; loadAfter: number[] }
  runs: number
  referenceCommit: string
  rows: [string, Figure | undefined, Figure | undefined, string][]
  budgets: Budget[]
  bundle: BundleReport
  referenceInitial: { gzip: number; files: number }
  failures: string[]
}): string {
  const { machine, runs, referenceCommit, bundle } = input
  return [
    '# Start-up benchmark',
    '',
    `\`npm run bench:startup\` on ${machine.platform}, Node ${machine.node}, ${machine.date}; ` +
      `load average ${machine.loadBefore.join(' / ')} before, ${machine.loadAfter.join(' / ')} ` +
      `after (1/5/15 min, 2 cores). Each figure: median (min–max) of ${runs} runs; today's build ` +
      `and the reference (commit ${referenceCommit}, before issue #19) interleaved in the same ` +
      'batch. CPU figures are user + system time of the process until its line: what a busy ' +
      'machine does not stretch the way it stretches wall-clock time.',
    '',
    '## Budgets',
    '',
    markdownTable(
      ['Budget', 'Measured', 'Limit', 'Result'],
      input.budgets.map((b) => [b.name, b.measured, b.budget, b.pass ? 'PASS' : 'FAIL']),
    ),
    '',
    '## Figures',
    '',
    markdownTable(
      ['Figure', 'Today', `Reference ${referenceCommit}`, 'Today / reference', 'Budget'],
      input.rows.map(([label, today, reference, budget]) => [
        label,
        cell(today),
        cell(reference),
        ratioCell(today, reference),
        budget,
      ]),
    ),
    '',
    WHERE_THE_TIME_WENT,
    '',
    '## JavaScript (gzip -9)',
    '',
    markdownTable(
      ['Part', 'Today', `Reference ${referenceCommit}`],
      [
        [
          'Initial (the entry chunk and its static imports)',
          `${kB(bundle.initialJs.gzip)} in ${bundle.initialJs.files} files`,
          `${kB(input.referenceInitial.gzip)} in ${input.referenceInitial.files} files`,
        ],
        [
          'First screen (initial + Search route)',
          `${kB(bundle.firstScreenJs.gzip)} in ${bundle.firstScreenJs.files} files`,
          '–',
        ],
        ['All chunks', `${kB(bundle.totalJs.gzip)} in ${bundle.totalJs.files} files`, '–'],
      ],
    ),
    '',
    'Every chunk of today’s build (✓ = loaded for the first screen):',
    '',
    markdownTable(
      ['Chunk', 'Bytes', 'gzip', 'First screen'],
      bundle.chunks.map((chunk) => [
        chunk.file,
        kB(chunk.bytes),
        kB(chunk.gzip),
        chunk.initial ? '✓ initial' : chunk.firstScreen ? '✓ route' : '',
      ]),
    ),
    '',
    input.failures.length === 0
      ? 'Every budget holds.'
      : `Budgets exceeded: ${input.failures.join('; ')}.`,
    '',
  ].join('\n')
}
