import { beforeEach, describe, expect, it } from 'vitest'
import { DAY_MS } from './pat-rules'
import { PAT_ORDER_BY, type PatFilters, type PatOrderBy } from './pat-query'
import { patServiceFor, type PatService } from './pats'
import { fakeSandbox, START, USER_IDS, type FakeSandbox } from './testing/fake-sandbox'

const A = USER_IDS.alice
const NO_FILTERS: PatFilters = {
  search: null,
  revoked: null,
  state: null,
  createdAfter: null,
  createdBefore: null,
  lastUsedAfter: null,
  lastUsedBefore: null,
  expiresAfter: null,
  expiresBefore: null,
}

let sb: FakeSandbox
let pats: PatService
let raw: Record<string, string>

/**
 * Four tokens a day apart: "Beta" (never expires, used), "alpha" (revoked), "Gamma" (expired),
 * "delta" (active, never used). The clock ends on day 10.
 */
beforeEach(async () => {
  sb = await fakeSandbox({ patMaxLifetimeDays: null })
  pats = patServiceFor(sb.ctx)
  raw = {}
  const make = (name: string, days: number | null) => {
    const created = pats.create(A, { name, scopes: ['uploads:read'] }, days)
    raw[name] = created.raw_token
    sb.clock.now += DAY_MS
    return created.pat.id
  }
  make('Beta', null)
  const alpha = make('alpha', 30)
  make('Gamma', 2)
  make('delta', 20)
  pats.create(USER_IDS.bob, { name: 'bobs', scopes: ['uploads:read'] }, 1)
  pats.revoke(A, alpha)
  pats.authenticate(raw.Beta ?? '')
  sb.clock.now = START + 10 * DAY_MS
})

const names = (filters: Partial<PatFilters> = {}, orderBy: PatOrderBy = 'created_desc') =>
  pats
    .list(A, { filters: { ...NO_FILTERS, ...filters }, orderBy, start: 0, limit: 100 })
    .data.map((pat) => pat.name)

describe('PAT listing', () => {
  it("lists only the caller's tokens, revoked and expired included, newest first", () => {
    expect(names()).toEqual(['delta', 'Gamma', 'alpha', 'Beta'])
  })

  it('searches names case-insensitively as a substring', () => {
    expect(names({ search: 'ETA' })).toEqual(['Beta'])
    expect(names({ search: 'a' })).toEqual(['delta', 'Gamma', 'alpha', 'Beta'])
    expect(names({ search: '.*' })).toEqual([])
  })

  it('filters on the revoked flag only, or on active/inactive state', () => {
    expect(names({ revoked: true })).toEqual(['alpha'])
    expect(names({ revoked: false })).toEqual(['delta', 'Gamma', 'Beta'])
    expect(names({ state: 'active' })).toEqual(['delta', 'Beta'])
    expect(names({ state: 'inactive' })).toEqual(['Gamma', 'alpha'])
  })

  it('applies inclusive datetime bounds that never match null values', () => {
    expect(names({ createdAfter: START + DAY_MS, createdBefore: START + 2 * DAY_MS })).toEqual([
      'Gamma',
      'alpha',
    ])
    expect(names({ lastUsedAfter: START })).toEqual(['Beta'])
    expect(names({ lastUsedBefore: START + 100 * DAY_MS })).toEqual(['Beta'])
    expect(names({ expiresAfter: START })).toEqual(['delta', 'Gamma', 'alpha'])
    expect(names({ expiresBefore: START + 4 * DAY_MS })).toEqual(['Gamma'])
  })

  it('orders on one key with nulls first ascending and last descending', () => {
    expect(names({}, 'created_asc')).toEqual(['Beta', 'alpha', 'Gamma', 'delta'])
    expect(names({}, 'expires_asc')).toEqual(['Beta', 'Gamma', 'delta', 'alpha'])
    expect(names({}, 'expires_desc')).toEqual(['alpha', 'delta', 'Gamma', 'Beta'])
    expect(names({}, 'last_used_asc')).toEqual(['alpha', 'Gamma', 'delta', 'Beta'])
    expect(names({}, 'last_used_desc')).toEqual(['Beta', 'alpha', 'Gamma', 'delta'])
    // Binary (byte) order as MongoDB without collation: upper case before lower case.
    expect(names({}, 'name_asc')).toEqual(['Beta', 'Gamma', 'alpha', 'delta'])
    expect(names({}, 'name_desc')).toEqual(['delta', 'alpha', 'Gamma', 'Beta'])
    expect(PAT_ORDER_BY).toHaveLength(8)
  })

  it('slices a page and counts all matches; page size 0 only counts', () => {
    const page = pats.list(A, { filters: NO_FILTERS, orderBy: 'created_asc', start: 1, limit: 2 })
    expect(page.total).toBe(4)
    expect(page.data.map((pat) => pat.name)).toEqual(['alpha', 'Gamma'])
    expect(
      pats.list(A, { filters: NO_FILTERS, orderBy: 'created_asc', start: 0, limit: 0 }),
    ).toEqual({
      data: [],
      total: 4,
    })
  })
})
