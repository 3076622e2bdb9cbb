import type { Locator, Page } from '@playwright/test'
import { login, post } from '../../electron/sandbox/testing/harness'
import { shootLightAndDark } from '../fixtures/screenshots'
import { signIn } from '../fixtures/sign-in'
import { expect, openApp, test } from '../fixtures/test'

// Groups through web mode: create a group with two members found through the user search,
// rename it, remove a member, add it to an upload as reviewer, delete it. Screenshots of the
// list, the editor's change preview and the upload's collaborators, light and dark, at the
// smallest window the app supports.

// 32 characters: the longest name the server accepts.
const LONG_NAME = 'Thin Films and Interfaces Lab 01'

test.use({
  sandbox: { entries: 120, limits: { rate: null, concurrency: null } },
  viewport: { width: 1024, height: 640 },
})

const shoot = (page: Page, name: string, target?: Locator) =>
  shootLightAndDark(page, `groups-${name}`, target)

/** Types into the user search and picks the person named with the keyboard (arrows, Enter). */
async function pickPerson(page: Page, picker: Locator, letters: string, name: string) {
  await picker.fill(letters)
  const options = page.getByTestId('user-picker-option')
  await expect(options.filter({ hasText: name })).toBeVisible()
  for (const text of await options.allTextContents()) expect(text).not.toContain('@')
  const count = await options.count()
  for (let step = 0; step < count; step++) {
    await picker.press('ArrowDown')
    const selected = page.locator('[data-testid="user-picker-option"][data-combobox-selected]')
    if ((await selected.textContent())?.includes(name)) break
  }
  await picker.press('Enter')
}

