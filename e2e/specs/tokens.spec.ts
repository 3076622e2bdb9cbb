import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { shootLightAndDark } from '../fixtures/screenshots'
import { expect, openApp, test } from '../fixtures/test'

const PASSPHRASE = 'e2e vault passphrase'

test.use({
  sandbox: { entries: 50, limits: { rate: null, concurrency: null } },
  hostEnv: { NOMAD_VAULT_PASSPHRASE: PASSPHRASE },
  viewport: { width: 1280, height: 860 },
  permissions: ['clipboard-read', 'clipboard-write'],
})

interface Frame {
  direction: 'sent' | 'received'
  text: string
}

/** Every WebSocket frame between the page and the host, both ways. */
function recordFrames(page: Page): Frame[] {
  const frames: Frame[] = []
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => frames.push({ direction: 'sent', text: String(f.payload) }))
    ws.on('framereceived', (f) => frames.push({ direction: 'received', text: String(f.payload) }))
  })
  return frames
}

/** Light and dark screenshots of what is on screen now. */
const shoot = (page: Page, name: string) => shootLightAndDark(page, `tokens-${name}`)

function filesUnder(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((item) =>
    item.isDirectory() ? filesUnder(join(root, item.name)) : [join(root, item.name)],
  )
}

const row = (page: Page, state: string) =>
  page
    .getByTestId('pat-row')
    .filter({ hasText: 'laptop notebook' })
    .and(page.locator(`[data-state="${state}"]`))

