import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import type { Locator, Page } from '@playwright/test'
import type { Sandbox } from '../../electron/sandbox'
import { expect, openApp, test } from '../fixtures/test'

const OUT = resolve(import.meta.dirname, '../screenshots')
const EV = 1.602176634e-19
const FORMULA = 'results.material.chemical_formula_hill'
/** "Ti and O, VASP, band gap above 1 eV, uploaded after 2020", as the builder should write it. */
const ISSUE_QUERY = {
  'results.material.elements': { all: ['Ti', 'O'] },
  'results.method.simulation.program_name': 'VASP',
  'results.properties.electronic.band_gap.value': { gt: EV },
  upload_create_time: { gt: '2020-01-01' },
}

test.use({ sandbox: { entries: 20_000 }, viewport: { width: 1360, height: 860 } })

/**
 * A direct API call from the spec. The sandbox limits requests per address like NOMAD (30/s),
 * and the spec shares the address with the app, so a 503 from the limiter is waited out.
 */
async function api<T>(sandbox: Sandbox, body: unknown): Promise<{ status: number; json: T }> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${sandbox.baseUrl}/entries/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (response.status !== 503 || attempt >= 20) {
      return { status: response.status, json: (await response.json()) as T }
    }
    await response.body?.cancel()
    await new Promise((done) => setTimeout(done, 250))
  }
}

async function apiTotal(sandbox: Sandbox, query: unknown): Promise<number> {
  const { json } = await api<{ pagination: { total: number } }>(sandbox, {
    owner: 'visible',
    query,
    pagination: { page_size: 0 },
  })
  return json.pagination.total
}

/**
 * The search states the host has written to <dataDir>/search/state.json: what a restart will
 * restore. None while the file does not exist yet.
 */
function persistedStates(dataDir: string): unknown[] {
  let text: string
  try {
    text = readFileSync(join(dataDir, 'search', 'state.json'), 'utf8')
  } catch {
    return []
  }
  // Written atomically (temp file + rename), so a file that exists is a whole document.
  return Object.values((JSON.parse(text) as { servers: Record<string, unknown> }).servers)
}

async function setJson(page: Page, text: string) {
  const editor = page.getByTestId('json-editor')
  await editor.fill(text)
}

async function openSection(page: Page, name: string) {
  const section = page.getByTestId(`section-${name}`)
  const control = section.locator('.mantine-Accordion-control')
  if ((await control.getAttribute('data-active')) === null) await control.click()
  return section
}

const termsOption = (page: Page, quantity: string, value: string): Locator =>
  page.getByTestId(`terms-${quantity}`).locator(`input[data-value="${value}"]`)