test('create with two members, rename, remove a member, share an upload as reviewer, delete', async ({
  page,
  host,
  testSandbox,
}) => {
  const lena = testSandbox!.demoUsers.find((user) => user.username === 'lena')!
  await page.emulateMedia({ colorScheme: 'light' })
  await openApp(page, host.current(), 'groups')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Groups')

  // Signed out: all groups are searchable, "My groups" needs a sign-in.
  await expect(page.getByTestId('group-row').filter({ hasText: 'Paul reading club' })).toBeVisible()
  await signIn(page, lena)
  await page.getByTestId('groups-scope').getByText('My groups').click()
  await expect(page.getByTestId('group-row').filter({ hasText: 'Hoffmann Lab' })).toContainText(
    'Owner',
  )
  await expect(page.getByTestId('group-row').filter({ hasText: 'Paul reading club' })).toHaveCount(
    0,
  )
  await shoot(page, 'list')

  // Create: the rule is shown, a bad name is explained before anything is sent.
  await page.getByTestId('create-group').click()
  const editor = page.getByTestId('group-editor')
  const name = editor.getByLabel('Group name')
  await name.fill('Thin Films!')
  await expect(editor).toContainText('Not allowed: “!”')
  await expect(editor.getByTestId('group-save')).toBeDisabled()
  await name.fill('Thin Films Lab')
  const picker = editor.getByLabel('Add a member')
  await pickPerson(page, picker, 'Omar', 'Omar Haddad')
  await pickPerson(page, picker, 'Mei', 'Mei Chen')
  await expect(editor.getByTestId('editor-member')).toHaveCount(2)
  await expect(editor).not.toContainText('@')
  await editor.getByTestId('group-save').click()

  // The group page: owner and members with affiliations.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Groups · Thin Films Lab')
  const members = page.getByTestId('group-member')
  await expect(members).toHaveCount(2)
  await expect(members.filter({ hasText: 'Omar Haddad' })).toContainText(
    'Humboldt-Universität zu Berlin',
  )
  await expect(page.getByTestId('group-page')).toContainText('Lena Hoffmann')
  await shoot(page, 'page')

  // Edit: rename to the longest allowed name and remove Omar; the preview says so first.
  await page.getByTestId('group-edit').click()
  await name.fill(LONG_NAME)
  await editor.getByRole('button', { name: 'Remove Omar Haddad' }).click()
  const preview = editor.getByTestId('change-preview')
  await expect(preview.getByTestId('change-preview-rename')).toContainText(
    `from “Thin Films Lab” to “${LONG_NAME}”`,
  )
  await expect(preview.getByTestId('change-preview-removed')).toHaveText('remove Omar Haddad')
  await shoot(page, 'editor', editor.locator('.mantine-Modal-content'))
  await editor.getByTestId('group-save').click()
  await expect(editor).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Groups · ${LONG_NAME}`)
  await expect(members).toHaveCount(1)
  await expect(members).toContainText('Mei Chen')

  // Share one of lena's uploads with the group as reviewer, from the entry drawer.
  await page.getByTestId('nav-search').click()
  await page.getByTestId('owner-select').click()
  await page.getByTestId('owner-option-user').click()
  await page.getByRole('button', { name: /^Show \d+ results$/ }).click()
  // Lena's own entries, to know when the results show them and not the previous owner's.
  const token = await login(testSandbox!, 'lena')
  const own = await post<{ data: { entry_id: string }[] }>(
    testSandbox!,
    '/entries/query',
    { owner: 'user', pagination: { page_size: 1000 }, required: { include: ['entry_id'] } },
    token,
  )
  const ids = new Set(own.body.data.map((e) => e.entry_id))
  const firstRow = page.getByTestId('results-grid').locator('[data-row-index="0"][data-entry-id]')
  await expect
    .poll(async () => ids.has((await firstRow.getAttribute('data-entry-id')) ?? ''))
    .toBe(true)
  await firstRow.dblclick()
  await page.getByTestId('entry-upload-collaborators').click()
  const collaborators = page.getByTestId('collaborators-modal')
  await expect(collaborators).toContainText('Reviewers may see the upload')
  await expect(collaborators).toContainText('Coauthors may change the upload')
  await collaborators.getByTestId('collaborator-role').getByText('as reviewer').click()
  await collaborators.getByTestId('collaborator-group-picker').click()
  await page.getByRole('option', { name: LONG_NAME }).click()
  const reviewers = collaborators.getByTestId('collaborators-reviewer')
  await expect(
    reviewers.getByTestId('collaborator-group').filter({ hasText: LONG_NAME }),
  ).toBeVisible()
  await shoot(page, 'collaborators', collaborators.locator('.mantine-Modal-content'))
  await page.keyboard.press('Escape')
  await expect(collaborators).toHaveCount(0)
  // The first Escape closed only the dialog; the drawer under it closes with the second.
  await expect(page.getByTestId('drawer-formula')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('drawer-formula')).toHaveCount(0)

  // Delete, after a confirmation.
  await page.getByTestId('nav-groups').click()
  await page.getByTestId('group-link').filter({ hasText: LONG_NAME }).click()
  await page.getByTestId('group-delete').click()
  const confirm = page.getByTestId('delete-group-modal')
  await expect(confirm).toContainText('This cannot be undone.')
  await confirm.getByTestId('confirm-delete-group').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Groups')
  await expect(page.getByTestId('group-link').filter({ hasText: LONG_NAME })).toHaveCount(0)
})

test('a member sees why they cannot edit', async ({ page, host, testSandbox }) => {
  const sofia = testSandbox!.demoUsers.find((user) => user.username === 'sofia')!
  await openApp(page, host.current(), 'groups')
  await signIn(page, sofia)
  await page.getByTestId('groups-scope').getByText('My groups').click()
  await page.getByTestId('group-link').filter({ hasText: 'Hoffmann Lab' }).click()
  await expect(page.getByTestId('group-read-only')).toContainText(
    'only its owner, Lena Hoffmann, can rename it',
  )
  await expect(page.getByTestId('group-edit')).toBeDisabled()
  await expect(page.getByTestId('group-delete')).toBeDisabled()
})