test('sign in, create, copy, list, test, rotate, revoke, sign out — the raw token reaches the window only in its reveal', async ({
  page,
  host,
  testSandbox,
}) => {
  const frames = recordFrames(page)
  const lena = testSandbox!.demoUsers.find((user) => user.username === 'lena')!
  await page.emulateMedia({ colorScheme: 'light' })
  await openApp(page, host.current(), 'tokens')

  // Signed out: the screen explains why it needs a sign-in.
  await expect(page.getByTestId('tokens-sign-in')).toContainText(
    'never lets a personal access token manage tokens',
  )
  await page.getByTestId('tokens-sign-in-button').click()
  const signIn = page.getByTestId('sign-in-modal')
  await signIn.getByTestId('sign-in-username').fill(lena.username)
  await signIn.getByTestId('sign-in-password').fill('wrong password')
  await signIn.getByTestId('sign-in-submit').click()
  await expect(signIn.getByTestId('sign-in-error')).toContainText(
    'did not accept that username and password',
  )
  await signIn.getByTestId('sign-in-password').fill(lena.password)
  await signIn.getByTestId('sign-in-submit').click()
  await expect(page.getByTestId('account-name')).toHaveText('lena')
  await expect(page.getByTestId('pat-empty')).toContainText('No tokens yet')

  // Create: least privilege preselected, 7 days.
  await page.getByTestId('create-token').click()
  const create = page.getByTestId('create-token-modal')
  await expect(create.getByTestId('scope-uploads:read')).toBeChecked()
  await expect(create.getByTestId('scope-uploads:write')).not.toBeChecked()
  await expect(create.getByTestId('scope-tokens:create')).toBeDisabled()
  await create.getByTestId('create-name').fill('laptop notebook')
  await create.getByText('7 days').click()
  await create.getByTestId('scope-datasets:read').check()
  // Back to the top of the scope list, where the common resources are.
  await create.locator('.mantine-ScrollArea-viewport').evaluate((el) => el.scrollTo(0, 0))
  await shoot(page, 'create')
  await create.getByTestId('create-submit').click()

  // Reveal once: copy, test, use in the app.
  const reveal = page.getByTestId('reveal-modal')
  const first = (await reveal.getByTestId('reveal-token').textContent())?.trim() ?? ''
  expect(first).toMatch(/^nomad_pat_[A-Za-z0-9_-]{43}$/)
  await expect(reveal.getByTestId('reveal-warning')).toContainText(
    'You will not see this token again',
  )
  await expect(reveal.getByTestId('reveal-done')).toBeDisabled()
  await shoot(page, 'reveal')
  await reveal.getByTestId('reveal-copy').click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first)
  await reveal.getByTestId('reveal-test').click()
  await expect(reveal.getByTestId('test-report')).toHaveAttribute('data-verdict', 'valid')
  await expect(reveal.getByTestId('test-report-message')).toHaveText(
    'Works: this token belongs to Lena Hoffmann (lena).',
  )
  await reveal.getByTestId('reveal-use').click()
  await expect(reveal.getByTestId('reveal-stored')).toContainText('Stored in this app, encrypted')
  await reveal.getByTestId('reveal-done').click()
  await expect(reveal).toBeHidden()

  // Listed, stored and in use.
  await expect(row(page, 'active')).toHaveCount(1)
  await expect(row(page, 'active').getByTestId('pat-stored')).toHaveText('in use')
  await expect(row(page, 'active').getByTestId('scope-chips')).toContainText('entries:read')
  const stored = page.getByTestId('stored-row').filter({ hasText: 'laptop notebook' })
  await expect(stored.locator('input[type=radio]')).toBeChecked()
  await shoot(page, 'list')

  // Test it from the app's store.
  await stored.getByTestId('stored-test').click()
  await expect(page.getByTestId('stored-test-modal').getByTestId('test-report')).toHaveAttribute(
    'data-verdict',
    'valid',
  )
  await expect(
    page.getByTestId('stored-test-modal').getByTestId('test-check').first(),
  ).toHaveAttribute('data-result', 'can')
  await page.keyboard.press('Escape')

  // Rotate: the old one stops working; the new one is shown once and replaces the stored copy.
  await row(page, 'active').getByTestId('pat-actions').click()
  await page.getByTestId('pat-rotate').click()
  await expect(page.getByTestId('rotate-modal')).toContainText('stops working now')
  await page.getByTestId('rotate-confirm').click()
  const second = (await reveal.getByTestId('reveal-token').textContent())?.trim() ?? ''
  expect(second).toMatch(/^nomad_pat_/)
  expect(second).not.toBe(first)
  await expect(reveal.getByTestId('reveal-stored')).toContainText('was replaced automatically')
  await reveal.getByTestId('reveal-saved').check()
  await reveal.getByTestId('reveal-done').click()
  await expect(row(page, 'revoked')).toHaveCount(1)
  await expect(row(page, 'active')).toHaveCount(1)
  // The two rows of the same name tell themselves apart: which replaced which, created, used.
  await expect(row(page, 'revoked').getByTestId('pat-replaced-by')).toHaveText(
    /^replaced by the token created (just now|1 minute ago)$/,
  )
  await expect(row(page, 'active').getByTestId('pat-replaced-by')).toHaveCount(0)
  await expect(row(page, 'active').getByTestId('pat-created')).toHaveText(/just now|minute/)
  await expect(row(page, 'revoked').getByTestId('pat-last-used')).toHaveText(/^used /)
  // The state badge shows the whole word at this width (it was cut to "REVO…").
  const badge = row(page, 'revoked').getByTestId('pat-state')
  await expect(badge).toHaveText('revoked')
  expect(
    await badge.evaluate((el) => {
      const label = el.querySelector('.mantine-Badge-label') ?? el
      return label.scrollWidth <= label.clientWidth && el.scrollWidth <= el.clientWidth
    }),
  ).toBe(true)
  await expect(row(page, 'revoked').getByTestId('pat-last-used')).not.toContainText(' in ')
  await shoot(page, 'rotated')
  // At 1440 px the side cards sit beside the list, which gets narrower: still whole.
  await page.setViewportSize({ width: 1440, height: 860 })
  await expect(badge).toHaveText('revoked')
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await shoot(page, 'rotated-1440')
  await page.setViewportSize({ width: 1280, height: 860 })
  await stored.getByTestId('stored-test').click()
  await expect(page.getByTestId('stored-test-modal').getByTestId('test-report')).toHaveAttribute(
    'data-verdict',
    'valid',
  )
  await page.keyboard.press('Escape')

  // Revoke: used within the last day, so its name must be typed.
  await row(page, 'active').getByTestId('pat-actions').click()
  await page.getByTestId('pat-revoke').click()
  const revoke = page.getByTestId('revoke-modal')
  await expect(revoke).toContainText('also removed from this app')
  await expect(revoke.getByTestId('revoke-confirm')).toBeDisabled()
  await revoke.getByTestId('revoke-typed').fill('laptop notebook')
  await revoke.getByTestId('revoke-confirm').click()
  await expect(row(page, 'revoked')).toHaveCount(2)
  await expect(row(page, 'active')).toHaveCount(0)
  await expect(page.getByTestId('stored-empty')).toBeVisible()

  // Filter: only revoked ones.
  await page.getByTestId('pat-state-filter').getByText('Active').click()
  await expect(page.getByTestId('pat-empty')).toContainText('No tokens match')
  await page.getByTestId('pat-state-filter').getByText('Revoked').click()
  await expect(page.getByTestId('pat-row')).toHaveCount(2)

  // Sign out.
  await page.getByTestId('account-button').click()
  await page.getByTestId('account-sign-out').click()
  await expect(page.getByTestId('tokens-sign-in')).toBeVisible()
  await expect(page.getByTestId('account-sign-in')).toBeVisible()
  // Signing out is not "your session ended": no sign-in prompt opens by itself.
  await page.waitForTimeout(1000)
  await expect(page.getByTestId('sign-in-intro')).toHaveCount(0)

  // IPC traffic: each raw token arrives exactly once, in the reply that reveals it, and the
  // window never sends one back.
  for (const [raw, channel] of [
    [first, 'tokens.create'],
    [second, 'tokens.rotate'],
  ] as const) {
    const carrying = frames.filter((f) => f.text.includes(raw))
    expect(carrying).toHaveLength(1)
    expect(carrying[0]!.direction).toBe('received')
    const reply = JSON.parse(carrying[0]!.text) as {
      id: string
      result: { ok: boolean; value: { reveal: { rawToken: string } } }
    }
    expect(reply.result.value.reveal.rawToken).toBe(raw)
    const call = frames
      .filter((f) => f.direction === 'sent')
      .map((f) => JSON.parse(f.text) as { id?: string; channel?: string })
      .find((f) => f.id === reply.id)
    expect(call?.channel).toBe(channel)
    // Not even the secret part alone, or base64 of it.
    const secret = raw.slice('nomad_pat_'.length)
    expect(frames.filter((f) => f.text.includes(secret))).toHaveLength(1)
    expect(frames.some((f) => f.text.includes(Buffer.from(raw).toString('base64')))).toBe(false)
  }
  // The session's access token never reaches the window either.
  expect(frames.some((f) => /eyJ[\w-]+\.[\w-]+\.[\w-]+/.test(f.text))).toBe(false)

  // Logs and files: no raw token, no Authorization value, no JWT; the vault holds only ciphertext.
  await host.stop()
  const logs = host.current().output()
  expect(logs).toContain('NOMAD Desktop (web mode)')
  for (const raw of [first, second]) {
    expect(logs).not.toContain(raw)
    expect(logs).not.toContain(raw.slice('nomad_pat_'.length))
  }
  expect(logs).not.toMatch(/Bearer\s+(?!\[redacted\])\S+/)
  expect(logs).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/)
  expect(logs).not.toContain(PASSPHRASE)
  const files = filesUnder(host.current().dataDir)
  expect(files.some((file) => file.endsWith('vault.json'))).toBe(true)
  for (const file of files) {
    const text = readFileSync(file, 'latin1')
    for (const raw of [first, second]) {
      expect(text, file).not.toContain(raw)
      expect(text, file).not.toContain(Buffer.from(raw).toString('base64'))
    }
    if (file.endsWith('.log')) expect(text).not.toMatch(/Bearer\s+(?!\[redacted\])\S+/)
  }
})

