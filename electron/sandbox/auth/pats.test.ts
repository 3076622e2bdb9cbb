import { createHash } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { HttpError } from '../http-error'
import { DAY_MS } from './pat-rules'
import { PatService, patServiceFor, type PatSpec } from './pats'
import { fakeSandbox, START, USER_IDS, type FakeSandbox } from './testing/fake-sandbox'

let sb: FakeSandbox
let pats: PatService
const A = USER_IDS.alice
const B = USER_IDS.bob
const spec = (overrides: Partial<PatSpec> = {}): PatSpec => ({
  name: 'notebook',
  scopes: ['uploads:read'],
  ...overrides,
})

beforeEach(async () => {
  sb = await fakeSandbox()
  pats = patServiceFor(sb.ctx)
})

function badRequest(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (error instanceof HttpError && error.status === 400 && typeof error.detail === 'string') {
      return error.detail
    }
    throw error
  }
  throw new Error('expected a 400')
}

describe('creation', () => {
  it('returns a 53-char nomad_pat_ token once and the eight-key record with nulls kept', () => {
    const { pat, raw_token } = pats.create(A, spec(), undefined)
    expect(raw_token).toMatch(/^nomad_pat_[A-Za-z0-9_-]{43}$/)
    expect(raw_token).toHaveLength(53)
    expect(pat).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
      name: 'notebook',
      scopes: ['uploads:read'],
      description: null,
      revoked: false,
      created_at: '2025-03-01T12:00:00.000Z',
      expired_at: '2025-03-31T12:00:00.000Z',
      last_used_at: null,
    })
  })

  it('stores only the lowercase hex SHA-256 of the raw token and registers for persistence', () => {
    const { raw_token } = pats.create(A, spec({ description: 'for CI' }), 7)
    const stored = JSON.stringify(pats.toJSON())
    expect(stored).not.toContain(raw_token)
    expect(stored).not.toContain(raw_token.slice(10))
    expect(pats.toJSON().tokens[0]?.token_digest).toBe(
      createHash('sha256').update(raw_token).digest('hex'),
    )
    expect(sb.parts.get('pats')).toBe(pats)
    expect(sb.persistCalls()).toBeGreaterThan(0)
  })

  it('makes different ids and tokens each time', () => {
    const one = pats.create(A, spec(), 1)
    const two = pats.create(A, spec(), 1)
    expect(one.pat.id).not.toBe(two.pat.id)
    expect(one.raw_token).not.toBe(two.raw_token)
  })

  it('refuses non-positive lifetimes', () => {
    for (const days of [0, -3]) {
      expect(badRequest(() => pats.create(A, spec(), days))).toBe(
        'Cannot create an already expired token.',
      )
    }
  })

  it('refuses non-expiring tokens while a maximum is set, allows them without one', () => {
    expect(badRequest(() => pats.create(A, spec(), null))).toBe(
      'Infinite tokens are disabled. Max lifetime is 365 days.',
    )
    sb.limits.patMaxLifetimeDays = null
    expect(pats.create(A, spec(), null).pat.expired_at).toBeNull()
    expect(pats.create(A, spec(), 5000).pat.expired_at).toBe(
      new Date(START + 5000 * DAY_MS).toISOString(),
    )
  })

  it('refuses lifetimes above the maximum, naming both', () => {
    expect(badRequest(() => pats.create(A, spec(), 400))).toBe(
      'Requested lifetime (400 days) exceeds the maximum allowed (365 days).',
    )
    expect(pats.create(A, spec(), 365).pat.expired_at).toBe(
      new Date(START + 365 * DAY_MS).toISOString(),
    )
  })

  it('checks in the domain order: lifetime before scopes', () => {
    expect(badRequest(() => pats.create(A, spec({ scopes: [] }), 0))).toBe(
      'Cannot create an already expired token.',
    )
    expect(badRequest(() => pats.create(A, spec({ scopes: [] }), 1))).toBe(
      'At least one scope must be selected.',
    )
  })

  it('refuses unknown, wildcard and legacy scope names as a Python set', () => {
    expect(badRequest(() => pats.create(A, spec({ scopes: ['foo:bar'] }), 1))).toBe(
      "Invalid scopes: {'foo:bar'}",
    )
    expect(
      badRequest(() => pats.create(A, spec({ scopes: ['uploads:*', '*:*', 'uploads:read'] }), 1)),
    ).toBe("Invalid scopes: {'*:*', 'uploads:*'}")
    expect(badRequest(() => pats.create(A, spec({ scopes: ['uploads_bundle:read'] }), 1))).toBe(
      "Invalid scopes: {'uploads_bundle:read'}",
    )
  })

  it('never grants tokens:* (unknown names are reported first)', () => {
    for (const scope of ['tokens:create', 'tokens:read', 'tokens:delete']) {
      expect(badRequest(() => pats.create(A, spec({ scopes: ['uploads:read', scope] }), 1))).toBe(
        'Personal access tokens are not allowed to operate on PATs.',
      )
    }
    expect(badRequest(() => pats.create(A, spec({ scopes: ['tokens:read', 'x'] }), 1))).toBe(
      "Invalid scopes: {'x'}",
    )
  })

  it('accepts every one of the 34 grantable scopes at once, in the given order', () => {
    const all = [
      'actions:read',
      'actions:run',
      'apps:read',
      'datasets:read',
      'datasets:write',
      'datasets:delete',
      'datasets:assign_doi',
      'entries:read',
      'entries:write',
      'federation:write',
      'graph:read',
      'groups:read',
      'groups:write',
      'groups:delete',
      'info:read',
      'materials:read',
      'metainfo:read',
      'north:read',
      'north:run',
      'schemas:read',
      'suggestions:read',
      'systems:read',
      'uploads:read',
      'uploads:write',
      'uploads:publish',
      'uploads:process',
      'uploads:assign_doi',
      'uploads:export',
      'uploads:import',
      'users:read',
      'users:invite',
      'external_optimade:read',
      'external_dcat:read',
      'external_h5grove:read',
    ]
    expect(pats.create(A, spec({ scopes: all }), 1).pat.scopes).toEqual(all)
  })

  it('limits active tokens per user; revoked and expired ones do not count', () => {
    sb.limits.patMaxActive = 2
    const first = pats.create(A, spec(), 1)
    pats.create(A, spec(), 2)
    expect(badRequest(() => pats.create(A, spec(), 1))).toBe(
      'Maximum number of active PAT (2) reached.',
    )
    pats.create(B, spec(), 1)
    pats.revoke(A, first.pat.id)
    pats.create(A, spec(), 1)
    sb.clock.now += DAY_MS + 1
    pats.create(A, spec(), 1)
    expect(badRequest(() => pats.create(A, spec(), 1))).toContain('Maximum number')
  })
})

