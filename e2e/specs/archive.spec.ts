import { LONG_TRAJECTORY_ENTRY_ID } from '../../electron/sandbox/testing/fixtures'
import { archiveNode, openArchiveNodes } from '../fixtures/archive-tree'
import { shootLightAndDark } from '../fixtures/screenshots'
import { expect, openApp, test, TEST_SANDBOX_PROFILE } from '../fixtures/test'

// The archive viewer's walk (issue 14): a reference followed from the drawer's quick look to
// the archive's page, followed again and back, units switched, a required built by ticks in two
// places and copied as Python, the search inside the archive, positions as a table, a structure
// in 3D, a DOS plotted; screenshots of the followed reference, the builder, the plot and the 3D
// view in light and dark.

test.use({ sandbox: { entries: 60 }, viewport: { width: 1360, height: 860 } })

const node = archiveNode
/** Tree rows a 860-px window can hold: about 30 on screen, 20 of overscan either side. */
const BOUND = 100
const open = openArchiveNodes

test('archive: references, back, units, the required builder, search, a plot and the 3D view', async ({
  page,
  context,
  host,
  testSandbox,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openApp(page, host.current(), 'search')
  const firstRow = page.getByTestId('results-grid').locator('[data-row-index="0"][data-entry-id]')
  await firstRow.dblclick()
  await page.getByTestId('entry-open-archive').click()

  // The quick look: following a reference opens the archive's own page at the target.
  await open(page, 'run', 'run/0', 'run/0/calculation', 'run/0/calculation/0')
  const ref = node(page, 'run/0/calculation/0/system_ref').getByTestId('archive-ref')
  await expect(ref).toContainText(/→ system 0/)
  await ref.click()
  await expect(page.getByTestId('archive-viewer')).toHaveAttribute('data-viewer', 'page')
  await expect(page.getByTestId('archive-path')).toHaveText('$.run[0].system[0]')
  await expect(page).toHaveURL(/#\/archive\//)
  await expect(page.getByTestId('archive-points-here')).toContainText('What points here')

  // On the page: follow the calculation's reference by keyboard, then Back returns to it.
  await open(page, 'run/0/calculation', 'run/0/calculation/0')
  await node(page, 'run/0/calculation/0/method_ref').click()
  await node(page, 'run/0/calculation/0/method_ref').press('Enter')
  await expect(page.getByTestId('archive-path')).toHaveText('$.run[0].method[0]')
  await page.getByTestId('archive-back').click()
  await expect(page.getByTestId('archive-path')).toHaveText('$.run[0].calculation[0].method_ref')
  await page.keyboard.press('Alt+ArrowRight')
  await expect(page.getByTestId('archive-path')).toHaveText('$.run[0].method[0]')

  // Units: energies in eV, SI on request.
  await open(page, 'run/0/calculation/0/energy', 'run/0/calculation/0/energy/total')
  const energy = node(page, 'run/0/calculation/0/energy/total/value')
  await expect(energy).toContainText(/ eV$/)
  await page.getByTestId('archive-units').getByText('SI').click()
  await expect(energy).toContainText(/e-\d+ J$/)
  await page.getByTestId('archive-units').getByText('eV · Å · GPa').click()

  // The required that fetches just the energies, copied as Python (no token in it).
  await node(page, 'run/0/calculation/0/energy').focus()
  await expect(page.getByTestId('archive-required-json')).toHaveText(
    '{"run[0]":{"calculation[0]":{"energy":"*"}}}',
  )
  await page.getByTestId('archive-copy-python').click()
  const python = await page.evaluate(() => navigator.clipboard.readText())
  expect(python).toContain('/entries/archive/query')
  expect(python).toContain("'required': {'run[0]': {'calculation[0]': {'energy': '*'}}}")
  expect(python).not.toMatch(/Bearer/)

  // The required builder: the selected energies are ticked, a second place is ticked in the
  // tree, and the one required is previewed and copied as Python.
  await page.getByTestId('archive-builder-toggle').click()
  await node(page, 'run/0/method').getByTestId('archive-tick').click()
  const json = page.getByTestId('required-json')
  await expect(json).toHaveValue(/"method": "\*"/)
  expect(JSON.parse(await json.inputValue())).toEqual({
    'run[0]': { method: '*', 'calculation[0]': { energy: '*' } },
  })
  await expect(node(page, 'run/0/calculation/0/energy/total')).toHaveAttribute(
    'data-tick',
    'inside',
  )
  await page.getByTestId('required-preview-run').click()
  await expect(page.getByTestId('required-preview-result')).toContainText(/sections/)
  await page.getByTestId('archive-copy-python').click()
  const built = await page.evaluate(() => navigator.clipboard.readText())
  expect(built).toContain("'method': '*'")
  expect(built).toContain("'calculation[0]': {'energy': '*'}")
  expect(built).not.toMatch(/Bearer/)
  await shootLightAndDark(page, 'archive-builder', page.getByTestId('archive-viewer'))
  // Send to Downloads: the downloads' planning dialog, for the current search, with this required.
  await page.getByTestId('required-send').click()
  await page.getByTestId('required-send-search').click()
  const plan = page.getByTestId('plan-dialog')
  await expect(plan.getByTestId('plan-required')).toHaveValue(/"method": "\*"/)
  await page.keyboard.press('Escape')
  await expect(plan).toBeHidden()
  await page.getByTestId('archive-builder-toggle').click()

  // The search inside the archive: keys and loaded values, Enter and F3 step through matches.
  await page.getByTestId('archive-filter').fill('energy')
  await page.getByTestId('archive-filter').press('Enter')
  await expect(page.getByTestId('archive-filter-note')).toContainText(/^1 of \d+ matching/)
  await expect(page.getByTestId('archive-path')).toHaveText(/energy/)
  await page.keyboard.press('F3')
  await expect(page.getByTestId('archive-filter-note')).toContainText(/^2 of /)
  await page.keyboard.press('Shift+Enter')
  await expect(page.getByTestId('archive-filter-note')).toContainText(/^1 of /)
  await page.getByTestId('archive-filter').fill('')

  // Positions: n×3 coordinates, a table in Å rather than lines.
  await open(page, 'run/0/system', 'run/0/system/0', 'run/0/system/0/atoms')
  await node(page, 'run/0/system/0/atoms/positions').click()
  await expect(page.getByTestId('archive-array-shape')).toContainText(/shape \[\d+ × 3\]/)
  await expect(page.getByTestId('archive-array-table')).toContainText('x (Å)')
  await expect(page.getByTestId('archive-plot')).toHaveCount(0)

  // The structure in 3D (WebGL), with a 2×2×2 supercell along its periodic directions.
  await node(page, 'run/0/system/0').focus()
  const structure = page.getByTestId('archive-structure')
  await expect(structure.locator('canvas')).toBeVisible()
  await expect(structure).toContainText('unit cell drawn')
  const atoms = Number((await structure.textContent())?.match(/(\d+) atoms/)?.[1])
  const supercell = structure.getByLabel('Supercell repeat')
  if ((await supercell.count()) > 0) {
    await supercell.fill('2')
    await expect(structure).not.toContainText(`${atoms} atoms`)
  }
  await shootLightAndDark(page, 'archive-structure', page.getByTestId('archive-viewer'))

  // The followed reference, for the screenshot.
  await node(page, 'run/0/calculation/0/system_ref').getByText('system_ref').click()
  await expect(page.getByTestId('archive-ref-info')).toContainText('Go to system 0')
  await shootLightAndDark(page, 'archive-reference', page.getByTestId('archive-viewer'))

  // A series is plotted: the electronic DOS of a single-point entry, its values against its
  // energies (the section listing total[0]), not against the index.
  const found = await page.request.post(`${testSandbox?.baseUrl ?? ''}/entries/query`, {
    data: {
      query: { 'results.properties.available_properties': 'dos_electronic' },
      pagination: { page_size: 1 },
      required: { include: ['entry_id'] },
    },
  })
  const dosEntry = ((await found.json()) as { data: { entry_id: string }[] }).data[0]?.entry_id
  expect(dosEntry).toBeDefined()
  const at = encodeURIComponent('$.run[0].calculation[-1].dos_electronic[0].total[0].value')
  await page.goto(`${host.current().origin}/#/archive/${TEST_SANDBOX_PROFILE.id}/${dosEntry}/${at}`)
  const plot = page.getByTestId('archive-plot')
  await expect(plot.locator('canvas')).toBeVisible()
  await expect(
    page.getByRole('img', { name: /^Plot of value.* against energies \(eV\)$/ }),
  ).toBeVisible()
  await expect(page.getByTestId('archive-plot-note')).toContainText('points drawn')
  await shootLightAndDark(page, 'archive-plot', page.getByTestId('archive-viewer'))
})

// A list of 100,000 items in Chromium (the sandbox's long trajectory): a link to the last
// calculation opens the list whole and scrolled to it; End and Home jump; the tree keeps only
// the rows the window shows (about 30) plus the virtualizer's overscan in the DOM.
test.describe('a list of 100,000 items', () => {
  test.use({ sandbox: { entries: 20, fixtures: { longTrajectorySteps: 100_000 } } })

  test('opens at its last item with the rows in the DOM bounded, End and Home jump', async ({
    page,
    host,
  }) => {
    const rowsInDom = () => page.getByTestId('archive-tree').getByRole('treeitem').count()
    const at = encodeURIComponent('$.run[0].calculation[-1]')
    await openApp(page, host.current())
    await page.goto(
      `${host.current().origin}/#/archive/${TEST_SANDBOX_PROFILE.id}/${LONG_TRAJECTORY_ENTRY_ID}/${at}`,
    )
    const last = node(page, 'run/0/calculation/99999')
    await expect(last).toBeVisible({ timeout: 30_000 })
    await expect(last).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByTestId('archive-path')).toHaveText('$.run[0].calculation[99999]')
    expect(
      Number(await page.getByTestId('archive-tree').getAttribute('data-rows')),
    ).toBeGreaterThan(100_000)
    expect(await rowsInDom()).toBeLessThanOrEqual(BOUND)
    await last.focus()
    await page.keyboard.press('Home')
    await expect(node(page, 'metadata')).toBeFocused()
    expect(await rowsInDom()).toBeLessThanOrEqual(BOUND)
    await page.keyboard.press('End')
    await expect(last).toBeInViewport()
    expect(await rowsInDom()).toBeLessThanOrEqual(BOUND)
  })
})