test('build a search visually; totals, copy-as curl, sort, 500 rows, keyboard, drawer, restart', async ({
  page,
  host,
  testSandbox,
}) => {
  test.setTimeout(120_000)
  if (!testSandbox) throw new Error('no sandbox')
  mkdirSync(OUT, { recursive: true })
  await openApp(page, host.current(), 'search')

  // Build "Ti and O, VASP, band gap above 1 eV, uploaded after 2020" with the visual inputs.
  await page.getByTestId('element-Ti').click()
  await page.getByTestId('element-O').click()
  await expect(page.getByTestId('element-Ti')).toHaveAttribute('data-state', 'include')
  await termsOption(page, 'results.method.simulation.program_name', 'VASP').check()
  await page.getByTestId('range-min-band_gap-value').fill('1')
  await page.getByTestId('range-min-band_gap-value-op').click() // ≥ → >
  await openSection(page, 'authors')
  await page.getByTestId('date-from-upload_create_time').fill('2020-01-01')
  await page.getByTestId('date-from-upload_create_time-op').click() // ≥ → >
  await expect(page.getByTestId('chip')).toHaveCount(4)

  // The live count follows, then the search runs; both equal a direct API call.
  const expected = await apiTotal(testSandbox, ISSUE_QUERY)
  expect(expected).toBeGreaterThan(0)
  await expect(page.getByTestId('live-count')).toHaveAttribute('data-total', String(expected))
  await page.getByTestId('search-submit').click()
  // The table changes once, when the answer is in (docs/search.md): the count then says it.
  await expect(page.getByTestId('results-count')).toHaveAttribute('data-total', String(expected))
  await expect(page.getByTestId('results-stale')).toHaveCount(0)
  await page.mouse.move(0, 0)
  await page
    .getByTestId('builder-panel')
    .screenshot({ path: resolve(OUT, 'search-builder-light.png') })

  // Copy as curl: the command runs against the sandbox and finds the same total.
  await page.getByTestId('copy-as').click()
  await page.getByTestId('copy-as-curl').click()
  const command = await page.getByTestId('copy-as-code').innerText()
  expect(command).not.toContain('Authorization')
  // Asynchronously: the sandbox runs in this process and must keep answering meanwhile.
  const { stdout } = await promisify(execFile)('sh', ['-c', command], { timeout: 30_000 })
  const fromCurl = JSON.parse(stdout) as { pagination: { total: number }; query: unknown }
  expect(fromCurl.pagination.total).toBe(expected)
  await page.keyboard.press('Escape')

  // Everything, sorted by formula, scrolled through 500 rows: the same order as the API gives.
  await page.getByRole('button', { name: 'Clear all' }).first().click()
  await page.getByTestId('search-submit').click()
  await expect(page.getByTestId('results-count')).toHaveAttribute(
    'data-total',
    String(await apiTotal(testSandbox, {})),
  )
  const header = page.getByTestId(`column-header-${FORMULA}`)
  await header.click()
  await expect(header).toHaveAttribute('aria-sort', 'ascending')
  const { json: reference } = await api<{ data: { entry_id: string }[] }>(testSandbox, {
    owner: 'visible',
    query: {},
    pagination: { page_size: 500, order_by: FORMULA, order: 'asc' },
    required: { include: ['entry_id'] },
  })
  const grid = page.getByTestId('results-grid')
  await expect(grid.locator('[data-row-index="0"][data-entry-id]')).toBeVisible()
  const seen = new Map<number, string>()
  let maxRendered = 0
  for (let step = 0; step < 200 && !seen.has(499); step++) {
    const rows = await grid
      .locator('[data-testid="result-row"][data-entry-id]')
      .evaluateAll((els) =>
        els.map((el) => [
          Number(el.getAttribute('data-row-index')),
          el.getAttribute('data-entry-id') ?? '',
        ]),
      )
    for (const [index, id] of rows as [number, string][]) seen.set(index, id)
    maxRendered = Math.max(maxRendered, await grid.getByTestId('result-row').count())
    await grid.hover()
    await page.mouse.wheel(0, 600)
    await page.waitForTimeout(40)
  }
  const ids = Array.from({ length: 500 }, (_, i) => seen.get(i))
  expect(ids).toEqual(reference.data.map((d) => d.entry_id))
  // Only the rows on screen (plus a few) exist in the page, whatever has been scrolled.
  expect(maxRendered).toBeLessThan(60)
  await expect(page.getByTestId('results-count')).toHaveAttribute(
    'data-known',
    /^([5-9]\d\d|\d{4,})$/,
  )
  await page
    .getByTestId('results-panel')
    .screenshot({ path: resolve(OUT, 'search-table-light.png') })

  // Keyboard: ↑/↓ move, Space selects, Enter opens the drawer, Ctrl+A selects the whole query.
  await grid.focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowDown')
  await expect(grid).toHaveAttribute('data-active-row', '1')
  await page.keyboard.press('Space')
  await expect(page.getByTestId('selection-summary')).toHaveText('1 entry selected')
  await expect(page.getByTestId('bulk-download')).toHaveText('Download raw files')
  await expect(page.getByTestId('bulk-download')).toBeEnabled()
  const formula = await grid
    .locator('[data-row-index="1"] [data-column="' + FORMULA + '"]')
    .innerText()
  await page.keyboard.press('Enter')
  const drawer = page.getByTestId('entry-drawer')
  await expect(drawer.getByTestId('drawer-formula')).toContainText(formula)
  await expect(drawer.getByTestId('drawer-visibility')).toContainText('Published')
  await page.waitForTimeout(300) // let the drawer finish sliding in before the picture
  await page.screenshot({ path: resolve(OUT, 'search-drawer-light.png') })
  await page.keyboard.press('Escape')
  await expect(drawer.getByTestId('drawer-formula')).toHaveCount(0)
  await grid.focus()
  await page.keyboard.press('Control+a')
  await expect(page.getByTestId('selection-summary')).toHaveText(/^All [\d\u00a0]+ results$/)

  // The search (query, columns, sort) survives a restart of the app.
  await page.getByTestId('element-Fe').click()
  await page.getByTestId('search-submit').click()
  await expect(page.getByTestId('results-count')).toHaveAttribute(
    'data-total',
    String(await apiTotal(testSandbox, { 'results.material.elements': { all: ['Fe'] } })),
  )
  // The state is written shortly after the last change: wait until it is on disk.
  const fe = { 'results.material.elements': { all: ['Fe'] } }
  await expect
    .poll(() => persistedStates(host.current().dataDir))
    .toContainEqual(expect.objectContaining({ query: fe, orderBy: FORMULA, order: 'asc' }))
  const restarted = await host.restart()
  await openApp(page, restarted, 'search')
  await expect(page.getByTestId('chip')).toHaveText(['Elements: Fe'])
  await expect(page.getByTestId(`column-header-${FORMULA}`)).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  await expect(page.getByTestId('element-Fe')).toHaveAttribute('data-state', 'include')
  await page.getByTestId('history').click()
  await expect(page.getByTestId('history-item').first()).toContainText('Elements: Fe')
})