describe('revocation', () => {
  it('is idempotent and keeps the first revocation time', () => {
    const { pat } = pats.create(A, spec(), 1)
    expect(pats.revoke(A, pat.id)).toBe(true)
    const revokedAt = pats.toJSON().tokens[0]?.revoked_at
    sb.clock.now += 1000
    expect(pats.revoke(A, pat.id)).toBe(true)
    expect(pats.toJSON().tokens[0]?.revoked_at).toBe(revokedAt)
    expect(pats.get(A, pat.id)?.revoked).toBe(true)
  })

  it("works on expired tokens and never on other users' or malformed ids", () => {
    const { pat } = pats.create(A, spec(), 1)
    expect(pats.revoke(B, pat.id)).toBe(false)
    expect(pats.revoke(A, 'not-an-object-id')).toBe(false)
    expect(pats.revoke(A, '0123456789abcdef01234567')).toBe(false)
    sb.clock.now += 2 * DAY_MS
    expect(pats.revoke(A, pat.id)).toBe(true)
  })
})

describe('rotation', () => {
  it('revokes the old token and issues a new one with the same metadata and whole-day lifetime', () => {
    const old = pats.create(
      A,
      spec({ name: 'ci', description: 'runner', scopes: ['uploads:write', 'entries:read'] }),
      10,
    )
    sb.clock.now += 3 * DAY_MS + 5000
    const rotated = pats.rotate(A, old.pat.id)
    expect(rotated?.pat).toMatchObject({
      name: 'ci',
      description: 'runner',
      scopes: ['uploads:write', 'entries:read'],
      revoked: false,
      created_at: new Date(sb.clock.now).toISOString(),
      expired_at: new Date(sb.clock.now + 10 * DAY_MS).toISOString(),
    })
    expect(rotated?.pat.id).not.toBe(old.pat.id)
    expect(rotated?.raw_token).not.toBe(old.raw_token)
    expect(pats.get(A, old.pat.id)?.revoked).toBe(true)
    expect(pats.authenticate(old.raw_token)).toBeNull()
    expect(pats.authenticate(rotated?.raw_token ?? '')?.userId).toBe(A)
  })

  it('keeps non-expiring tokens non-expiring', () => {
    sb.limits.patMaxLifetimeDays = null
    const old = pats.create(A, spec(), null)
    expect(pats.rotate(A, old.pat.id)?.pat.expired_at).toBeNull()
  })

  it('works at the active-token limit', () => {
    sb.limits.patMaxActive = 2
    pats.create(A, spec(), 1)
    const second = pats.create(A, spec(), 1)
    expect(pats.rotate(A, second.pat.id)?.pat.revoked).toBe(false)
  })

  it('refuses revoked and expired tokens; unknown and foreign ids give null', () => {
    const revoked = pats.create(A, spec(), 1)
    pats.revoke(A, revoked.pat.id)
    expect(badRequest(() => pats.rotate(A, revoked.pat.id))).toBe(
      'Cannot rotate an expired/revoked token.',
    )
    const expiring = pats.create(A, spec(), 1)
    sb.clock.now += DAY_MS + 1
    expect(badRequest(() => pats.rotate(A, expiring.pat.id))).toBe(
      'Cannot rotate an expired/revoked token.',
    )
    expect(pats.rotate(B, expiring.pat.id)).toBeNull()
    expect(pats.rotate(A, 'xyz')).toBeNull()
  })

  it('leaves the old token revoked when re-validation fails (max lifetime lowered)', () => {
    const old = pats.create(A, spec(), 100)
    sb.limits.patMaxLifetimeDays = 30
    expect(badRequest(() => pats.rotate(A, old.pat.id))).toBe(
      'Requested lifetime (100 days) exceeds the maximum allowed (30 days).',
    )
    expect(pats.get(A, old.pat.id)?.revoked).toBe(true)
  })
})

