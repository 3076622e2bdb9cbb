import type { Page } from '@playwright/test'
import { expect, openApp, test } from '../fixtures/test'

async function fillServerForm(
  page: Page,
  values: { name?: string; baseUrl?: string; note?: string },
) {
  if (values.name !== undefined) await page.getByTestId('server-name-input').fill(values.name)
  if (values.baseUrl !== undefined) await page.getByTestId('server-url-input').fill(values.baseUrl)
  if (values.note !== undefined) await page.getByTestId('server-note-input').fill(values.note)
  await page.getByTestId('server-form-submit').click()
}

const card = (page: Page, name: string) =>
  page
    .getByTestId('server-card')
    .filter({ has: page.getByTestId('server-name').getByText(name, { exact: true }) })

test('server profiles can be added, edited, selected and removed, and persist after a host restart', async ({
  page,
  host,
}) => {
  await openApp(page, host.current(), 'servers')
  await expect(page.getByTestId('servers-empty')).toBeVisible()

  // Add
  await page.getByTestId('add-server').click()
  await fillServerForm(page, {
    name: 'Group Oasis',
    baseUrl: 'https://oasis.example.org/nomad-oasis/api/v1/',
    note: 'Our lab deployment',
  })
  // The address does not answer (no such host): the form says so and saves only when asked.
  await expect(page.getByTestId('server-unreachable')).toContainText('oasis.example.org')
  await expect(page.getByTestId('server-form-submit')).toHaveText('Check again')
  await page.getByTestId('server-save-anyway').click()
  await expect(page.getByTestId('server-form')).toBeHidden()
  await expect(card(page, 'Group Oasis')).toBeVisible()
  await expect(card(page, 'Group Oasis').getByTestId('server-url')).toHaveText(
    'https://oasis.example.org/nomad-oasis/api/v1',
  )
  await expect(page.getByTestId('servers-empty')).toBeHidden()

  // Edit
  await card(page, 'Group Oasis').getByTestId('edit-server').click()
  await expect(page.getByTestId('server-name-input')).toHaveValue('Group Oasis')
  await fillServerForm(page, { name: 'Group Oasis (lab)', note: 'Moved to the new cluster' })
  await expect(card(page, 'Group Oasis (lab)').getByTestId('server-note')).toHaveText(
    'Moved to the new cluster',
  )

  // Select, from the card and from the header switcher
  await card(page, 'Group Oasis (lab)').getByTestId('select-server').click()
  await expect(card(page, 'Group Oasis (lab)').getByTestId('active-badge')).toBeVisible()
  await expect(page.getByTestId('server-switcher-name')).toHaveText('Group Oasis (lab)')
  await expect(page.getByTestId('status-server')).toHaveText('Group Oasis (lab)')
  await page.getByTestId('server-switcher').click()
  await page.getByTestId('server-switcher-item').filter({ hasText: 'NOMAD (public)' }).click()
  await expect(page.getByTestId('server-switcher-name')).toHaveText('NOMAD (public)')
  await card(page, 'Group Oasis (lab)').getByTestId('select-server').click()
  await expect(page.getByTestId('server-switcher-name')).toHaveText('Group Oasis (lab)')

  // Persist across a restart of the host (new port and token, same data folder)
  const restarted = await host.restart()
  await openApp(page, restarted, 'servers')
  await expect(card(page, 'Group Oasis (lab)').getByTestId('active-badge')).toBeVisible()
  await expect(card(page, 'Group Oasis (lab)').getByTestId('server-note')).toHaveText(
    'Moved to the new cluster',
  )

  // Remove (with confirmation); the public server becomes active again
  await card(page, 'Group Oasis (lab)').getByTestId('remove-server-button').click()
  await expect(page.getByTestId('remove-server')).toContainText(
    'NOMAD (public) becomes the active server',
  )
  await page.getByTestId('confirm-remove').click()
  await expect(card(page, 'Group Oasis (lab)')).toHaveCount(0)
  await expect(page.getByTestId('server-switcher-name')).toHaveText('NOMAD (public)')
  const again = await host.restart()
  await openApp(page, again, 'servers')
  // Only the built-ins are left: NOMAD (public) and Local sandbox.
  await expect(page.getByTestId('server-card')).toHaveCount(2)
})

test('a bad URL gives a clear inline error and nothing is saved', async ({ page, host }) => {
  await openApp(page, host.current(), 'servers')
  await page.getByTestId('add-server').click()
  const urlError = page.locator('.mantine-TextInput-error')

  await fillServerForm(page, { name: 'Lab', baseUrl: 'http://nomad.example.org/api/v1' })
  await expect(urlError).toHaveText(
    'Plain http is only allowed for this computer (127.0.0.1, localhost); use https for nomad.example.org.',
  )
  await expect(page.getByTestId('server-url-input')).toHaveAttribute('aria-invalid', 'true')

  await fillServerForm(page, { baseUrl: 'https://nomad.example.org/prod/v1/gui' })
  await expect(urlError).toContainText('must end with the API version segment')

  await fillServerForm(page, { baseUrl: 'nomad.example.org/api/v1' })
  await expect(urlError).toHaveText(
    'Start the address with https://, e.g. https://nomad.example.org/api/v1',
  )

  await page.getByRole('button', { name: 'Cancel' }).click()
  // Only the built-ins are left: NOMAD (public) and Local sandbox.
  await expect(page.getByTestId('server-card')).toHaveCount(2)
})

test('a duplicate name is refused before any check and shown on the name field', async ({
  page,
  host,
}) => {
  await openApp(page, host.current(), 'servers')
  await page.getByTestId('add-server').click()
  await fillServerForm(page, {
    name: 'nomad (public)',
    baseUrl: 'https://other.example.org/api/v1',
  })
  await expect(page.locator('.mantine-TextInput-error')).toHaveText(
    'A server profile named “NOMAD (public)” already exists.',
  )
})

test.describe('with a long server name', () => {
  const longName =
    'Materials Science Division — shared NOMAD Oasis for the high-throughput DFT campaign 2026'
  test.use({
    seed: [{ id: 'long', name: longName, baseUrl: 'https://oasis.example.org/api/v1', note: '' }],
  })

  test('long names are cut with an ellipsis and shown in full on hover', async ({ page, host }) => {
    await openApp(page, host.current(), 'servers')
    const name = card(page, longName).getByTestId('server-name')
    await expect(name).toBeVisible()
    const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth)
    expect(cut).toBe(true)
    await name.hover()
    await expect(page.getByRole('tooltip')).toHaveText(longName)
  })
})