test.describe('without a passphrase in the environment', () => {
  test.use({ hostEnv: {} })

  test('the first token is stored in one step: the passphrase is set inside the reveal', async ({
    page,
    host,
    testSandbox,
  }) => {
    const lena = testSandbox!.demoUsers.find((user) => user.username === 'lena')!
    await page.emulateMedia({ colorScheme: 'light' })
    await openApp(page, host.current(), 'tokens')
    await expect(page.getByTestId('vault-locked')).toContainText('NOMAD_VAULT_PASSPHRASE')
    await page.getByTestId('tokens-sign-in-button').click()
    const signIn = page.getByTestId('sign-in-modal')
    await signIn.getByTestId('sign-in-username').fill(lena.username)
    await signIn.getByTestId('sign-in-password').fill(lena.password)
    await signIn.getByTestId('sign-in-submit').click()
    await expect(page.getByTestId('account-name')).toHaveText('lena')

    await page.getByTestId('create-token').click()
    const create = page.getByTestId('create-token-modal')
    await create.getByTestId('create-name').fill('first notebook')
    await create.getByTestId('create-submit').click()
    const reveal = page.getByTestId('reveal-modal')
    const raw = (await reveal.getByTestId('reveal-token').textContent())?.trim() ?? ''
    expect(raw).toMatch(/^nomad_pat_/)
    await reveal.getByTestId('reveal-use').click()

    // One dialog: the token stays in view, the passphrase is chosen under it.
    const form = reveal.getByTestId('reveal-passphrase')
    await expect(form).toContainText('never stored')
    await expect(form).toContainText('NOMAD_VAULT_PASSPHRASE')
    await expect(page.getByTestId('unlock-modal')).toBeHidden()
    await expect(page.getByRole('dialog')).toHaveCount(1)
    await expect(reveal.getByTestId('reveal-token')).toHaveText(raw)
    await form.getByTestId('unlock-passphrase').fill(PASSPHRASE)
    await form.getByTestId('unlock-repeat').fill(PASSPHRASE)
    await shoot(page, 'first-store')
    await form.getByTestId('unlock-submit').click()
    await expect(reveal.getByTestId('reveal-stored')).toContainText('Stored in this app, encrypted')
    await expect(form).toHaveCount(0)
    await expect(reveal.getByTestId('reveal-token')).toHaveText(raw)
    await shoot(page, 'first-store-done')
    await reveal.getByTestId('reveal-saved').check()
    await reveal.getByTestId('reveal-done').click()
    await expect(page.getByTestId('stored-row').filter({ hasText: 'first notebook' })).toBeVisible()
    await expect(page.getByTestId('vault-locked')).toBeHidden()

    // Nothing secret in the host's output.
    await host.stop()
    const logs = host.current().output()
    expect(logs).not.toContain(raw)
    expect(logs).not.toContain(PASSPHRASE)
  })

  test('paste into a new passphrase vault, list with the stored token, app tokens with re-sign-in that resumes, unlock after a restart', async ({
    page,
    host,
    testSandbox,
  }) => {
    const frames = recordFrames(page)
    const lena = testSandbox!.demoUsers.find((user) => user.username === 'lena')!
    // A token made elsewhere (a script, another machine): straight through the API.
    const base = testSandbox!.baseUrl
    const login = (await (
      await fetch(`${base}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          username: lena.username,
          password: lena.password,
          grant_type: 'password',
        }),
      })
    ).json()) as { access_token: string }
    const made = (await (
      await fetch(`${base}/auth/pats`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${login.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          metadata: { name: 'cluster jobs', scopes: ['uploads:read', 'entries:read'] },
          expires_in_days: 60,
        }),
      })
    ).json()) as { raw_token: string }
    const pasted = made.raw_token

    await openApp(page, host.current(), 'tokens')
    await expect(page.getByTestId('vault-locked')).toContainText('Set a passphrase to store tokens')

    // Paste: the vault does not exist yet, so the app asks for a new passphrase, twice.
    await page.getByTestId('paste-token').click()
    await page.getByTestId('paste-name').fill('cluster jobs')
    await page.getByTestId('paste-value').fill(pasted)
    await page.getByTestId('paste-submit').click()
    const unlock = page.getByTestId('unlock-modal')
    await unlock.getByTestId('unlock-passphrase').fill('first choice 1')
    await unlock.getByTestId('unlock-repeat').fill('first choice 2')
    await unlock.getByTestId('unlock-submit').click()
    await expect(unlock.getByTestId('unlock-error')).toHaveText('The two passphrases differ.')
    await unlock.getByTestId('unlock-passphrase').fill(PASSPHRASE)
    await unlock.getByTestId('unlock-repeat').fill(PASSPHRASE)
    await unlock.getByTestId('unlock-submit').click()
    const stored = page.getByTestId('stored-row').filter({ hasText: 'cluster jobs' })
    await expect(stored.locator('input[type=radio]')).toBeChecked()
    await expect(page.getByTestId('vault-locked')).toBeHidden()
    // Not signed in: the list comes through the stored token (the sandbox allows it).
    await expect(page.getByTestId('pat-count')).toContainText(
      'listed with the stored token “cluster jobs”',
    )

    // App token above the maximum while signed out: the prompt asks, then the call resumes.
    await page.getByTestId('app-token-seconds').fill('2592001')
    await page.getByTestId('app-token-request').click()
    const signIn = page.getByTestId('sign-in-modal')
    await expect(signIn.getByTestId('sign-in-intro')).toContainText(
      'Sign in to Test sandbox to manage tokens',
    )
    await signIn.getByTestId('sign-in-username').fill(lena.username)
    await signIn.getByTestId('sign-in-password').fill(lena.password)
    await signIn.getByTestId('sign-in-submit').click()
    await expect(page.getByTestId('app-token-error')).toContainText('less than or equal to 2592000')
    await expect(page.getByTestId('app-tokens-deprecated')).toHaveText('Deprecated')

    await page.getByTestId('app-tokens').getByText('1 day').click()
    await page.getByTestId('app-token-request').click()
    const reveal = page.getByTestId('reveal-modal')
    const appToken = (await reveal.getByTestId('reveal-token').textContent())?.trim() ?? ''
    expect(appToken.split('.')).toHaveLength(3)
    await expect(reveal).toContainText('app token (deprecated)')
    await expect(reveal.getByTestId('reveal-stored')).toContainText(
      'Stored in this app as “legacy script”',
    )
    await reveal.getByTestId('reveal-saved').check()
    await reveal.getByTestId('reveal-done').click()
    await expect(page.getByTestId('app-token-list')).toContainText('legacy script')
    await expect(page.getByTestId('stored-row').filter({ hasText: 'legacy script' })).toContainText(
      'deprecated',
    )

    // After a restart the vault is locked; a wrong passphrase is refused.
    const restarted = await host.restart()
    await openApp(page, restarted, 'tokens')
    await expect(page.getByTestId('vault-locked')).toContainText('Stored tokens are locked')
    await expect(page.getByTestId('stored-row')).toHaveCount(2)
    await page.getByTestId('vault-unlock-open').click()
    await unlock.getByTestId('unlock-passphrase').fill('not the passphrase')
    await unlock.getByTestId('unlock-submit').click()
    await expect(unlock.getByTestId('unlock-error')).toContainText('Wrong passphrase')
    await unlock.getByTestId('unlock-passphrase').fill(PASSPHRASE)
    await unlock.getByTestId('unlock-submit').click()
    await expect(page.getByTestId('vault-locked')).toBeHidden()
    await stored.getByTestId('stored-test').click()
    await expect(
      page.getByTestId('stored-test-modal').getByTestId('test-report-message'),
    ).toHaveText('Works: this token belongs to Lena Hoffmann (lena).')

    // The pasted value went to the host once and never came back; the app token came once.
    expect(frames.filter((f) => f.text.includes(pasted)).map((f) => f.direction)).toEqual(['sent'])
    const appTokenFrames = frames.filter((f) => f.text.includes(appToken))
    expect(appTokenFrames.map((f) => f.direction)).toEqual(['received'])
    expect(JSON.parse(appTokenFrames[0]!.text)).toMatchObject({
      result: { value: { reveal: { rawToken: appToken, kind: 'app-token' } } },
    })
    const logs = restarted.output()
    expect(logs).not.toContain(pasted)
    expect(logs).not.toContain(appToken)
    expect(logs).not.toMatch(/Bearer\s+(?!\[redacted\])\S+/)
  })
})
