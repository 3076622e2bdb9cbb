import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../auth/testing/harness'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h.close()
})

const payloadOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >

describe('POST /auth/token', () => {
  it('grants a bearer access token for a form-encoded password grant', async () => {
    const { username, password, user_id } = h.accounts.main
    const reply = await h.call('POST', '/auth/token', {
      form: { username, password, grant_type: 'password' },
    })
    expect(reply.status).toBe(200)
    expect(reply.headers['cache-control']).toBe('no-store')
    const body = reply.body as { access_token: string; token_type: string; expires_in: number }
    expect(body.token_type).toBe('bearer')
    expect(body.expires_in).toBeGreaterThan(0)
    const payload = payloadOf(body.access_token)
    expect(payload).toMatchObject({ sub: user_id, typ: 'Bearer', preferred_username: username })
    expect(Object.keys(payload).sort()).not.toEqual(['exp', 'user'])
    const me = await h.call('GET', '/users/me', { token: body.access_token })
    expect(me.status).toBe(200)
  })

  it('ignores a stale Authorization header sent along (the endpoint takes no user)', async () => {
    const reply = await h.call('POST', '/auth/token', {
      token: 'expired-or-garbage',
      form: { username: h.accounts.main.username, password: h.accounts.main.password },
    })
    expect(reply.status).toBe(200)
  })

  it('accepts the empty optional fields Swagger UI sends (scope=, client_id=)', async () => {
    const { username, password } = h.accounts.main
    const reply = await h.call('POST', '/auth/token', {
      form: { grant_type: 'password', username, password, scope: '', client_id: '' },
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ token_type: 'bearer' })
  })

  it('also answers the GET variant', async () => {
    const { username, password } = h.accounts.other
    const query = new URLSearchParams({ username, password })
    const reply = await h.call('GET', `/auth/token?${query.toString()}`)
    expect(reply.status).toBe(200)
  })

  it('answers 401 "Incorrect username or password" with WWW-Authenticate: Basic', async () => {
    for (const form of [
      { username: h.accounts.main.username, password: 'wrong' },
      { username: 'nobody', password: 'x' },
    ]) {
      const reply = await h.call('POST', '/auth/token', { form })
      expect(reply.status).toBe(401)
      expect(reply.body).toEqual({ detail: 'Incorrect username or password' })
      expect(reply.headers['www-authenticate']).toBe('Basic')
    }
  })

  it('answers 422 listing each missing field, also for empty values and JSON bodies', async () => {
    const missing = (field: string, root = 'body') => ({
      loc: [root, field],
      msg: 'field required',
      type: 'value_error.missing',
    })
    const form = await h.call('POST', '/auth/token', { form: { username: 'x', password: '' } })
    expect(form.status).toBe(422)
    expect(form.body).toEqual({ detail: [missing('password')] })
    const json = await h.call('POST', '/auth/token', { json: { username: 'x', password: 'y' } })
    expect(json.body).toEqual({ detail: [missing('username'), missing('password')] })
    const get = await h.call('GET', '/auth/token?username=x')
    expect(get.status).toBe(422)
    expect(get.body).toEqual({ detail: [missing('password', 'query')] })
  })

  it('answers 422 for a grant_type other than password', async () => {
    const reply = await h.call('POST', '/auth/token', {
      form: { ...h.accounts.main, grant_type: 'client_credentials' },
    })
    expect(reply.status).toBe(422)
    expect(reply.body).toEqual({
      detail: [
        {
          loc: ['body', 'grant_type'],
          msg: 'string does not match regex "password"',
          type: 'value_error.str.regex',
          ctx: { pattern: 'password' },
        },
      ],
    })
  })

  it('access tokens expire after the configured lifetime with the Keycloak 401 text', async () => {
    const { accessTokenLifetimeSeconds } = h.sandbox.limits()
    h.setLimits({ accessTokenLifetimeSeconds: 60 })
    const token = await h.login(h.accounts.main)
    h.advance(60_000)
    const reply = await h.call('GET', '/users/me', { token })
    expect(reply.status).toBe(401)
    expect(reply.body).toEqual({
      detail: 'Could not validate credentials. The given token is invalid.',
    })
    expect(reply.headers['www-authenticate']).toBe('Bearer')
    h.setLimits({ accessTokenLifetimeSeconds })
  })

  it('answers 401 for garbage bearer values even on public endpoints', async () => {
    const reply = await h.call('GET', '/groups', { token: 'garbage' })
    expect(reply.status).toBe(401)
  })
})

