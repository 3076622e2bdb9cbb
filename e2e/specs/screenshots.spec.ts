import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { closeToasts, shootLightAndDark } from '../fixtures/screenshots'
import { signIn } from '../fixtures/sign-in'
import { expect, openApp, test } from '../fixtures/test'

const OUT = resolve(import.meta.dirname, '../screenshots')
const SECTIONS = ['search', 'uploads', 'groups', 'tokens', 'downloads', 'offline', 'servers']

// A returning user's setup, so the Servers screenshot shows more than the built-in profile.
test.use({
  seed: [
    {
      id: 'oasis',
      name: 'Group Oasis',
      baseUrl: 'https://oasis.example.org/nomad-oasis/api/v1',
      note: 'Our group’s deployment for unpublished measurements.',
    },
  ],
  viewport: { width: 1280, height: 800 },
})

for (const scheme of ['light', 'dark'] as const) {
  test(`every section renders in ${scheme} mode (screenshots)`, async ({ page, host }) => {
    mkdirSync(OUT, { recursive: true })
    await page.emulateMedia({ colorScheme: scheme })
    await openApp(page, host.current())
    // Theme "system" follows the OS preference the browser reports.
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number)
    const luminance = (r + g + b) / 3
    if (scheme === 'dark') expect(luminance).toBeLessThan(80)
    else expect(luminance).toBeGreaterThan(200)

    for (const section of SECTIONS) {
      await page.getByTestId(`nav-${section}`).click()
      await expect(page.getByTestId(`screen-${section}`)).toBeVisible()
      // Wait until the active server's first check has finished, so the shot is stable.
      await expect(page.getByTestId('status-state')).not.toHaveText(/Checking|Not checked/)
      await page.mouse.move(0, 0)
      await page.screenshot({ path: resolve(OUT, `${section}-${scheme}.png`) })
    }
  })
}

test('the add-server dialog shows an inline error (screenshot)', async ({ page, host }) => {
  await openApp(page, host.current(), 'servers')
  await page.getByTestId('add-server').click()
  await page.getByTestId('server-name-input').fill('Institute Oasis')
  await page.getByTestId('server-url-input').fill('http://oasis.example.org/api/v1')
  await page.getByTestId('server-form-submit').click()
  await expect(page.locator('.mantine-TextInput-error')).toContainText('Plain http is only allowed')
  await page.screenshot({ path: resolve(OUT, 'servers-add-error-light.png') })
})

test.describe('at the narrowest supported width', () => {
  test.use({
    viewport: { width: 1024, height: 700 },
    seed: [
      {
        id: 'long',
        name: 'Materials Science Division — shared NOMAD Oasis for the high-throughput DFT campaign 2026',
        baseUrl:
          'https://nomad-oasis.materials-science-division.example.org/shared/nomad-oasis/api/v1',
        note: 'Long names and addresses must stay on one line without pushing the layout sideways.',
      },
    ],
  })

  test('nothing overflows sideways at 1024 px (screenshot)', async ({ page, host }) => {
    await openApp(page, host.current(), 'servers')
    // The seeded profile plus the built-in NOMAD (public) and Local sandbox.
    await expect(page.getByTestId('server-card')).toHaveCount(3)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
    await page.screenshot({ path: resolve(OUT, 'servers-1024-light.png') })
  })
})

test.describe('Downloads at 1024 × 640', () => {
  test.use({ viewport: { width: 1024, height: 640 } })

  for (const scheme of ['light', 'dark'] as const) {
    test(`the empty Downloads screen says how to start (${scheme}, screenshot)`, async ({
      page,
      host,
    }) => {
      mkdirSync(OUT, { recursive: true })
      await page.emulateMedia({ colorScheme: scheme })
      await openApp(page, host.current(), 'downloads')
      await expect(page.getByTestId('downloads-empty')).toContainText('No downloads yet')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Downloads')
      await expect(page.getByTestId('status-state')).not.toHaveText(/Checking|Not checked/)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBe(0)
      await page.mouse.move(0, 0)
      await page.screenshot({ path: resolve(OUT, `downloads-empty-1024-${scheme}.png`) })
    })
  }
})

// WCAG 1.4.10 (reflow) and the "usable at 200 % zoom": a 1440 × 900 window zoomed to
// 200 % is a 720 × 450 CSS-pixel viewport. Every section, Search's two panels and an upload's
// files must fit its width; then the same window at the app's minimum, 1024 × 640.
test.describe('at 200 % zoom', () => {
  test.use({
    viewport: { width: 720, height: 450 },
    sandbox: { entries: 40, limits: { rate: null, concurrency: null } },
    hostEnv: { NOMAD_VAULT_PASSPHRASE: 'e2e vault passphrase' },
  })

  test('every screen reflows at 720 CSS px and at 1024 × 640, reduced motion stops transitions (screenshots)', async ({
    page,
    host,
    testSandbox,
  }) => {
    test.setTimeout(120_000)
    const started = Date.now()
    const sideways = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
    const check = async (name: string) => {
      await expect(page.getByTestId('status-state')).not.toHaveText(/Checking|Not checked/)
      expect(await sideways(), `${name} scrolls sideways`).toBe(0)
      await shootLightAndDark(page, `zoom-200-${name}`)
    }
    await openApp(page, host.current(), 'search')
    await signIn(
      page,
      testSandbox!.demoUsers.find((user) => user.username === 'lena')!,
    )
    await closeToasts(page)

    // Search: the builder has the whole width, then the results take its place; the table may
    // scroll sideways inside its own region (1.4.10 exempts data tables), the page may not.
    await expect(page.getByTestId('builder-panel')).toBeVisible()
    await expect(page.getByTestId('nav-search')).toHaveAccessibleName(/Search/)
    await check('search-builder')
    await page.getByTestId('search-submit').click()
    await expect(page.getByTestId('builder-panel')).toBeHidden()
    await expect(page.getByTestId('results-stale')).toHaveCount(0)
    await expect(page.getByTestId('result-row').first()).toBeVisible()
    await expect(page.getByTestId('show-builder')).toBeFocused()
    await check('search-results')

    for (const section of SECTIONS.slice(1)) {
      await page.getByTestId(`nav-${section}`).click()
      await expect(page.getByTestId(`screen-${section}`)).toBeVisible()
      await check(section)
    }
    await page.getByTestId('nav-uploads').click()
    await page.getByTestId('uploads-open').first().click()
    await page.getByTestId('upload-files-tab').click()
    await expect(page.getByTestId('files-item').first()).toBeVisible()
    await check('upload-files')

    // The app's minimum window: the wide layout (labelled navigation, builder beside results).
    await page.setViewportSize({ width: 1024, height: 640 })
    for (const section of SECTIONS) {
      await page.getByTestId(`nav-${section}`).click()
      await expect(page.getByTestId(`screen-${section}`)).toBeVisible()
      expect(await sideways(), `${section} at 1024 × 640 scrolls sideways`).toBe(0)
    }
    await page.getByTestId('nav-search').click()
    await expect(page.getByTestId('builder-panel')).toBeVisible()
    await expect(page.getByTestId('result-row').first()).toBeVisible()
    expect(await sideways(), 'search with its builder at 1024 × 640 scrolls sideways').toBe(0)
    console.log(`zoom walk: ${Date.now() - started} ms`)
  })
})
