import { describe, expect, it } from 'vitest'
import { decodeJwtUnverified, signJwt, verifyJwt } from './jwt'
import { hashPassword, verifyPassword } from './passwords'
import { fakeSandbox, USER_IDS } from './testing/fake-sandbox'
import {
  ACCESS_TOKEN_ISSUER,
  checkAccessToken,
  checkSimpleToken,
  issueAccessToken,
  issueSimpleToken,
  looksLikeSimpleToken,
} from './tokens'

const secret = Buffer.alloc(32, 9)

describe('HS256 JWTs', () => {
  it('round-trips a payload with a PyJWT-style header', () => {
    const token = signJwt({ user: 'u', exp: 2000 }, secret)
    const [header] = token.split('.')
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    })
    expect(verifyJwt(token, secret, 1_999_999)).toEqual({
      ok: true,
      payload: { user: 'u', exp: 2000 },
    })
  })

  it('is expired from exp on, rejects other secrets, tampering, other algorithms and junk', () => {
    const token = signJwt({ user: 'u', exp: 2000 }, secret)
    expect(verifyJwt(token, secret, 2_000_000)).toEqual({ ok: false, reason: 'expired' })
    expect(verifyJwt(token, Buffer.alloc(32), 0)).toEqual({ ok: false, reason: 'bad-signature' })
    const [h, , s] = token.split('.')
    const tampered = `${h}.${Buffer.from('{"user":"x","exp":2000}').toString('base64url')}.${s}`
    expect(verifyJwt(tampered, secret, 0)).toEqual({ ok: false, reason: 'bad-signature' })
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`
    expect(verifyJwt(none, secret, 0)).toEqual({ ok: false, reason: 'bad-signature' })
    expect(verifyJwt('not-a-jwt', secret, 0)).toEqual({ ok: false, reason: 'malformed' })
    expect(verifyJwt(signJwt({ exp: 'soon' }, secret), secret, 0)).toEqual({
      ok: false,
      reason: 'malformed',
    })
  })

  it('decodes payloads unverified only when both segments are JSON objects', () => {
    expect(decodeJwtUnverified(signJwt({ a: 1 }, Buffer.alloc(1)))).toEqual({ a: 1 })
    expect(decodeJwtUnverified('nomad_pat_abc')).toBeNull()
    expect(decodeJwtUnverified('e30.WzFd.x')).toBeNull()
  })
})

describe('sandbox tokens', () => {
  it('issues access tokens with a Keycloak-like payload and the configured lifetime', async () => {
    const sb = await fakeSandbox({ accessTokenLifetimeSeconds: 900 })
    const token = issueAccessToken(sb.ctx, sb.users[0]!)
    const payload = decodeJwtUnverified(token)
    expect(payload).toMatchObject({
      sub: USER_IDS.alice,
      preferred_username: 'alice',
      typ: 'Bearer',
      iss: ACCESS_TOKEN_ISSUER,
      iat: sb.clock.now / 1000,
      exp: sb.clock.now / 1000 + 900,
    })
    expect(looksLikeSimpleToken(token)).toBe(false)
    expect(checkAccessToken(sb.ctx, token)).toEqual({ ok: true, userId: USER_IDS.alice })
    sb.clock.now += 900_000
    expect(checkAccessToken(sb.ctx, token).ok).toBe(false)
  })

  it('issues simple tokens whose payload is exactly {user, exp}', async () => {
    const sb = await fakeSandbox()
    const token = issueSimpleToken(sb.ctx, USER_IDS.bob, 3600)
    expect(decodeJwtUnverified(token)).toEqual({
      user: USER_IDS.bob,
      exp: sb.clock.now / 1000 + 3600,
    })
    expect(looksLikeSimpleToken(token)).toBe(true)
    expect(checkSimpleToken(sb.ctx, token)).toEqual({ ok: true, userId: USER_IDS.bob })
  })

  it('does not accept a simple token as an access token (no issuer)', async () => {
    const sb = await fakeSandbox()
    expect(checkAccessToken(sb.ctx, issueSimpleToken(sb.ctx, USER_IDS.bob, 60)).ok).toBe(false)
  })
})

describe('passwords', () => {
  it('verifies scrypt hashes in the stored format and rejects wrong or malformed ones', async () => {
    const stored = await hashPassword('s3cret')
    expect(stored).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{128}$/)
    expect(await verifyPassword('s3cret', stored)).toBe(true)
    expect(await verifyPassword('S3cret', stored)).toBe(false)
    expect(await verifyPassword('s3cret', undefined)).toBe(false)
    expect(await verifyPassword('s3cret', 'plain:s3cret')).toBe(false)
  })
})
