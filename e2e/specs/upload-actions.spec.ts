import type { Sandbox } from '../../electron/sandbox'
import { AxeAudit } from '../fixtures/axe'
import { closeToasts, shootLightAndDark } from '../fixtures/screenshots'
import { signIn } from '../fixtures/sign-in'
import { expect, openApp, test, TEST_SANDBOX_PROFILE } from '../fixtures/test'

// The upload page's actions through web mode, as lena (main author): rename, publish with an
// embargo (the page follows the server's processing until it is done), lift the embargo, and
// delete another upload after typing its name. Screenshots light and dark at 1024×640; the
// dialogs are checked with axe.

const server = encodeURIComponent(TEST_SANDBOX_PROFILE.id)
const DIALOG = '[role="dialog"]'

test.use({
  sandbox: { entries: 120, limits: { rate: null, concurrency: null, processingMs: 10_000 } },
  viewport: { width: 1024, height: 640 },
})

/** lena's unpublished uploads with entries, newest first (asked of the sandbox directly). */
async function lenasStaging(sandbox: Sandbox) {
  const lena = sandbox.demoUsers.find((user) => user.username === 'lena')!
  const token = (await (
    await fetch(`${sandbox.baseUrl}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'lena', password: lena.password }).toString(),
    })
  ).json()) as { access_token: string }
  const answer = (await (
    await fetch(`${sandbox.baseUrl}/uploads?roles=main_author&is_published=false&page_size=100`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    })
  ).json()) as { data: { upload_id: string; upload_name: string; entries: number }[] }
  return { lena, uploads: answer.data.filter((u) => u.entries > 0) }
}

test('upload actions: rename, publish, lift the embargo, delete', async ({
  page,
  host,
  testSandbox,
}) => {
  test.setTimeout(180_000)
  const { lena, uploads } = await lenasStaging(testSandbox!)
  const [first, second] = uploads
  const audit = new AxeAudit(page)
  await openApp(page, host.current(), 'uploads')
  await signIn(page, lena)
  await page.goto(`${host.current().origin}/#/uploads/${server}/${first!.upload_id}`)
  const actions = page.getByTestId('upload-actions')
  await expect(actions.getByRole('button', { name: 'Publish…' })).toBeVisible()
  await shootLightAndDark(page, 'upload-actions')

  // Rename: the header shows the new name once the server has it.
  await actions.getByRole('button', { name: 'Name and embargo…' }).click()
  const edit = page.getByTestId('edit-upload-modal')
  await edit.getByTestId('upload-name-input').fill('Perovskite screening, final')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Perovskite screening, final' })).toBeVisible()

  // Publish with an embargo: irreversible, said in the dialog; then the processing notice.
  await actions.getByRole('button', { name: 'Publish…' }).click()
  const publish = page.getByTestId('publish-modal')
  await expect(publish).toContainText('Publishing is irreversible')
  await publish.getByTestId('embargo-input').fill('6')
  await shootLightAndDark(page, 'upload-publish-dialog')
  await audit.check('publish dialog', { include: DIALOG })
  await publish.getByRole('button', { name: 'Publish with 6 months embargo' }).click()
  await expect(page.getByTestId('upload-processing')).toContainText('publish_upload')
  await closeToasts(page)
  await shootLightAndDark(page, 'upload-processing')
  // The page follows the process and offers what a published upload allows.
  const lift = actions.getByRole('button', { name: 'Lift embargo…' })
  await expect(lift).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('upload-overview')).toContainText('6 months from publication')

  await lift.click()
  const liftDialog = page.getByTestId('lift-embargo-modal')
  await audit.check('lift-embargo dialog', { include: DIALOG })
  await liftDialog.getByRole('button', { name: 'Lift the embargo' }).click()
  await expect(page.getByTestId('upload-processing')).toBeVisible()
  await expect(actions).toContainText(
    'Published: its files and entries can no longer be changed.',
    {
      timeout: 30_000,
    },
  )

  // Delete another upload: only after typing its name; back on the list, it is gone.
  await page.goto(`${host.current().origin}/#/uploads/${server}/${second!.upload_id}`)
  await actions.getByRole('button', { name: 'Delete…' }).click()
  const remove = page.getByTestId('delete-upload-modal')
  const confirm = remove.getByRole('button', { name: 'Delete upload' })
  await expect(confirm).toBeDisabled()
  await remove.getByTestId('delete-upload-typed').fill(second!.upload_name)
  await expect(confirm).toBeEnabled()
  await shootLightAndDark(page, 'upload-delete-dialog')
  await audit.check('delete dialog', { include: DIALOG })
  await confirm.click()
  await expect(page.getByTestId('uploads-table')).toBeVisible()
  await expect(page.locator(`[data-upload="${second!.upload_id}"]`)).toHaveCount(0)
  await expect(
    page.locator(`[data-upload="${first!.upload_id}"]`).getByTestId('uploads-open'),
  ).toHaveText('Perovskite screening, final')
  audit.expectClean()
})
