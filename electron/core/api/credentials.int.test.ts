import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { createFixedCredentials, startSession } from './test-support/sandbox-session'
import { createOfflineDispatcher } from './test-support/offline-dispatcher'
import { createTestClient } from './test-support/test-client'
import { recordWire } from './test-support/wire-log'

// Which credential goes where, observed on the wire (undici's diagnostics channels).

let session: Awaited<ReturnType<typeof startSession>>
let wire: ReturnType<typeof recordWire>
let origin: string

beforeAll(async () => {
  session = await startSession()
  origin = new URL(session.sandbox.baseUrl).origin
  wire = recordWire()
})
afterAll(async () => {
  wire.stop()
  await session.close()
})
afterEach(() => {
  wire.records.length = 0
})

describe('credential attachment', () => {
  it("'auto' sends the stored token, 'identity' the sign-in session, 'none' nothing", async () => {
    const pat = await session.createPat(['groups:read', 'uploads:read'], 'laptop')
    const access = await session.signIn()
    session.credentials.given.auto = pat
    session.credentials.given.identity = access
    wire.records.length = 0

    await session.client.groups.list()
    await session.client.tokens.list({ page_size: 5 })
    await session.client.info({ auth: 'none' })

    const sent = wire.to(origin).map((r) => [r.path.split('?')[0], r.headers.authorization])
    expect(sent).toEqual([
      ['/api/v1/groups', `Bearer ${pat.token}`],
      ['/api/v1/auth/pats', `Bearer ${access.token}`],
      ['/api/v1/info', undefined],
    ])
  })

  it('signs in with the password form and never sends a stored credential along', async () => {
    session.credentials.given.auto = { token: 'nomad_pat_stale', kind: 'pat' }
    const answer = await session.client.auth.signIn('lena', 'lena-sandbox')
    expect(answer.token_type.toLowerCase()).toBe('bearer')
    const [record] = wire.to(origin)
    expect(record?.headers.authorization).toBeUndefined()
    expect(record?.headers['content-type']).toBe('application/x-www-form-urlencoded')
  })

  it("'identity' without a signed-in session fails with auth_required before sending", async () => {
    session.credentials.given.identity = undefined
    await expect(session.client.tokens.list({})).rejects.toMatchObject({
      code: 'auth_required',
    })
    expect(wire.to(origin)).toEqual([])
  })
})

describe('no credential over plain http to another computer', () => {
  const pat = { token: 'nomad_pat_secret', kind: 'pat' as const, label: 'laptop' }

  function clientFor(baseUrl: string) {
    const credentials = createFixedCredentials()
    credentials.given.auto = pat
    return createTestClient(baseUrl, {
      credentials: credentials.source,
      dispatcher: createOfflineDispatcher(),
    })
  }

  it('refuses http://example.invalid with forbidden, and nothing is sent', async () => {
    const { client, close } = clientFor('http://example.invalid/api/v1')
    const error = await client.groups.list().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'forbidden' })
    expect((error as AppError).message).toBe(
      "Not sending the token 'laptop' to example.invalid: the address uses unencrypted http, where anyone on the network could read it. Use the server's https address.",
    )
    expect(wire.to('http://example.invalid')).toEqual([])
    await close()
  })

  it('still sends anonymous requests there, and credentials over https', async () => {
    const plain = clientFor('http://example.invalid/api/v1')
    await expect(plain.client.info({ auth: 'none' })).rejects.toMatchObject({ code: 'network' })
    expect(wire.to('http://example.invalid').map((r) => r.headers.authorization)).toEqual([
      undefined,
    ])
    await plain.close()

    const secure = clientFor('https://example.invalid/api/v1')
    await expect(secure.client.groups.list()).rejects.toMatchObject({
      code: 'network',
      message:
        'Could not look up example.invalid (DNS). Check the address or your internet connection.',
    })
    expect(wire.to('https://example.invalid').map((r) => r.headers.authorization)).toEqual([
      `Bearer ${pat.token}`,
    ])
    await secure.close()
  })
})
