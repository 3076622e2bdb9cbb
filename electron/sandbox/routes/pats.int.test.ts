import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { authOptionsFor } from '../auth/options'
import { patServiceFor } from '../auth/pats'
import { fakeSandbox, USER_IDS } from '../auth/testing/fake-sandbox'
import { startHarness, type Harness } from '../auth/testing/harness'
import { call } from '../auth/testing/http'
import { startTestServer } from '../auth/testing/test-server'
import { startSandbox } from '../index'
import { authRoutes } from './auth'
import { patRoutes } from './pats'

const DAY = 86_400_000
let h: Harness
let token: string

beforeAll(async () => {
  h = await startHarness()
})
// Access tokens are short-lived and tests move the clock by days: log in afresh each time.
beforeEach(async () => {
  token = await h.login(h.accounts.main)
})
afterAll(async () => {
  await h.close()
})

interface Pat {
  id: string
  name: string
  scopes: string[]
  description: string | null
  revoked: boolean
  created_at: string
  expired_at: string | null
  last_used_at: string | null
}
interface Created {
  pat: Pat
  raw_token: string
}

async function create(body: unknown, bearer = token): Promise<Created> {
  const reply = await h.call('POST', '/auth/pats', { token: bearer, json: body })
  if (reply.status !== 201) throw new Error(`create: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body as Created
}

const pat = (name: string, scopes = ['uploads:read'], extra: object = {}) => ({
  metadata: { name, scopes },
  ...extra,
})

describe('POST /auth/pats', () => {
  it('answers 201 with the record and the raw token shown only here', async () => {
    const reply = await h.call('POST', '/auth/pats', {
      token,
      json: {
        metadata: { name: 'laptop', scopes: ['uploads:read'], description: 'mine' },
        expires_in_days: 7,
      },
    })
    expect(reply.status).toBe(201)
    const { pat: record, raw_token } = reply.body as Created
    expect(raw_token).toMatch(/^nomad_pat_[A-Za-z0-9_-]{43}$/)
    expect(Object.keys(record).sort()).toEqual([
      'created_at',
      'description',
      'expired_at',
      'id',
      'last_used_at',
      'name',
      'revoked',
      'scopes',
    ])
    expect(record).toMatchObject({
      name: 'laptop',
      description: 'mine',
      revoked: false,
      last_used_at: null,
    })
    expect(Date.parse(record.expired_at ?? '') - Date.parse(record.created_at)).toBe(7 * DAY)
    const fetched = await h.call('GET', `/auth/pats/${record.id}`, { token })
    expect(fetched.status).toBe(200)
    expect(fetched.body).toEqual(record)
    const listed = await h.call('GET', '/auth/pats?page_size=100', { token })
    expect(JSON.stringify(listed.body)).not.toContain(raw_token.slice(10))
  })

  it('defaults to 30 days and keeps a null description', async () => {
    const { pat: record } = await create(pat('default'))
    expect(record.description).toBeNull()
    expect(Date.parse(record.expired_at ?? '') - Date.parse(record.created_at)).toBe(30 * DAY)
  })

  it('answers 401 without credentials, before validating the body', async () => {
    const reply = await h.call('POST', '/auth/pats', { json: { metadata: { name: 'x' } } })
    expect(reply.status).toBe(401)
    expect(reply.body).toEqual({ detail: 'Authentication required.' })
    expect(reply.headers['www-authenticate']).toBe('Bearer')
  })

  it('never lets a PAT or an app token manage tokens (403 before validation)', async () => {
    const { raw_token } = await create(pat('all-but-tokens', ['uploads:read', 'uploads:write']))
    const byPat = await h.call('POST', '/auth/pats', {
      token: raw_token,
      json: { metadata: { name: 'x' } },
    })
    expect(byPat.status).toBe(403)
    expect(byPat.body).toEqual({ detail: "Missing scopes: ['tokens:create']" })
    expect(byPat.headers['www-authenticate']).toBeUndefined()
    const app = await h.call('GET', '/auth/app_token?expires_in=600', { token })
    const appToken = (app.body as { app_token: string }).app_token
    const byApp = await h.call('POST', '/auth/pats', { token: appToken, json: pat('x') })
    expect(byApp.status).toBe(403)
    expect(byApp.body).toEqual({ detail: "Missing scopes: ['tokens:create']" })
  })

  it('answers 422 FastAPI lists for schema violations', async () => {
    const detail = async (json: unknown) => {
      const reply = await h.call('POST', '/auth/pats', { token, json })
      expect(reply.status).toBe(422)
      return (reply.body as { detail: unknown }).detail
    }
    expect(await detail({ metadata: { name: 'x' } })).toEqual([
      { loc: ['body', 'metadata', 'scopes'], msg: 'field required', type: 'value_error.missing' },
    ])
    expect(await detail({})).toEqual([
      { loc: ['body', 'metadata'], msg: 'field required', type: 'value_error.missing' },
    ])
    expect(
      await detail({ metadata: { name: 'x', scopes: 'uploads:read' }, expires_in_days: '7d' }),
    ).toEqual([
      {
        loc: ['body', 'metadata', 'scopes'],
        msg: 'value is not a valid list',
        type: 'type_error.list',
      },
      {
        loc: ['body', 'expires_in_days'],
        msg: 'value is not a valid integer',
        type: 'type_error.integer',
      },
    ])
    const empty = await h.call('POST', '/auth/pats', { token })
    expect(empty.status).toBe(422)
    expect(empty.body).toEqual({
      detail: [{ loc: ['body'], msg: 'field required', type: 'value_error.missing' }],
    })
  })

  it('answers 400 with the real texts, the empty-scopes check first', async () => {
    const detail = async (json: unknown) => {
      const reply = await h.call('POST', '/auth/pats', { token, json })
      expect(reply.status).toBe(400)
      return (reply.body as { detail: string }).detail
    }
    expect(await detail(pat('e', [], { expires_in_days: 0 }))).toBe(
      'At least one scope must be selected.',
    )
    expect(await detail(pat('e', ['uploads:read'], { expires_in_days: 0 }))).toBe(
      'Cannot create an already expired token.',
    )
    expect(await detail(pat('e', ['uploads:read'], { expires_in_days: null }))).toBe(
      'Infinite tokens are disabled. Max lifetime is 365 days.',
    )
    expect(await detail(pat('e', ['uploads:read'], { expires_in_days: 400 }))).toBe(
      'Requested lifetime (400 days) exceeds the maximum allowed (365 days).',
    )
    expect(await detail(pat('e', ['foo:bar']))).toBe("Invalid scopes: {'foo:bar'}")
    expect(await detail(pat('e', ['*:read']))).toBe("Invalid scopes: {'*:read'}")
    expect(await detail(pat('e', ['tokens:read']))).toBe(
      'Personal access tokens are not allowed to operate on PATs.',
    )
  })

  it('honours the configured maximum lifetime and active-token limit', async () => {
    const other = await h.login(h.accounts.other)
    const { patMaxLifetimeDays, patMaxActive } = h.sandbox.limits()
    h.setLimits({ patMaxLifetimeDays: null, patMaxActive: 2 })
    try {
      const forever = await create(
        pat('forever', ['uploads:read'], { expires_in_days: null }),
        other,
      )
      expect(forever.pat.expired_at).toBeNull()
      await create(pat('second'), other)
      const third = await h.call('POST', '/auth/pats', { token: other, json: pat('third') })
      expect(third.status).toBe(400)
      expect(third.body).toEqual({ detail: 'Maximum number of active PAT (2) reached.' })
      // Rotation revokes first, so it works at the limit.
      const rotated = await h.call('POST', `/auth/pats/${forever.pat.id}/rotate`, { token: other })
      expect(rotated.status).toBe(200)
      expect((rotated.body as Created).pat.expired_at).toBeNull()
    } finally {
      h.setLimits({ patMaxLifetimeDays, patMaxActive })
    }
  })
})

describe('GET /auth/pats/{pat_id} and DELETE', () => {
  it("hides other users' tokens and malformed ids behind the same 404", async () => {
    const { pat: record } = await create(pat('private'))
    const other = await h.login(h.accounts.other)
    for (const [method, path] of [
      ['GET', `/auth/pats/${record.id}`],
      ['DELETE', `/auth/pats/${record.id}`],
      ['POST', `/auth/pats/${record.id}/rotate`],
      ['GET', '/auth/pats/not-an-id'],
    ] as const) {
      const reply = await h.call(method, path, {
        token: path.includes('not-an-id') ? token : other,
      })
      expect(reply.status).toBe(404)
      expect(reply.body).toEqual({ detail: 'Token not found or does not belong to the user.' })
    }
  })

  it('revokes with 204 and no body, idempotently; the record stays readable', async () => {
    const { pat: record, raw_token } = await create(pat('to-revoke'))
    for (let i = 0; i < 2; i++) {
      const reply = await h.call('DELETE', `/auth/pats/${record.id}`, { token })
      expect(reply.status).toBe(204)
      expect(reply.body).toBeUndefined()
    }
    const fetched = await h.call('GET', `/auth/pats/${record.id}`, { token })
    expect(fetched.status).toBe(200)
    expect((fetched.body as Pat).revoked).toBe(true)
    // A revoked PAT is anonymous: fine on public reads, 401 where login is needed.
    expect((await h.call('GET', '/groups', { token: raw_token })).status).toBe(200)
    const me = await h.call('GET', '/users/me', { token: raw_token })
    expect(me.status).toBe(401)
    expect(me.body).toEqual({ detail: 'Authentication required.' })
  })

  it('needs tokens:delete, which a PAT never has', async () => {
    const { pat: record, raw_token } = await create(pat('self'))
    const reply = await h.call('DELETE', `/auth/pats/${record.id}`, { token: raw_token })
    expect(reply.status).toBe(403)
    expect(reply.body).toEqual({ detail: "Missing scopes: ['tokens:delete']" })
    expect((await h.call('GET', `/auth/pats/${record.id}`, { token: raw_token })).status).toBe(403)
  })
})

describe('POST /auth/pats/{pat_id}/rotate', () => {
  it('answers 200 with a new token and the same metadata; the old one stops working', async () => {
    const old = await create({
      metadata: { name: 'ci', scopes: ['uploads:write'], description: 'runner' },
      expires_in_days: 5,
    })
    h.advance(DAY)
    token = await h.login(h.accounts.main)
    const reply = await h.call('POST', `/auth/pats/${old.pat.id}/rotate`, { token })
    expect(reply.status).toBe(200)
    const fresh = reply.body as Created
    expect(fresh.pat).toMatchObject({
      name: 'ci',
      scopes: ['uploads:write'],
      description: 'runner',
      revoked: false,
    })
    expect(fresh.pat.id).not.toBe(old.pat.id)
    expect(Date.parse(fresh.pat.expired_at ?? '') - Date.parse(fresh.pat.created_at)).toBe(5 * DAY)
    expect((await h.call('GET', '/users/me', { token: old.raw_token })).status).toBe(401)
    expect((await h.call('GET', '/users/me', { token: fresh.raw_token })).status).toBe(200)
    const again = await h.call('POST', `/auth/pats/${old.pat.id}/rotate`, { token })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ detail: 'Cannot rotate an expired/revoked token.' })
  })

  it('needs both tokens:create and tokens:delete, named sorted in the 403', async () => {
    const { pat: record } = await create(pat('r'))
    const app = await h.call('GET', '/auth/app_token?expires_in=600', { token })
    const appToken = (app.body as { app_token: string }).app_token
    const reply = await h.call('POST', `/auth/pats/${record.id}/rotate`, { token: appToken })
    expect(reply.status).toBe(403)
    expect(reply.body).toEqual({ detail: "Missing scopes: ['tokens:create', 'tokens:delete']" })
  })
})

describe('PATs as credentials', () => {
  it('enforce their scopes on other endpoints and record use even when refused', async () => {
    const { pat: record, raw_token } = await create(pat('reader', ['groups:read']))
    h.advance(1000)
    const refused = await h.call('POST', '/groups', {
      token: raw_token,
      json: { group_name: 'nope' },
    })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ detail: "Missing scopes: ['groups:write']" })
    const fetched = await h.call('GET', `/auth/pats/${record.id}`, { token })
    expect((fetched.body as Pat).last_used_at).not.toBeNull()
  })

  it('fall back to anonymous once expired: public reads work, login endpoints answer 401', async () => {
    const { raw_token } = await create(pat('short', ['groups:read'], { expires_in_days: 1 }))
    expect((await h.call('GET', '/users/me', { token: raw_token })).status).toBe(200)
    h.advance(DAY + 1)
    expect((await h.call('GET', '/groups', { token: raw_token })).status).toBe(200)
    expect((await h.call('GET', '/users/me', { token: raw_token })).status).toBe(401)
    expect((await h.call('GET', '/users/me', { token: 'nomad_pat_neverissued' })).status).toBe(401)
  })
})

describe('GET /auth/pats', () => {
  it('lists with the access token and, as documented for the service, with a PAT', async () => {
    const { raw_token } = await create(pat('lister'))
    const byPat = await h.call('GET', '/auth/pats', { token: raw_token })
    expect(byPat.status).toBe(200)
    expect((await h.call('GET', '/auth/pats')).status).toBe(401)
  })

  it('answers {query, pagination, data} with index-based pagination and URLs', async () => {
    const reader = await h.login(h.accounts.admin)
    for (const name of ['p1', 'p2', 'p3']) {
      await create(pat(name), reader)
      h.advance(1000)
    }
    const first = await h.call('GET', '/auth/pats?page_size=2&order_by=created_asc', {
      token: reader,
    })
    expect(first.status).toBe(200)
    const body = first.body as { query: object; pagination: Record<string, unknown>; data: Pat[] }
    expect(Object.keys(body)).toEqual(['query', 'pagination', 'data'])
    expect(body.query).toEqual({
      search: null,
      revoked: null,
      state: null,
      created_after: null,
      created_before: null,
      last_used_after: null,
      last_used_before: null,
      expires_after: null,
      expires_before: null,
    })
    expect(body.data.map((p) => p.name)).toEqual(['p1', 'p2'])
    const url = `${h.url}/auth/pats?page_size=2&order_by=created_asc`
    expect(body.pagination).toEqual({
      page_size: 2,
      order_by: 'created_asc',
      order: 'asc',
      page_after_value: null,
      page: 1,
      page_offset: null,
      total: 3,
      next_page_after_value: '1',
      page_url: url,
      next_page_url: `${url}&page_after_value=1`,
      prev_page_url: null,
      first_page_url: url,
    })
    const second = await h.call(
      'GET',
      '/auth/pats?page_size=2&order_by=created_asc&page_after_value=1',
      {
        token: reader,
      },
    )
    const page2 = second.body as { pagination: Record<string, unknown>; data: Pat[] }
    expect(page2.data.map((p) => p.name)).toEqual(['p3'])
    expect(page2.pagination).toMatchObject({
      page: 2,
      page_after_value: '1',
      next_page_after_value: null,
      next_page_url: null,
      prev_page_url: `${url}&page=1`,
    })
    const byPage = await h.call('GET', '/auth/pats?page_size=2&page=2&order_by=name_desc', {
      token: reader,
    })
    expect((byPage.body as { data: Pat[] }).data.map((p) => p.name)).toEqual(['p1'])
  })

  it('filters and echoes the query', async () => {
    const reader = await h.login(h.accounts.admin)
    const reply = await h.call('GET', '/auth/pats?search=P2&state=active&revoked=false', {
      token: reader,
    })
    const body = reply.body as { query: Record<string, unknown>; data: Pat[] }
    expect(body.data.map((p) => p.name)).toEqual(['p2'])
    expect(body.query).toMatchObject({ search: 'P2', state: 'active', revoked: false })
    const dated = await h.call(
      'GET',
      '/auth/pats?created_after=2000-01-01&expires_before=2000-01-01',
      {
        token: reader,
      },
    )
    expect((dated.body as { data: Pat[] }).data).toEqual([])
    expect((dated.body as { query: Record<string, unknown> }).query).toMatchObject({
      created_after: '2000-01-01T00:00:00.000Z',
    })
  })

  it('answers 400 for a page past the end and 422 for invalid pagination or filters', async () => {
    const reader = await h.login(h.accounts.admin)
    const past = await h.call('GET', '/auth/pats?page=5', { token: reader })
    expect(past.status).toBe(400)
    expect(past.body).toEqual({ detail: 'Page out of range requested.' })
    const invalid = async (query: string) => {
      const reply = await h.call('GET', `/auth/pats?${query}`, { token: reader })
      expect(reply.status).toBe(422)
      return (reply.body as { detail: { loc: unknown[]; msg: string }[] }).detail
    }
    expect(await invalid('page=1000&page_size=10')).toEqual([
      {
        loc: ['query', 'page'],
        msg: 'Pagination by `page` is limited to 10.000 entries.',
        type: 'bad_page',
      },
    ])
    expect((await invalid('page=2&page_after_value=3'))[0]).toMatchObject({
      loc: ['query'],
      msg: 'Can only specify one of: page_offset, page, or page_after_value',
    })
    expect((await invalid('order_by=newest'))[0]?.loc).toEqual(['query', 'order_by'])
    expect((await invalid('state=expired'))[0]?.msg).toBe(
      "value is not a valid enumeration member; permitted: 'active', 'inactive'",
    )
    expect((await invalid('created_after=yesterday'))[0]).toMatchObject({
      loc: ['query', 'created_after'],
      msg: 'invalid datetime format',
    })
    expect((await invalid('page_size=-1'))[0]?.loc).toEqual(['query', 'page_size'])
  })

  it('counts only with page_size=0', async () => {
    const reader = await h.login(h.accounts.admin)
    const reply = await h.call('GET', '/auth/pats?page_size=0', { token: reader })
    const body = reply.body as { pagination: Record<string, unknown>; data: Pat[] }
    expect(body.data).toEqual([])
    expect(body.pagination).toMatchObject({ total: 3, page: 1, first_page_url: null })
  })
})

describe('GET /auth/pats with the PAT-listing deviation switched off', () => {
  it('refuses a PAT with 403 Missing scopes, as the real server does', async () => {
    // startSandbox does not expose its context, so this one runs on the stand-in server.
    const sb = await fakeSandbox()
    authOptionsFor(sb.ctx).patListingAcceptsPat = false
    const server = await startTestServer(sb.ctx, [authRoutes, patRoutes])
    try {
      const { raw_token } = patServiceFor(sb.ctx).create(
        USER_IDS.alice,
        { name: 'x', scopes: ['uploads:read'] },
        1,
      )
      const reply = await call('GET', `${server.url}/auth/pats`, { token: raw_token })
      expect(reply.status).toBe(403)
      expect(reply.body).toEqual({ detail: "Missing scopes: ['tokens:read']" })
    } finally {
      await server.close()
    }
  })
})

describe('PATs with a data directory', () => {
  it('survive a restart as digests only; the raw token keeps working', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sandbox-pats-'))
    const options = { entries: 20, quiet: true, dataDir, limits: { rate: null, concurrency: null } }
    try {
      const first = await startSandbox(options)
      const login = async (base: string) => {
        const reply = await call('POST', `${base}/auth/token`, {
          form: {
            username: 'lena',
            password: first.demoUsers.find((u) => u.username === 'lena')?.password ?? '',
          },
        })
        return (reply.body as { access_token: string }).access_token
      }
      const created = await call('POST', `${first.baseUrl}/auth/pats`, {
        token: await login(first.baseUrl),
        json: { metadata: { name: 'persisted', scopes: ['uploads:read'] } },
      })
      const { pat: record, raw_token } = created.body as Created
      await first.close()
      const saved = await readFile(join(dataDir, 'sandbox-state.json'), 'utf8')
      expect(saved).toContain(record.id)
      expect(saved).not.toContain(raw_token.slice(10))

      const second = await startSandbox(options)
      try {
        const me = await call('GET', `${second.baseUrl}/users/me`, { token: raw_token })
        expect(me.status).toBe(200)
        const fetched = await call('GET', `${second.baseUrl}/auth/pats/${record.id}`, {
          token: await login(second.baseUrl),
        })
        expect(fetched.body).toMatchObject({ id: record.id, name: 'persisted', revoked: false })
      } finally {
        await second.close()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
