import { describe, expect, it } from 'vitest'
import { BodyIdleTimeoutError } from '../network/scheduler'
import { httpError, networkError, refusesCredential, toClientError } from './errors'

// Bodies as the real server sends them (nomad-api-facts §7, nomad-pat-facts §1.7); the sandbox
// renders some of them differently (e.g. missing scopes as plain strings).
const request = { what: 'POST /uploads', host: 'nomad-lab.eu', credential: undefined }
const laptop = { token: 't', kind: 'pat' as const, label: 'laptop' }

describe('httpError', () => {
  it('names missing scopes in the enum rendering of the real server', () => {
    const error = httpError(
      403,
      JSON.stringify({ detail: "Missing scopes: [<Scope.UPLOADS_WRITE: 'uploads:write'>]" }),
      { ...request, credential: laptop },
    )
    expect(error.toData()).toMatchObject({
      code: 'forbidden',
      message: "This needs the scope uploads:write, which the token 'laptop' does not have.",
      details: { status: 403, missingScopes: ['uploads:write'] },
    })
  })

  it('tells an anonymous caller to sign in when a scope is missing', () => {
    const error = httpError(
      403,
      '{"detail":"Missing scopes: [\'uploads:read\', \'groups:read\']"}',
      request,
    )
    expect(error.message).toBe(
      'This needs the scopes uploads:read, groups:read. Sign in or choose a token that has them.',
    )
  })

  it.each([
    ['{"detail":"Page out of range requested."}', 400],
    ['{"detail":"Limit of unpublished uploads exceeded for user."}', 400],
    ['{"detail":"Maximum number of active PAT (100) reached."}', 400],
    [
      '{"detail":[{"loc":["body","pagination","page"],"msg":"Pagination by `page` is limited to 10.000 entries.","type":"value_error"}]}',
      422,
    ],
  ])('recognises a limit: %s', (body, status) => {
    expect(httpError(status, body, request).code).toBe('limit_exceeded')
  })

  it('maps the 400 of the raw-download limit to limit_exceeded with the server words', () => {
    const detail =
      'The limit of maximum number of entries in a single download (50000) has been exeeded (61234).'
    const error = httpError(400, JSON.stringify({ detail }), request)
    expect(error.toData()).toMatchObject({
      code: 'limit_exceeded',
      message: `The server's limit was reached: ${detail}`,
      details: { status: 400, serverMessage: detail },
    })
  })

  it.each([
    'You do not have write access to the specified upload.',
    'You do not have access to the specified upload - published with embargo.',
    "Not authorized to edit user group 'g1'. Only group owners and admins are allowed to edit a group.",
    'This can only be used by the admin user.',
    'Upload is already published, only admins can perform this operation.',
    'Upload is already published, operation not possible.',
  ])('a 401 that refuses a permission, not the token, is forbidden: %s', (detail) => {
    const error = httpError(401, JSON.stringify({ detail }), { ...request, credential: laptop })
    expect(error.code).toBe('forbidden')
    expect(error.message).toBe(`nomad-lab.eu refused POST /uploads: ${detail}`)
    expect(refusesCredential(error)).toBe(false)
  })

  it('a 401 that refuses the token is auth_required and refuses the credential', () => {
    const error = httpError(401, '{"detail":"Authentication required."}', {
      ...request,
      credential: laptop,
    })
    expect(error.code).toBe('auth_required')
    expect(refusesCredential(error)).toBe(true)
  })

  it('keeps the 422 location as the path of other validation errors', () => {
    const error = httpError(
      422,
      '{"detail":[{"loc":["body","owner"],"msg":"value is not a valid enumeration member","type":"type_error.enum"}]}',
      request,
    )
    expect(error.toData()).toMatchObject({ code: 'invalid_input', details: { path: ['owner'] } })
  })

  it('reads proxy HTML and never shows a server traceback', () => {
    expect(
      httpError(502, '<html><head><title>502 Bad Gateway</title></head></html>', request).message,
    ).toBe('nomad-lab.eu reported an error (HTTP 502) for POST /uploads: 502 Bad Gateway')
    const crash = httpError(
      500,
      '{"detail":{"reason":"Unexpected error","exception":"boom","exception_class":"KeyError","exception_traceback":"Traceback …"}}',
      request,
    )
    expect(crash.code).toBe('server_error')
    expect(crash.message).not.toContain('Traceback')
  })
})

describe('network errors', () => {
  it('names the host and the cause', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    expect(
      networkError(new TypeError('fetch failed', { cause: refused }), 'lab:8000').message,
    ).toBe('lab:8000 refused the connection. Is the server running?')
    const tls = Object.assign(new Error('bad cert'), { code: 'CERT_HAS_EXPIRED' })
    expect(networkError(tls, 'lab').message).toBe(
      'The TLS certificate of lab was not accepted (CERT_HAS_EXPIRED).',
    )
    expect(toClientError(new BodyIdleTimeoutError(90_000), 'lab').message).toBe(
      'lab stopped sending data for 90 s; the transfer stalled.',
    )
  })

  it('reports a bug as internal, not as a network problem', () => {
    expect(toClientError(new TypeError('x is undefined'), 'lab').code).toBe('internal')
  })
})
