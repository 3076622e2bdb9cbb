import { beforeEach, describe, expect, it } from 'vitest'
import { HttpError } from '../http-error'
import type { Caller } from './caller'
import { signJwt } from './jwt'
import { patServiceFor, type PatService } from './pats'
import { resolveCaller, resolveSignatureToken, type CredentialHeaders } from './resolve'
import { ALL_SCOPES, ANONYMOUS_SCOPES } from './scopes'
import { fakeSandbox, USER_IDS, type FakeSandbox } from './testing/fake-sandbox'
import { INVALID_ACCESS_TOKEN, issueAccessToken, issueSimpleToken } from './tokens'

let sb: FakeSandbox
let pats: PatService

beforeEach(async () => {
  sb = await fakeSandbox()
  pats = patServiceFor(sb.ctx)
})

const resolve = (headers: CredentialHeaders): Caller => resolveCaller(sb.ctx, pats, headers)
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const alice = () => sb.users[0]!

function rejection(headers: CredentialHeaders): HttpError {
  try {
    resolve(headers)
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
  throw new Error('expected an HttpError')
}

describe('anonymous callers', () => {
  it('has every *:read scope and nothing else without credentials', () => {
    const caller = resolve({})
    expect(caller).toMatchObject({ user: null, kind: 'anonymous' })
    expect([...caller.scopes].sort()).toEqual(ALL_SCOPES.filter((s) => s.endsWith(':read')).sort())
    expect(caller.scopes.has('uploads:write')).toBe(false)
  })

  it('ignores a non-Bearer Authorization scheme', () => {
    expect(resolve({ authorization: 'Basic YWxpY2U6cHc=' }).kind).toBe('anonymous')
  })
})

describe('simple (app/signature) tokens', () => {
  it('resolves the user with every scope except tokens:*', () => {
    const caller = resolve(bearer(issueSimpleToken(sb.ctx, USER_IDS.alice, 60)))
    expect(caller.kind).toBe('app-token')
    expect(caller.user?.user_id).toBe(USER_IDS.alice)
    expect(caller.scopes.size).toBe(34)
    expect(caller.scopes.has('tokens:create')).toBe(false)
    expect(caller.scopes.has('uploads:write')).toBe(true)
  })

  it('answers 401 "Expired token." from the exp second on', () => {
    const token = issueSimpleToken(sb.ctx, USER_IDS.alice, 60)
    sb.clock.now += 59_999
    expect(resolve(bearer(token)).kind).toBe('app-token')
    sb.clock.now += 1
    const error = rejection(bearer(token))
    expect(error.status).toBe(401)
    expect(error.detail).toBe('Expired token.')
    expect(error.headers).toEqual({ 'WWW-Authenticate': 'Bearer' })
  })

  it('answers 401 "Invalid token." for a foreign signature', () => {
    const forged = signJwt({ user: USER_IDS.alice, exp: 9e9 }, Buffer.alloc(32, 1))
    expect(rejection(bearer(forged))).toMatchObject({ status: 401, detail: 'Invalid token.' })
  })

  it('answers 401 "Token with invalid/unexpected payload." for an unknown or non-string user', () => {
    for (const user of ['nobody', 42]) {
      const token = signJwt({ user, exp: 9e9 }, sb.ctx.tokenSecret)
      expect(rejection(bearer(token))).toMatchObject({
        status: 401,
        detail: 'Token with invalid/unexpected payload.',
      })
    }
  })
})

describe('access tokens', () => {
  it('resolves the user with all 37 scopes', () => {
    const caller = resolve(bearer(issueAccessToken(sb.ctx, alice())))
    expect(caller.kind).toBe('access-token')
    expect(caller.user?.username).toBe('alice')
    expect(caller.scopes.size).toBe(37)
  })

  it('answers 401 with the Keycloak text once expired', () => {
    const token = issueAccessToken(sb.ctx, alice())
    sb.clock.now += 300_000
    expect(rejection(bearer(token))).toMatchObject({ status: 401, detail: INVALID_ACCESS_TOKEN })
  })

  it('answers 401 for non-JWT garbage, an empty bearer value and a foreign signature', () => {
    const foreign = signJwt(
      { sub: USER_IDS.alice, iss: 'nomad-sandbox', exp: 9e9 },
      Buffer.alloc(32),
    )
    for (const token of ['garbage', '', 'a.b.c', foreign]) {
      const error = rejection(bearer(token))
      expect(error).toMatchObject({ status: 401, detail: INVALID_ACCESS_TOKEN })
      expect(error.headers).toEqual({ 'WWW-Authenticate': 'Bearer' })
    }
  })

  it('answers 403 when the token user no longer exists', () => {
    const ghost = { ...alice(), user_id: 'ghost' }
    expect(rejection(bearer(issueAccessToken(sb.ctx, ghost)))).toMatchObject({
      status: 403,
      detail: 'You are logged in with an unknown user',
    })
  })

  it('is read from the URL-encoded Authorization cookie when no header is sent', () => {
    const token = issueAccessToken(sb.ctx, alice())
    const cookie = `theme=dark; Authorization=${encodeURIComponent(`Bearer ${token}`)}`
    expect(resolve({ cookie }).kind).toBe('access-token')
    expect(rejection({ cookie: 'Authorization=Bearer%20nonsense' }).status).toBe(401)
  })

  it('prefers the header over the cookie, and never takes a PAT from the cookie', () => {
    const { raw_token } = pats.create(USER_IDS.alice, { name: 'p', scopes: ['uploads:read'] }, 1)
    const cookie = `Authorization=${encodeURIComponent(`Bearer ${issueAccessToken(sb.ctx, alice())}`)}`
    expect(resolve({ ...bearer(raw_token), cookie }).kind).toBe('pat')
    expect(resolve({ cookie: `Authorization=Bearer%20${raw_token}` }).kind).toBe('anonymous')
  })
})

describe('personal access tokens', () => {
  it('resolves the owner with exactly the granted scopes and records the use', () => {
    const { raw_token, pat } = pats.create(
      USER_IDS.alice,
      { name: 'ci', scopes: ['uploads:read'] },
      1,
    )
    sb.clock.now += 5000
    const caller = resolve(bearer(raw_token))
    expect(caller).toMatchObject({ kind: 'pat', user: { user_id: USER_IDS.alice } })
    expect([...caller.scopes]).toEqual(['uploads:read'])
    expect(pats.get(USER_IDS.alice, pat.id)?.last_used_at).toBe(
      new Date(sb.clock.now).toISOString(),
    )
  })

  it('falls back to anonymous (no 401) for unknown, revoked, expired and orphaned tokens', () => {
    expect(resolve(bearer('nomad_pat_unknown')).kind).toBe('anonymous')

    const revoked = pats.create(USER_IDS.alice, { name: 'r', scopes: ['uploads:read'] }, 1)
    pats.revoke(USER_IDS.alice, revoked.pat.id)
    expect(resolve(bearer(revoked.raw_token)).kind).toBe('anonymous')

    const orphan = pats.create('deleted-user', { name: 'o', scopes: ['uploads:read'] }, 1)
    expect(resolve(bearer(orphan.raw_token)).kind).toBe('anonymous')

    const expiring = pats.create(USER_IDS.alice, { name: 'e', scopes: ['uploads:read'] }, 1)
    sb.clock.now += 86_400_000
    expect(resolve(bearer(expiring.raw_token)).kind).toBe('pat')
    sb.clock.now += 1
    expect(resolve(bearer(expiring.raw_token)).kind).toBe('anonymous')
  })

  it('maps legacy scope names of stored tokens to the current ones', () => {
    const { raw_token } = pats.create(USER_IDS.alice, { name: 'l', scopes: ['uploads:read'] }, 1)
    const stored = pats.toJSON()
    stored.tokens[0]!.scopes = ['uploads_bundle:write', 'uploads_bundle:read']
    pats.load(stored)
    expect([...resolve(bearer(raw_token)).scopes].sort()).toEqual([
      'uploads:export',
      'uploads:import',
    ])
  })

  it('never treats a nomad_pat_ value as an access token', () => {
    expect(() => resolve(bearer('nomad_pat_'))).not.toThrow()
    expect(ANONYMOUS_SCOPES.has('tokens:create')).toBe(false)
  })
})

describe('signature tokens (download links)', () => {
  it('resolve like app tokens and fail with the simple-token texts', () => {
    const token = issueSimpleToken(sb.ctx, USER_IDS.bob, 10)
    expect(resolveSignatureToken(sb.ctx, token)).toMatchObject({
      kind: 'app-token',
      user: { username: 'bob' },
    })
    sb.clock.now += 10_000
    expect(() => resolveSignatureToken(sb.ctx, token)).toThrow('Expired token.')
    expect(() => resolveSignatureToken(sb.ctx, 'junk')).toThrow('Invalid token.')
  })
})
