import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSession } from './test-support/sandbox-session'

// 204 No Content answers (PAT revocation, group deletion) go through requestEmpty. undici turns
// destroy() of a body that has not ended into an 'error' event; without care that surfaces as an
// uncaught exception long after the call resolved, which Vitest reports as a failed run.

let session: Awaited<ReturnType<typeof startSession>>

beforeAll(async () => {
  session = await startSession()
})
afterAll(() => session.close())

async function signIn(): Promise<void> {
  const user = session.sandbox.demoUsers.find((u) => u.username === 'lena')!
  const { access_token } = await session.client.auth.signIn(user.username, user.password)
  session.credentials.given.identity = { token: access_token, kind: 'access-token' }
  session.credentials.given.auto = { token: access_token, kind: 'access-token' }
}

describe('answers without a body', () => {
  it('revoking a PAT (204) resolves and the token is revoked', async () => {
    await signIn()
    const created = await session.client.tokens.create({
      metadata: { name: 'empty-answer test', scopes: ['uploads:read'] },
      expires_in_days: 7,
    })
    await expect(session.client.tokens.revoke(created.pat.id)).resolves.toBeUndefined()
    const after = await session.client.tokens.get(created.pat.id)
    expect(after.revoked).toBe(true)
    // Give a late 'error' event from the discarded body the chance to surface.
    await new Promise((resolve) => setTimeout(resolve, 50))
  })

  it('deleting a group (204) resolves and the group is gone', async () => {
    await signIn()
    const group = await session.client.groups.create({ group_name: 'Empty answers', members: [] })
    await expect(session.client.groups.delete(group.group_id)).resolves.toBeUndefined()
    await expect(session.client.groups.get(group.group_id)).rejects.toMatchObject({
      code: 'not_found',
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
  })
})