describe('GET /auth/app_token', () => {
  it('issues a simple token {user, exp} that authenticates without token scopes', async () => {
    const token = await h.login(h.accounts.main)
    const reply = await h.call('GET', '/auth/app_token?expires_in=86400', { token })
    expect(reply.status).toBe(200)
    const appToken = (reply.body as { app_token: string }).app_token
    const payload = payloadOf(appToken)
    expect(Object.keys(payload).sort()).toEqual(['exp', 'user'])
    expect(payload.user).toBe(h.accounts.main.user_id)
    expect((await h.call('GET', '/users/me', { token: appToken })).status).toBe(200)
    // App tokens never manage tokens: not even another app token.
    const again = await h.call('GET', '/auth/app_token?expires_in=60', { token: appToken })
    expect(again.status).toBe(403)
    expect(again.body).toEqual({ detail: "Missing scopes: ['tokens:create']" })
  })

  it('answers 401 "Expired token." once the app token has expired', async () => {
    const token = await h.login(h.accounts.main)
    const reply = await h.call('GET', '/auth/app_token?expires_in=10', { token })
    const appToken = (reply.body as { app_token: string }).app_token
    h.advance(10_000)
    const expired = await h.call('GET', '/users/me', { token: appToken })
    expect(expired.status).toBe(401)
    expect(expired.body).toEqual({ detail: 'Expired token.' })
  })

  it('validates expires_in: required, integer, > 0, <= the configured maximum', async () => {
    const token = await h.login(h.accounts.main)
    const detail = async (query: string) => {
      const reply = await h.call('GET', `/auth/app_token${query}`, { token })
      expect(reply.status).toBe(422)
      return (reply.body as { detail: unknown[] }).detail
    }
    expect(await detail('?expires_in=2592001')).toEqual([
      {
        loc: ['query', 'expires_in'],
        msg: 'ensure this value is less than or equal to 2592000',
        type: 'value_error.number.not_le',
        ctx: { limit_value: 2592000 },
      },
    ])
    expect(await detail('?expires_in=0')).toEqual([
      {
        loc: ['query', 'expires_in'],
        msg: 'ensure this value is greater than 0',
        type: 'value_error.number.not_gt',
        ctx: { limit_value: 0 },
      },
    ])
    expect(await detail('')).toEqual([
      { loc: ['query', 'expires_in'], msg: 'field required', type: 'value_error.missing' },
    ])
    expect(await detail('?expires_in=soon')).toEqual([
      {
        loc: ['query', 'expires_in'],
        msg: 'value is not a valid integer',
        type: 'type_error.integer',
      },
    ])
    h.setLimits({ appTokenMaxExpiresIn: 3600 })
    expect((await detail('?expires_in=3601'))[0]).toMatchObject({ ctx: { limit_value: 3600 } })
    h.setLimits({ appTokenMaxExpiresIn: 2_592_000 })
    expect((await h.call('GET', '/auth/app_token?expires_in=2592000', { token })).status).toBe(200)
  })

  it('needs login before validation: 401 anonymous, 403 for a PAT', async () => {
    const anonymous = await h.call('GET', '/auth/app_token?expires_in=0')
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toEqual({ detail: 'Authentication required.' })
    expect(anonymous.headers['www-authenticate']).toBe('Bearer')
  })
})

describe('GET /auth/signature_token', () => {
  it('issues a simple token valid for 10 seconds', async () => {
    const token = await h.login(h.accounts.main)
    const reply = await h.call('GET', '/auth/signature_token', { token })
    expect(reply.status).toBe(200)
    const signature = (reply.body as { signature_token: string }).signature_token
    const payload = payloadOf(signature)
    expect(Object.keys(payload).sort()).toEqual(['exp', 'user'])
    expect((payload.exp as number) - (payloadOf(token).iat as number)).toBe(10)
    expect((await h.call('GET', '/auth/signature_token')).status).toBe(401)
  })
})
