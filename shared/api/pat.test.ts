import { describe, expect, it } from 'vitest'
import { decodeWire } from './decode'
import { derivePatState, patCreationResponse, patListResponse, patRecord } from './pat'

const record = {
  id: '66f1c0ffee0123456789abcd',
  name: 'CI uploads',
  scopes: ['uploads:read', 'uploads:write'],
  description: null,
  revoked: false,
  created_at: '2025-01-10T09:00:00Z',
  expired_at: '2025-02-09T09:00:00+00:00',
  last_used_at: null,
}

describe('PAT schemas', () => {
  it('keep the nulls the server sends', () => {
    const decoded = decodeWire(patRecord, record, 'GET /auth/pats/x')
    expect(decoded.description).toBeNull()
    expect(decoded.last_used_at).toBeNull()
    expect(decoded.expired_at).toBe('2025-02-09T09:00:00+00:00')
  })

  it('decode omitted nullable fields as null too', () => {
    const { description: _d, last_used_at: _l, expired_at: _e, ...rest } = record
    const decoded = decodeWire(patRecord, rest, 'GET /auth/pats/x')
    expect([decoded.description, decoded.expired_at, decoded.last_used_at]).toEqual([
      null,
      null,
      null,
    ])
  })

  it('reject a record without its revoked flag or with text scopes', () => {
    const { revoked: _r, ...noRevoked } = record
    expect(() => decodeWire(patRecord, noRevoked, 'GET /auth/pats/x')).toThrow('revoked is missing')
    expect(() =>
      decodeWire(patRecord, { ...record, scopes: 'uploads:read' }, 'GET /auth/pats/x'),
    ).toThrow('scopes should be a list but is a string')
  })

  it('decode the creation and list answers', () => {
    const created = decodeWire(
      patCreationResponse,
      { pat: record, raw_token: `nomad_pat_${'a'.repeat(43)}` },
      'POST /auth/pats',
    )
    expect(created.raw_token).toHaveLength(53)
    const list = {
      query: {
        search: null,
        revoked: null,
        state: 'active',
        created_after: null,
        created_before: null,
      },
      pagination: {
        page_size: 10,
        order_by: 'created_desc',
        order: 'asc',
        page_after_value: null,
        page: 1,
        page_offset: null,
        total: 1,
        next_page_after_value: null,
        page_url: 'http://x/api/v1/auth/pats?state=active',
        next_page_url: null,
        prev_page_url: null,
        first_page_url: 'http://x/api/v1/auth/pats?state=active',
      },
      data: [record],
    }
    expect(decodeWire(patListResponse, list, 'GET /auth/pats').data).toHaveLength(1)
    expect(() =>
      decodeWire(
        patListResponse,
        { ...list, pagination: { ...list.pagination, page: null } },
        'GET /auth/pats',
      ),
    ).toThrow('pagination.page should be a number but is null')
  })
})

describe('derivePatState', () => {
  const now = Date.parse('2025-02-01T00:00:00Z')

  it('is active before expiry, at the exact instant, and without expiry', () => {
    expect(derivePatState({ revoked: false, expired_at: '2025-02-09T09:00:00+00:00' }, now)).toBe(
      'active',
    )
    expect(derivePatState({ revoked: false, expired_at: '2025-02-01T00:00:00Z' }, now)).toBe(
      'active',
    )
    expect(derivePatState({ revoked: false, expired_at: null }, new Date(now))).toBe('active')
  })

  it('is expired once expired_at is in the past, reading naive times as UTC', () => {
    expect(derivePatState({ revoked: false, expired_at: '2025-01-31T23:59:59.999Z' }, now)).toBe(
      'expired',
    )
    expect(derivePatState({ revoked: false, expired_at: '2025-01-31T23:59:59.999000' }, now)).toBe(
      'expired',
    )
  })

  it('lets revoked win over expired', () => {
    expect(derivePatState({ revoked: true, expired_at: '2020-01-01T00:00:00Z' }, now)).toBe(
      'revoked',
    )
    expect(derivePatState({ revoked: true, expired_at: null }, now)).toBe('revoked')
  })
})