describe('authentication and lookup', () => {
  it('updates last_used_at on every use and only for active tokens', () => {
    const { pat, raw_token } = pats.create(A, spec(), 1)
    sb.clock.now += 1000
    expect(pats.authenticate(raw_token)).toEqual({ userId: A, scopes: ['uploads:read'] })
    expect(pats.get(A, pat.id)?.last_used_at).toBe(new Date(START + 1000).toISOString())
    sb.clock.now += 1000
    pats.authenticate(raw_token)
    expect(pats.get(A, pat.id)?.last_used_at).toBe(new Date(START + 2000).toISOString())
    expect(pats.authenticate(raw_token.slice(0, -1))).toBeNull()
    expect(pats.authenticate('Bearer ' + raw_token)).toBeNull()
  })

  it('shows a token only to its owner', () => {
    const { pat } = pats.create(A, spec(), 1)
    expect(pats.get(B, pat.id)).toBeNull()
    expect(pats.get(A, pat.id.toUpperCase())?.id).toBe(pat.id)
  })

  it('prunes records 365 days after expiry or revocation, like the TTL indexes', () => {
    const expiring = pats.create(A, spec(), 1)
    const revoked = pats.create(A, spec(), 365)
    pats.revoke(A, revoked.pat.id)
    sb.clock.now += 365 * DAY_MS
    expect(pats.get(A, revoked.pat.id)).not.toBeNull()
    expect(pats.get(A, expiring.pat.id)).not.toBeNull()
    sb.clock.now += DAY_MS + 1
    expect(pats.get(A, expiring.pat.id)).toBeNull()
    expect(pats.get(A, revoked.pat.id)).toBeNull()
  })
})

describe('persistence', () => {
  it('survives a save and load into a fresh store, raw tokens still authenticating', async () => {
    const { pat, raw_token } = pats.create(A, spec({ description: 'kept' }), 3)
    const saved = JSON.parse(JSON.stringify(pats.toJSON())) as unknown
    const other = await fakeSandbox()
    const fresh = new PatService(other.ctx)
    fresh.load(saved)
    expect(fresh.get(A, pat.id)).toEqual(pat)
    expect(fresh.authenticate(raw_token)?.userId).toBe(A)
  })

  it('refuses unreadable data instead of silently dropping tokens', () => {
    expect(() => pats.load({ version: 1, tokens: [{ id: 'x' }] })).toThrow(/unreadable/)
    expect(() => pats.load(null)).toThrow(/unreadable/)
  })
})
