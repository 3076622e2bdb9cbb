import Fastify, { type FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../http-error'
import type { Caller } from './caller'
import { ENDPOINT_SCOPES } from './endpoint-scopes'
import { enforce, requireLogin, requireScopes, requireUser } from './guards'
import { authPlugin } from './plugin'
import { ANONYMOUS } from './resolve'
import { ACCESS_TOKEN_SCOPES, ALL_SCOPES, isScope } from './scopes'
import { fakeSandbox } from './testing/fake-sandbox'
import { issueAccessToken } from './tokens'

const request = (caller: Caller | null) => ({ caller }) as unknown as FastifyRequest

function failure(run: () => unknown): HttpError {
  try {
    run()
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
  throw new Error('expected an HttpError')
}

describe('requireScopes', () => {
  it('lists exactly the missing scopes, sorted, in Python list form', () => {
    const caller: Caller = { user: null, scopes: new Set(['uploads:read']), kind: 'pat' }
    const error = failure(() =>
      requireScopes(request(caller), 'uploads:write', 'uploads:read', 'entries:write'),
    )
    expect(error.status).toBe(403)
    expect(error.detail).toBe("Missing scopes: ['entries:write', 'uploads:write']")
    expect(error.headers).toEqual({})
    expect(() => requireScopes(request(caller), 'uploads:read')).not.toThrow()
  })

  it('lets anonymous callers read but not write', () => {
    expect(() => requireScopes(request(ANONYMOUS), 'groups:read')).not.toThrow()
    expect(failure(() => requireScopes(request(ANONYMOUS), 'groups:write')).status).toBe(403)
  })
})

describe('requireUser / requireLogin / enforce', () => {
  it('answers 401 with WWW-Authenticate: Bearer for anonymous callers, with custom texts', () => {
    const error = failure(() => requireUser(request(null)))
    expect(error).toMatchObject({ status: 401, detail: 'Authentication required.' })
    expect(error.headers).toEqual({ 'WWW-Authenticate': 'Bearer' })
    expect(failure(() => requireUser(request(ANONYMOUS), 'Authorization required.')).detail).toBe(
      'Authorization required.',
    )
  })

  it('checks login before scopes', async () => {
    const sb = await fakeSandbox()
    const user = sb.users[0]!
    expect(failure(() => requireLogin(request(ANONYMOUS), 'tokens:read')).status).toBe(401)
    const pat: Caller = { user, scopes: new Set(['uploads:read']), kind: 'pat' }
    expect(failure(() => requireLogin(request(pat), 'tokens:read')).status).toBe(403)
    const full: Caller = { user, scopes: ACCESS_TOKEN_SCOPES, kind: 'access-token' }
    expect(requireLogin(request(full), 'tokens:read')).toBe(user)
    expect(failure(() => enforce(request(ANONYMOUS), 'GET /uploads')).status).toBe(401)
    expect(failure(() => enforce(request(ANONYMOUS), 'POST /entries/{entry_id}/edit')).status).toBe(
      403,
    )
    expect(() => enforce(request(ANONYMOUS), 'POST /entries/query')).not.toThrow()
  })

  it('names only real scopes in the endpoint table', () => {
    for (const row of Object.values(ENDPOINT_SCOPES)) {
      for (const scope of row.scopes) expect(isScope(scope)).toBe(true)
    }
    expect(ENDPOINT_SCOPES['POST /auth/pats/{pat_id}/rotate'].scopes).toEqual([
      'tokens:create',
      'tokens:delete',
    ])
    expect(ALL_SCOPES).toHaveLength(37)
  })
})

describe('authPlugin', () => {
  it('decorates sibling routes (skip-override) and rejects bad tokens before the handler', async () => {
    const sb = await fakeSandbox()
    const app = Fastify()
    app.setErrorHandler(async (error, _request, reply) =>
      error instanceof HttpError
        ? reply.code(error.status).headers(error.headers).send({ detail: error.detail })
        : reply.code(500).send(),
    )
    await app.register(authPlugin, { ctx: sb.ctx })
    let handled = 0
    app.get('/who', (req) => {
      handled++
      return { kind: req.caller.kind, user: req.caller.user?.username ?? null }
    })
    app.get('/open', { config: { skipAuth: true } }, (req) => ({ kind: req.caller.kind }))
    const token = issueAccessToken(sb.ctx, sb.users[1]!)
    const ok = await app.inject({ url: '/who', headers: { authorization: `Bearer ${token}` } })
    expect(ok.json()).toEqual({ kind: 'access-token', user: 'bob' })
    expect((await app.inject({ url: '/who' })).json()).toEqual({ kind: 'anonymous', user: null })
    const bad = await app.inject({ url: '/who', headers: { authorization: 'Bearer nope' } })
    expect(bad.statusCode).toBe(401)
    expect(bad.headers['www-authenticate']).toBe('Bearer')
    expect(handled).toBe(2)
    const open = await app.inject({ url: '/open', headers: { authorization: 'Bearer nope' } })
    expect(open.json()).toEqual({ kind: 'anonymous' })
    await app.close()
  })
})
