import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryCipher } from '../vault/memory-cipher'
import { openVault, type TokenVault } from '../vault/vault'
import { createAppCredentialSource } from './credential-source'
import { createSessions } from './sessions'

let dir: string
let vault: TokenVault
const now = Date.parse('2030-01-01T00:00:00Z')
const sessions = createSessions({ now: () => now })
const source = createAppCredentialSource({
  vault: () => vault,
  sessions,
  serverName: () => 'Sandbox',
  now: () => now,
})

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nomad-cred-'))
  vault = await openVault({ dataDir: dir, cipher: createMemoryCipher() })
  sessions.set({
    serverId: 's',
    accessToken: 'access',
    user: { userId: 'u', username: 'lena', name: null, email: null },
    expiresAt: now + 60_000,
    signedInAt: now,
  })
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const pat = (expiresAt: string | null) => ({
  name: 'reader',
  kind: 'pat' as const,
  scopes: ['uploads:read'],
  expiresAt,
  raw: 'nomad_pat_value',
})

describe('the app credential source', () => {
  it("'auto' prefers the active stored token, 'identity' always the session", async () => {
    await vault.add('s', pat('2031-01-01T00:00:00.000Z'), { activate: true })
    expect(source.credentialFor('s', 'auto')).toEqual({
      token: 'nomad_pat_value',
      kind: 'pat',
      label: 'reader',
    })
    expect(source.credentialFor('s', 'identity')).toEqual({ token: 'access', kind: 'access-token' })
  })

  it('skips an expired stored token and falls back to the session', async () => {
    await vault.add('s', pat('2029-12-31T00:00:00.000Z'), { activate: true })
    expect(source.credentialFor('s', 'auto')?.kind).toBe('access-token')
  })

  it('marks the active stored token as refused on a 401 and stops using it', async () => {
    const stored = await vault.add('s', pat(null), { activate: true })
    source.onUnauthorized?.('s', { token: 'nomad_pat_value', kind: 'pat' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(vault.get('s', stored.id)?.rejectedAt).toBeDefined()
    expect(source.credentialFor('s', 'auto')?.kind).toBe('access-token')
  })

  it('ends the session on a 401 for its access token; identity then asks to sign in again', () => {
    source.onUnauthorized?.('s', { token: 'access', kind: 'access-token' })
    expect(source.credentialFor('s', 'auto')).toBeUndefined()
    expect(() => source.credentialFor('s', 'identity')).toThrow(
      'Sandbox no longer accepts your session. Sign in again to manage tokens.',
    )
  })

  it('uses a given credential only inside withCredential, and only for that server', async () => {
    const test = { token: 'nomad_pat_under_test', kind: 'pat' as const }
    const seen = await source.withCredential('s', test, () =>
      Promise.resolve([source.credentialFor('s', 'identity'), source.credentialFor('t', 'auto')]),
    )
    expect(seen).toEqual([test, undefined])
    expect(source.credentialFor('s', 'identity')?.token).toBe('access')
  })
})
