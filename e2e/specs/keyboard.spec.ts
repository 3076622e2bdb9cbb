import type { Locator, Page } from '@playwright/test'
import { expect, openApp, test } from '../fixtures/test'

// The keyboard-only walk (issue 20): no mouse from the first key to the last. Tab moves to
// controls (Tab is pressed until the wanted control has the focus, as a user would), arrows
// move inside widgets, Enter and Space act, Escape closes.

test.use({
  sandbox: { entries: 120, limits: { rate: null, concurrency: null } },
  hostEnv: { NOMAD_VAULT_PASSPHRASE: 'e2e vault passphrase' },
  viewport: { width: 1280, height: 800 },
})

/** Presses Tab until `target` has the focus; fails when it is not reached in `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let press = 0; press < max; press++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

test('search, open an entry and its archive, create and revoke a token — keyboard only', async ({
  page,
  host,
  testSandbox,
}) => {
  // Many single key presses, each a round trip to the browser: more than the default minute
  // on a loaded machine.
  test.setTimeout(120_000)
  const started = Date.now()
  const lena = testSandbox!.demoUsers.find((user) => user.username === 'lena')!
  await openApp(page, host.current(), 'search')
  const count = page.getByTestId('results-count')
  await expect(count).not.toHaveAttribute('data-total', '')
  const everything = Number(await count.getAttribute('data-total'))

  // The first Tab reaches "Skip to content", which jumps over the header and the navigation.
  await page.keyboard.press('Tab')
  const skip = page.getByTestId('skip-link')
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()

  // "?" lists the shortcuts; Escape closes the list and the focus comes back.
  await page.keyboard.press('Shift+?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toContainText('Run the search')
  await expect(help).toContainText('Periodic table: move between elements')
  await page.keyboard.press('Escape')
  await expect(help).toHaveCount(0)
  await expect(page.locator('main')).toBeFocused()

  // A search: oxygen from the periodic table (one tab stop, arrows inside), then Ctrl+Enter.
  await tabTo(page, page.getByTestId('element-H'))
  await page.keyboard.press('ArrowDown') // period 2; → steps over elements no entry has
  const oxygen = page.getByTestId('element-O')
  for (let press = 0; press < 18; press++) {
    if (await oxygen.evaluate((el) => el === document.activeElement)) break
    await page.keyboard.press('ArrowRight')
  }
  await expect(page.getByTestId('element-O')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('element-O')).toHaveAttribute('data-state', 'include')
  await page.keyboard.press('Control+Enter')
  await expect(count).not.toHaveAttribute('data-total', String(everything))
  await expect(count).not.toHaveAttribute('data-total', '')
  const found = Number(await count.getAttribute('data-total'))
  expect(found).toBeLessThan(everything)
  // Screen readers hear the count once, in a polite live region.
  await expect(page.getByTestId('results-announcer')).toHaveText(`${found} results`)
  await expect(page.getByTestId('results-announcer')).toHaveAttribute('role', 'status')

  // Open the second entry: the grid is one tab stop, ↓ moves, Enter opens the drawer.
  const grid = page.getByRole('grid')
  await tabTo(page, grid)
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('drawer-formula') })
  await expect(drawer.getByTestId('drawer-formula')).not.toBeEmpty()
  // The focus is inside the drawer and stays there (trapped) however often Tab is pressed.
  for (let press = 0; press < 30; press++) await page.keyboard.press('Tab')
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true)

  // Its archive: Enter on the button opens the viewer; Escape closes it, focus returns.
  const openArchive = drawer.getByTestId('entry-open-archive')
  await tabTo(page, openArchive, 40)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('archive-tree')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('archive-tree')).toHaveCount(0)
  await expect(openArchive).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
  await expect(grid).toBeFocused()

  // Tokens (Ctrl+4), signing in from the keyboard.
  await page.keyboard.press('Control+4')
  await expect(page.getByTestId('screen-title')).toHaveText('Tokens')
  await tabTo(page, page.getByTestId('tokens-sign-in-button'))
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('sign-in-username')).toBeFocused()
  await page.keyboard.type(lena.username)
  await page.keyboard.press('Tab')
  await page.keyboard.type(lena.password)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('account-name')).toHaveText(lena.username)

  // Create a token: the name field has the focus; Enter submits.
  await tabTo(page, page.getByTestId('create-token'))
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('create-name')).toBeFocused()
  await page.keyboard.type('keyboard token')
  await tabTo(page, page.getByTestId('create-submit'))
  await page.keyboard.press('Enter')
  const reveal = page.getByTestId('reveal-modal')
  await expect(reveal.getByTestId('reveal-token')).toBeVisible()
  await tabTo(page, reveal.getByTestId('reveal-saved'))
  await page.keyboard.press('Space')
  await tabTo(page, reveal.getByTestId('reveal-done'))
  await page.keyboard.press('Enter')
  await expect(reveal.getByTestId('reveal-token')).toHaveCount(0)
  const row = page.getByTestId('pat-row').filter({ hasText: 'keyboard token' })
  await expect(row).toHaveAttribute('data-state', 'active')

  // Revoke it: the row's menu opens with Enter, ↓ reaches "Revoke…", Enter confirms.
  await tabTo(page, row.getByTestId('pat-actions'))
  await page.keyboard.press('Enter')
  const revokeItem = page.getByTestId('pat-revoke')
  await expect(revokeItem).toBeVisible()
  for (let press = 0; press < 6; press++) {
    if (await revokeItem.evaluate((el) => el === document.activeElement)) break
    await page.keyboard.press('ArrowDown')
  }
  await page.keyboard.press('Enter')
  const confirm = page.getByTestId('revoke-confirm')
  await expect(confirm).toBeVisible()
  await tabTo(page, confirm)
  await page.keyboard.press('Enter')
  await expect(row).toHaveAttribute('data-state', 'revoked')
  console.log(`keyboard walk: ${Date.now() - started} ms`)
})