test('the JSON view works both ways; OPTIMADE errors are the server’s; empty results say what to do', async ({
  page,
  host,
  testSandbox,
}) => {
  if (!testSandbox) throw new Error('no sandbox')
  await openApp(page, host.current(), 'search')
  await openSection(page, 'json')

  // Edit the JSON: the builder follows.
  await setJson(
    page,
    '{"results.material.elements": ["Si"], "results.method.simulation.program_name:any": ["VASP", "exciting"]}',
  )
  await expect(page.getByTestId('json-valid')).toBeVisible()
  await expect(page.getByTestId('element-Si')).toHaveAttribute('data-state', 'include')
  await expect(termsOption(page, 'results.method.simulation.program_name', 'VASP')).toBeChecked()
  await expect(
    termsOption(page, 'results.method.simulation.program_name', 'exciting'),
  ).toBeChecked()
  await expect(page.getByTestId('chip')).toHaveText(['Elements: Si', 'Program: VASP, exciting'])
  // Save it under a name; change the query; load it back (saved searches are per server).
  await page.getByTestId('saved-searches').click()
  await page.getByTestId('save-current').click()
  await page.getByTestId('saved-name').fill('Si with VASP or exciting')
  await page.getByTestId('saved-submit').click()
  await expect(page.getByTestId('saved-name')).toHaveCount(0)
  await page.getByTestId('element-Si').click() // required → excluded
  await expect(page.getByTestId('chip').first()).toHaveText('Elements: not Si')
  await page.getByTestId('saved-searches').click()
  await page.getByTestId('saved-item').filter({ hasText: 'Si with VASP or exciting' }).click()
  await expect(page.getByTestId('chip')).toHaveText(['Elements: Si', 'Program: VASP, exciting'])
  // …and the builder's clicks show up in the JSON.
  await page.getByTestId('element-Si').click() // required → excluded
  await expect(page.getByTestId('json-editor')).toHaveValue(/"none": \["Si"\]/)

  // A mistake is never applied; the error names the line and the server's rule.
  await setJson(page, '{\n  "results.material.elemets": ["O"]\n}')
  await expect(page.getByTestId('json-error')).toContainText(
    'results.material.elemets is not a doc quantity',
  )
  await expect(page.getByTestId('chip')).toHaveCount(2)
  await setJson(page, '{\n  "a": 1,\n  "b" 2\n}')
  await expect(page.getByTestId('json-error')).toContainText('line 3, column 7')

  // OPTIMADE: the server parses the filter, and its message is shown at the field.
  await setJson(page, '{}')
  await expect(page.getByTestId('chip')).toHaveCount(0)
  const filter = 'nelements >= 2 AND'
  const refused = await api<{ detail: { msg: string }[] }>(testSandbox, {
    owner: 'visible',
    query: { optimade_filter: filter },
    pagination: { page_size: 0 },
  })
  expect(refused.status).toBe(422)
  const serverMessage = refused.json.detail[0]?.msg ?? ''
  expect(serverMessage).toMatch(/^Could not parse optimade filter/)
  await openSection(page, 'optimade')
  await page.getByTestId('optimade-input').fill(filter)
  await expect(page.getByTestId('optimade-error')).toContainText(serverMessage)
  await page.getByTestId('optimade-input').fill('nelements >= 2 AND elements HAS "O"')
  await expect(page.getByTestId('optimade-error')).toHaveCount(0)
  await expect(page.getByTestId('live-count')).toHaveAttribute(
    'data-total',
    String(await apiTotal(testSandbox, { optimade_filter: 'nelements >= 2 AND elements HAS "O"' })),
  )

  // A search that finds nothing offers a way out.
  await page.getByTestId('optimade-input').fill('')
  await setJson(page, '{"results.material.elements": ["Og"]}')
  await page.getByTestId('search-submit').click()
  await expect(page.getByTestId('results-empty')).toContainText('No entries match')
  await page.getByTestId('clear-filters').click()
  await page.getByTestId('search-submit').click()
  await expect(page.getByTestId('results-count')).toHaveAttribute(
    'data-total',
    String(await apiTotal(testSandbox, {})),
  )
})

