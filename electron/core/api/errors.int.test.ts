import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { startSession } from './test-support/sandbox-session'

// Every error code of the client against a real sandbox (limits off: these are about answers).
// Each expectation names the code, the message the user sees and the structured details.

let session: Awaited<ReturnType<typeof startSession>>

beforeAll(async () => {
  session = await startSession(
    {},
    { config: { backoff: { transientBaseMs: 20, throttleBaseMs: 20 } } },
  )
})
afterAll(() => session.close())
beforeEach(() => {
  session.credentials.given.auto = undefined
  session.credentials.given.identity = undefined
  session.credentials.unauthorized.length = 0
  session.sandbox.setFaults({
    ...session.sandbox.faults(),
    error502Rate: 0,
    resetRate: 0,
    malformedJsonRate: 0,
    truncateJsonRate: 0,
    pathPattern: null,
  })
  session.sandbox.resetStats()
})

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected the request to fail')
}

describe('error mapping', () => {
  it('401 → auth_required with the server detail, and tells the credential source', async () => {
    const stale = { token: 'eyJhbGciOiJIUzI1NiJ9.e30.stale', kind: 'access-token' as const }
    session.credentials.given.auto = stale
    const error = await failure(session.client.users.me())
    expect(error.code).toBe('auth_required')
    expect(error.details?.status).toBe(401)
    expect(error.details?.serverMessage).toBe(
      'Could not validate credentials. The given token is invalid.',
    )
    expect(error.message).toContain('did not accept your sign-in session')
    expect(session.credentials.unauthorized).toEqual([stale])
  })

  it('a wrong password → auth_required with the server detail, no credential involved', async () => {
    const error = await failure(session.client.auth.signIn('lena', 'wrong'))
    expect(error.code).toBe('auth_required')
    expect(error.details?.serverMessage).toBe('Incorrect username or password')
    expect(session.credentials.unauthorized).toEqual([])
  })

  it('403 naming a scope → forbidden with missingScopes and the token name', async () => {
    session.credentials.given.auto = await session.createPat(['groups:read'], 'laptop')
    const error = await failure(
      session.client.groups.create({ group_name: 'Thin Films', members: [] }),
    )
    expect(error.code).toBe('forbidden')
    expect(error.details?.missingScopes).toEqual(['groups:write'])
    expect(error.message).toBe(
      "This needs the scope groups:write, which the token 'laptop' does not have.",
    )
  })

  it('404 → not_found naming the request and the server detail', async () => {
    const error = await failure(session.client.entries.get('no-such-entry'))
    expect(error.code).toBe('not_found')
    expect(error.message).toBe(
      'GET /entries/no-such-entry: The entry with the given id does not exist or is not visible to you.',
    )
  })

  it('422 naming a limit → limit_exceeded with the server message and field path, not retried', async () => {
    const error = await failure(session.client.entries.query({ pagination: { page_size: 5000 } }))
    expect(error.code).toBe('limit_exceeded')
    expect(error.message).toContain('less than or equal to 1000')
    expect(error.details?.path).toEqual(['pagination', 'page_size'])
    expect(session.sandbox.stats().requests).toBe(1)
  })

  it('400 naming a limit (token lifetime) → limit_exceeded', async () => {
    session.credentials.given.identity = await session.signIn()
    const error = await failure(
      session.client.tokens.create({
        metadata: { name: 'forever', scopes: ['uploads:read'] },
        expires_in_days: 4000,
      }),
    )
    expect(error.code).toBe('limit_exceeded')
    expect(error.details?.serverMessage).toBe(
      'Requested lifetime (4000 days) exceeds the maximum allowed (365 days).',
    )
  })

  it('other 422 → invalid_input with the server message and the 422 loc as path', async () => {
    session.credentials.given.auto = await session.signIn()
    const error = await failure(session.client.groups.create({ group_name: 'x', members: [] }))
    expect(error.code).toBe('invalid_input')
    expect(error.details?.path).toEqual(['group_name'])
    expect(error.message).toMatch(/^The server did not accept POST \/groups: group_name: /)
    expect(session.sandbox.stats().requests).toBe(2) // the sign-in, then one POST: no retry
  })

  it('invalid JSON → invalid_response, not retried', async () => {
    session.sandbox.setFaults({ malformedJsonRate: 1, pathPattern: '^/info$' })
    const error = await failure(session.client.info())
    expect(error.code).toBe('invalid_response')
    expect(error.message).toMatch(/^GET \/info answered with text that is not valid JSON/)
    expect(session.sandbox.stats().requests).toBe(1)
  })

  it('a decodable answer of the wrong shape → invalid_response with the path of the bad field', async () => {
    const error = await failure(
      session.client.requester.requestJson('GET', '/info', {
        schema: z.looseObject({ version: z.number() }),
      }),
    )
    expect(error.code).toBe('invalid_response')
    expect(error.details?.path).toEqual(['version'])
  })

  it('a reset connection is retried, then reported as network naming the host and cause', async () => {
    session.sandbox.setFaults({ resetRate: 1, resetAfterBytes: 10, pathPattern: '^/info$' })
    const error = await failure(session.client.info())
    expect(error.code).toBe('network')
    expect(error.message).toBe(
      `${new URL(session.sandbox.baseUrl).host} closed the connection unexpectedly (connection reset).`,
    )
    expect(session.sandbox.stats().faults.reset).toBe(3) // interactive: 3 attempts
  })

  it('a transient 502 is retried until it passes; 5xx that persist → server_error', async () => {
    session.sandbox.setFaults({ error502Rate: 0.4, pathPattern: '^/info$', seed: 3 })
    for (let i = 0; i < 8; i++) await session.client.info({ lane: 'background' })
    expect(session.sandbox.stats().faults.error502).toBeGreaterThan(0)
    session.sandbox.setFaults({ error502Rate: 1 })
    session.sandbox.resetStats()
    const error = await failure(session.client.info())
    expect(error.code).toBe('server_error')
    expect(error.details?.status).toBe(502)
    expect(error.details?.serverMessage).toBe('502 Bad Gateway')
    expect(session.sandbox.stats().requests).toBe(3)
  })

  it('a caller abort → cancelled', async () => {
    session.sandbox.setFaults({ latencyMs: 2000, pathPattern: '^/info$' })
    const controller = new AbortController()
    const pending = session.client.info({ signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    const error = await failure(pending)
    expect(error.code).toBe('cancelled')
    session.sandbox.setFaults({ latencyMs: 0 })
  })
})
