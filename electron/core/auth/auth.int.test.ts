import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTokenCore, type TokenCore } from '../tokens/test-support/token-core'

let t: TokenCore
beforeAll(async () => {
  t = await startTokenCore()
})
afterAll(() => t.close())

describe('sign-in against the sandbox', () => {
  it('names a wrong password as such and stays signed out', async () => {
    const refusal = await t.raw('auth.signIn', { username: 'lena', password: 'not-her-password' })
    expect(refusal).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    if (refusal.ok) return
    expect(refusal.error.message).toBe(
      'Sandbox did not accept that username and password (“Incorrect username or password”). Check both and try again.',
    )
    expect((await t.call('auth.status', {})).session).toBeNull()
  })

  it('signs in, shows who is signed in and when the session ends, and never emits the token', async () => {
    const before = t.emitted.length
    const status = await t.signIn()
    expect(status).toMatchObject({
      serverName: 'Sandbox',
      passwordSignIn: true,
      ended: null,
      session: { user: { username: 'lena', name: 'Lena Hoffmann' } },
    })
    // The sandbox's access tokens live 300 s; the expiry comes from the JWT's exp claim.
    const expiresAt = Date.parse(status.session?.expiresAt ?? '')
    expect(expiresAt - t.now()).toBeGreaterThan(290_000)
    expect(expiresAt - t.now()).toBeLessThanOrEqual(300_000)
    const events = t.emitted.slice(before)
    expect(events.map((e) => e.event)).toContain('auth.changed')
    expect(JSON.stringify(events)).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)
    expect(JSON.stringify(status)).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)
  })

  it('uses the session for token management and forgets it on sign-out', async () => {
    await t.signIn()
    await expect(t.call('tokens.list', {})).resolves.toMatchObject({ via: { kind: 'session' } })
    const out = await t.call('auth.signOut', {})
    expect(out).toMatchObject({ session: null, ended: null })
    const refused = await t.raw('tokens.create', {
      name: 'x',
      scopes: ['uploads:read'],
      expiresInDays: 7,
    })
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'auth_required',
        message:
          'Sign in to Sandbox to manage tokens: that needs your signed-in session, which a stored token cannot replace.',
      },
    })
  })

  it('ends an expired session and says so', async () => {
    await t.signIn()
    t.advance(301_000)
    const refused = await t.raw('tokens.get', { id: '65f1aa0000000000000000aa' })
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'auth_required',
        message: 'Your session on Sandbox has expired. Sign in again to manage tokens.',
      },
    })
    expect(await t.call('auth.status', {})).toMatchObject({ session: null, ended: 'expired' })
    const again = await t.signIn()
    expect(again.ended).toBeNull()
  })

  it('keeps sessions per server', async () => {
    const other = await t.call('auth.status', { serverId: 'nomad-public' })
    expect(other).toMatchObject({ serverName: 'NOMAD (public)', session: null })
  })
})
