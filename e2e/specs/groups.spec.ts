import type { Locator, Page } from '@playwright/test'
import { call, login, post } from '../../electron/sandbox/testing/harness'
import { shootLightAndDark } from '../fixtures/screenshots'
import { signIn } from '../fixtures/sign-in'
import { expect, openApp, test, TEST_SANDBOX_PROFILE } from '../fixtures/test'

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
async function pickPerson(
  page: Page,
  picker: Locator,
  letters: string,
  name: string,
  testId = 'user-picker',
) {
  await picker.fill(letters)
  const options = page.getByTestId(`${testId}-option`)
  await expect(options.filter({ hasText: name })).toBeVisible()
  for (const text of await options.allTextContents()) expect(text).not.toContain('@')
  const count = await options.count()
  for (let step = 0; step < count; step++) {
    await picker.press('ArrowDown')
    const selected = page.locator(`[data-testid="${testId}-option"][data-combobox-selected]`)
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
  // The page has room for whole names and affiliations: none ends in "…", even at 1024 px.
  const cut = await page
    .getByTestId('group-page')
    .locator('[data-testid="person-name"], [data-testid="person-affiliation"]')
    .evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent),
    )
  expect(cut).toEqual([])
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

test("from the upload's page: a group as coauthor and a person as reviewer, each removed again", async ({
  page,
  host,
  testSandbox,
}) => {
  const sandbox = testSandbox!
  const account = (name: string) => sandbox.demoUsers.find((user) => user.username === name)!
  const token = await login(sandbox, 'lena')
  type UploadMembers = {
    upload_id: string
    coauthors?: string[]
    coauthor_groups?: string[]
    reviewers?: string[]
  }
  const groups = await call<{ data: { group_id: string; group_name: string }[] }>(
    sandbox,
    'GET',
    '/groups?search_terms=Hoffmann',
  )
  const lab = groups.body.data.find((g) => g.group_name === 'Hoffmann Lab')!
  const sofia = account('sofia')
  // One of lena's unpublished uploads that has neither of them yet.
  const staging = await call<{ data: UploadMembers[] }>(
    sandbox,
    'GET',
    '/uploads?is_published=false&roles=main_author&page_size=50',
    { token },
  )
  const upload = staging.body.data.find(
    (u) =>
      !(u.coauthor_groups ?? []).includes(lab.group_id) &&
      ![...(u.coauthors ?? []), ...(u.reviewers ?? [])].includes(sofia.user_id),
  )!
  const uploadId = upload.upload_id
  const onServer = async () =>
    (await call<{ data: UploadMembers }>(sandbox, 'GET', `/uploads/${uploadId}`, { token })).body
      .data

  await openApp(page, host.current(), 'uploads')
  await signIn(page, account('lena'))
  const server = encodeURIComponent(TEST_SANDBOX_PROFILE.id)
  await page.goto(`${host.current().origin}/#/uploads/${server}/${uploadId}`)
  await expect(page.getByTestId('upload-role')).toContainText('You are the main author')
  const panel = page.getByTestId('upload-overview').getByTestId('upload-collaborators')
  await expect(panel).toContainText('Coauthors may change the upload')
  await expect(panel).toContainText('Reviewers may see the upload')

  // A group as coauthor (the default role and kind), picked from lena's own groups.
  await panel.getByTestId('collaborator-group-picker').click()
  await page.getByRole('option', { name: 'Hoffmann Lab' }).click()
  const coauthors = panel.getByTestId('collaborators-coauthor')
  await expect(
    coauthors.getByTestId('collaborator-group').filter({ hasText: 'Hoffmann Lab' }),
  ).toBeVisible()
  await expect.poll(async () => (await onServer()).coauthor_groups).toContain(lab.group_id)

  // A person as reviewer, found by the start of their name.
  await panel.getByTestId('collaborator-role').getByText('as reviewer').click()
  await panel.getByTestId('collaborator-kind').getByText('a person').click()
  await pickPerson(
    page,
    panel.getByLabel('Person to add as reviewer'),
    'Sofi',
    'Sofia Rossi',
    'collaborator-user-picker',
  )
  const reviewers = panel.getByTestId('collaborators-reviewer')
  await expect(
    reviewers.getByTestId('collaborator-person').filter({ hasText: 'Sofia Rossi' }),
  ).toContainText('Fritz Haber Institute')
  await expect.poll(async () => (await onServer()).reviewers).toContain(sofia.user_id)
  await expect(panel).not.toContainText('@')
  await shoot(page, 'upload-page-collaborators')

  // Both stay after a reload (they are the server's), and each goes with its ✕.
  await page.reload()
  await expect(
    reviewers.getByTestId('collaborator-person').filter({ hasText: 'Sofia Rossi' }),
  ).toBeVisible()
  await coauthors.getByRole('button', { name: 'Remove Hoffmann Lab' }).click()
  await expect(
    coauthors.getByTestId('collaborator-group').filter({ hasText: 'Hoffmann Lab' }),
  ).toHaveCount(0)
  await reviewers.getByRole('button', { name: 'Remove Sofia Rossi' }).click()
  await expect(
    reviewers.getByTestId('collaborator-person').filter({ hasText: 'Sofia Rossi' }),
  ).toHaveCount(0)
  const after = await onServer()
  expect(after.coauthor_groups ?? []).not.toContain(lab.group_id)
  expect(after.reviewers ?? []).not.toContain(sofia.user_id)
})
