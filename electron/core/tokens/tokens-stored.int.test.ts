import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTokenCore, type TokenCore } from './test-support/token-core'

const DAY = 24 * 60 * 60 * 1000
let t: TokenCore

beforeAll(async () => {
  t = await startTokenCore()
  await t.signIn()
})
afterAll(() => t.close())

const client = () => t.core.services.api.clientFor(t.serverId)
/** The first value of "reader", before it is rotated. */
let readerRaw = ''

describe('stored tokens: use in the app, test, paste, scopes, rotation, expiry', () => {
  it('stores a revealed token by its reveal id and uses it for requests', async () => {
    const created = await t.call('tokens.create', {
      name: 'reader',
      scopes: ['uploads:read', 'entries:read'],
      expiresInDays: 30,
    })
    readerRaw = created.reveal.rawToken
    const stored = await t.call('tokens.useRevealed', { revealId: created.reveal.revealId })
    expect(stored).toMatchObject({
      name: 'reader',
      kind: 'pat',
      active: true,
      persisted: true,
      condition: 'ok',
      serverTokenId: created.pat.id,
      scopes: ['uploads:read', 'entries:read'],
    })
    // Using it twice does not store it twice.
    await t.call('tokens.useRevealed', { revealId: created.reveal.revealId })
    expect((await t.call('tokens.stored', {})).items).toHaveLength(1)
    expect((await t.call('tokens.get', { id: created.pat.id })).stored).toEqual({
      id: stored.id,
      active: true,
    })
    // 'auto' requests now carry the stored PAT: the server records its use.
    await (await client()).uploads.list({ page_size: 1 })
    expect((await t.call('tokens.get', { id: created.pat.id })).lastUsedAt).not.toBeNull()
  })

  it('tests a stored token: whose it is and what each scope can do', async () => {
    const [stored] = (await t.call('tokens.stored', {})).items
    const report = await t.call('tokens.test', { target: { storedId: stored!.id } })
    expect(report).toMatchObject({
      verdict: 'valid',
      message: 'Works: this token belongs to Lena Hoffmann (lena).',
      user: { username: 'lena', name: 'Lena Hoffmann' },
      checks: [
        { scope: 'uploads:read', result: 'can', detail: 'GET /uploads answered.' },
        { scope: 'entries:read', result: 'can', detail: 'POST /entries/query answered.' },
      ],
    })
    expect((await t.call('tokens.stored', {})).items[0]?.lastTestedAt).toBe(report.testedAt)
  })

  it('enforces scopes: a 403 names the missing scope and the token', async () => {
    const narrow = await t.call('tokens.create', {
      name: 'entries only',
      scopes: ['entries:read'],
      expiresInDays: 7,
    })
    const stored = await t.call('tokens.useRevealed', { revealId: narrow.reveal.revealId })
    const error = await (await client()).groups.list().catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'forbidden',
      message: "This needs the scope groups:read, which the token 'entries only' does not have.",
      details: { missingScopes: ['groups:read'] },
    })
    // Pasting checks every provable scope and says which ones the token lacks.
    t.advance(1000)
    const pasted = await t.call('tokens.storePasted', {
      name: 'entries only (pasted)',
      rawToken: narrow.reveal.rawToken,
      activate: false,
    })
    expect(pasted.report.message).toBe(
      'This token belongs to Lena Hoffmann (lena), but it cannot use uploads:read, datasets:read, groups:read.',
    )
    const uploads = pasted.report.checks.find((c) => c.scope === 'uploads:read')
    expect(uploads).toMatchObject({ result: 'cannot' })
    expect(uploads?.detail).toContain("Missing scopes: ['uploads:read']")
    // Signed in, the app finds the pasted token's record: its server id, scopes and expiry.
    expect(pasted.stored).toMatchObject({
      scopes: ['entries:read'],
      active: false,
      serverTokenId: narrow.pat.id,
      expiresAt: narrow.pat.expiresAt,
    })
    await t.call('tokens.removeStored', { id: pasted.stored.id })
    await t.call('tokens.removeStored', { id: stored.id })
  })

  it('refuses to store a pasted token the server does not accept', async () => {
    const refused = await t.raw('tokens.storePasted', {
      name: 'made up',
      rawToken: 'nomad_pat_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    })
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message:
          'Not stored: Sandbox does not accept this token: it was revoked, has expired, or does not belong to this server.',
      },
    })
  })

  it('rotation replaces the stored value; the old value is refused by the server', async () => {
    const before = (await t.call('tokens.stored', {})).items.find((i) => i.name === 'reader')!
    const oldPat = before.serverTokenId!
    await t.call('tokens.setActive', { id: before.id })
    const rotated = await t.call('tokens.rotate', { id: oldPat })
    expect(rotated.replacedStored).toBe('reader')
    const after = (await t.call('tokens.stored', {})).items.find((i) => i.id === before.id)!
    expect(after).toMatchObject({ serverTokenId: rotated.pat.id, active: true, condition: 'ok' })
    // The stored (new) value works …
    const report = await t.call('tokens.test', { target: { storedId: before.id } })
    expect(report.verdict).toBe('valid')
    const old = await t.raw('tokens.storePasted', { name: 'old reader', rawToken: readerRaw })
    expect(old).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    // … and no file in the data folder (the vault, the rotations) holds either value in the clear.
    const files = readdirSync(t.dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1'))
    expect(files.join('\n')).not.toContain(rotated.reveal.rawToken)
    expect(files.join('\n')).not.toContain(rotated.reveal.rawToken.slice(10))
  })

  it('flags an expired stored token and stops using it; reminders list it', async () => {
    await t.call('tokens.setReminderDays', { days: 3 })
    const short = await t.call('tokens.create', {
      name: 'two days',
      scopes: ['uploads:read'],
      expiresInDays: 2,
    })
    const stored = await t.call('tokens.useRevealed', { revealId: short.reveal.revealId })
    expect(stored.condition).toBe('ok')
    // Just created: its owner chose that expiry a moment ago, so no reminder yet.
    expect((await t.call('tokens.reminders', {})).items).toEqual([])
    t.advance(DAY + 60_000)
    const listed = await t.call('tokens.stored', {})
    expect(listed.items.find((i) => i.id === stored.id)?.condition).toBe('expiring')
    const soon = await t.call('tokens.reminders', {})
    expect(soon.items).toEqual([
      expect.objectContaining({
        name: 'two days',
        daysLeft: 1,
        expired: false,
        serverName: 'Sandbox',
      }),
    ])

    t.advance(2 * DAY)
    const list = await t.call('tokens.stored', {})
    expect(list.items.find((i) => i.id === stored.id)?.condition).toBe('expired')
    const credential = t.core.services.credentials.credentialFor(t.serverId, 'auto')
    expect(credential?.kind).not.toBe('pat')
    const later = await t.call('tokens.reminders', {})
    expect(later.items.find((i) => i.name === 'two days')).toMatchObject({ expired: true })
    const refused = await t.raw('tokens.setActive', { id: stored.id })
    expect(refused).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('“two days” expired on') as unknown },
    })
  })
})

describe('app tokens (deprecated)', () => {
  it('names the server’s maximum when the lifetime is above it', async () => {
    await t.signIn()
    const refused = await t.raw('tokens.appToken', { name: 'legacy', expiresInSeconds: 2_592_001 })
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'limit_exceeded',
        message: expect.stringContaining('less than or equal to 2592000') as unknown,
      },
    })
  })

  it('stores an app token with its expiry and reveals it once', async () => {
    const made = await t.call('tokens.appToken', { name: 'legacy', expiresInSeconds: 86_400 })
    expect(made.stored).toMatchObject({ kind: 'app-token', name: 'legacy', active: false })
    expect(made.storeFailure).toBeNull()
    const stored = made.stored!
    // The app token's own exp claim counts whole seconds.
    const lifetime = Date.parse(stored.expiresAt ?? '') - t.now()
    expect(lifetime).toBeGreaterThan(86_399_000)
    expect(lifetime).toBeLessThanOrEqual(86_400_000)
    expect(made.reveal).toMatchObject({ kind: 'app-token', name: 'legacy' })
    const report = await t.call('tokens.test', { target: { storedId: stored.id } })
    expect(report).toMatchObject({ verdict: 'valid', user: { username: 'lena' } })
  })
})
