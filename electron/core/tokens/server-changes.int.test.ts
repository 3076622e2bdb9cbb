import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startTokenCore, type TokenCore } from './test-support/token-core'

// Credentials belong to a server profile: they must not outlive its removal, and must not follow
// it when its address changes (a PAT for one server sent to another would leak it).

let t: TokenCore

beforeEach(async () => {
  t = await startTokenCore()
  await t.signIn()
  const created = await t.call('tokens.create', {
    name: 'laptop',
    scopes: ['uploads:read'],
    expiresInDays: 30,
  })
  await t.call('tokens.useRevealed', { revealId: created.reveal.revealId })
})
afterEach(() => t.close())

describe('credentials follow their server profile', () => {
  it('a new address ends the session and leaves no stored token active', async () => {
    expect((await t.call('tokens.stored', { serverId: t.serverId })).activeId).not.toBeNull()
    await t.call('servers.update', {
      id: t.serverId,
      baseUrl: 'http://127.0.0.1:9/elsewhere/api/v1',
    })
    expect((await t.call('auth.status', { serverId: t.serverId })).session).toBeNull()
    const stored = await t.call('tokens.stored', { serverId: t.serverId })
    expect(stored.activeId).toBeNull()
    // The entry itself stays, so the user can activate it again if the move was a correction.
    expect(stored.items.map((item) => item.name)).toEqual(['laptop'])
    const credentials = t.core.services.credentials
    expect(credentials.credentialFor(t.serverId, 'auto')).toBeUndefined()
  })

  it('removing the server forgets its stored tokens and its session', async () => {
    const serverId = t.serverId
    await t.call('servers.remove', { id: serverId })
    const onDisk = readFileSync(join(t.dataDir, 'vault.json'), 'utf8')
    expect(onDisk).not.toContain(serverId)
    expect(t.core.services.credentials.credentialFor(serverId, 'auto')).toBeUndefined()
    expect(() => t.core.services.credentials.credentialFor(serverId, 'identity')).toThrow(
      expect.objectContaining({ code: 'auth_required' }),
    )
  })
})