test('search screenshots in light and dark: builder, table, drawer, JSON error, empty state', async ({
  page,
  host,
}) => {
  test.setTimeout(90_000)
  mkdirSync(OUT, { recursive: true })
  await openApp(page, host.current(), 'search')
  for (const scheme of ['light', 'dark'] as const) {
    // The theme follows the OS ("system"), so switching the reported scheme switches the app.
    await page.emulateMedia({ colorScheme: scheme })
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
    await openSection(page, 'json')
    await setJson(page, '{}')
    await page.getByTestId('element-Ti').click()
    await page.getByTestId('element-O').click()
    await page.getByTestId('element-Sr').click()
    await page.getByTestId('element-Sr').click() // excluded
    await termsOption(page, 'results.method.simulation.program_name', 'VASP').check()
    await page.getByTestId('range-min-band_gap-value').fill('1')
    await page.getByTestId('search-submit').click()
    // The submit is applied with its answer: the note that the query changed then goes.
    await expect(page.getByTestId('results-stale')).toHaveCount(0)
    const firstRow = page.getByTestId('results-grid').locator('[data-row-index="0"][data-entry-id]')
    await expect(firstRow).toBeVisible()
    await page.getByTestId('builder-scroll').evaluate((el) => el.scrollTo(0, 0))
    await page.mouse.move(0, 0)
    await page.screenshot({ path: resolve(OUT, `search-builder-table-${scheme}.png`) })
    if (scheme === 'dark') {
      await page
        .getByTestId('builder-panel')
        .screenshot({ path: resolve(OUT, 'search-builder-dark.png') })
      await page
        .getByTestId('results-panel')
        .screenshot({ path: resolve(OUT, 'search-table-dark.png') })
    }

    await firstRow.dblclick()
    await expect(page.getByTestId('drawer-formula')).not.toBeEmpty()
    await page.waitForTimeout(300) // let the drawer finish sliding in before the picture
    if (scheme === 'dark') await page.screenshot({ path: resolve(OUT, 'search-drawer-dark.png') })
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('drawer-formula')).toHaveCount(0)

    await setJson(
      page,
      '{\n  "results.material.elements": ["Ti"],\n  "results.material.elemets": ["O"]\n}',
    )
    await expect(page.getByTestId('json-error')).toBeVisible()
    await page.getByTestId('json-error').scrollIntoViewIfNeeded()
    await page.screenshot({ path: resolve(OUT, `search-json-error-${scheme}.png`) })

    await setJson(page, '{"results.material.elements": ["Og"]}')
    await page.getByTestId('search-submit').click()
    await expect(page.getByTestId('results-empty')).toBeVisible()
    await page.screenshot({ path: resolve(OUT, `search-empty-${scheme}.png`) })
  }
})
