import { describe, expect, it } from 'vitest'
import { accessTokenExpiry, FALLBACK_LIFETIME_MS } from './jwt-expiry'
import { createSessions, type Session } from './sessions'

const jwt = (payload: object) =>
  ['eyJhbGciOiJIUzI1NiJ9', Buffer.from(JSON.stringify(payload)).toString('base64url'), 'sig'].join(
    '.',
  )

describe('access token expiry', () => {
  it('reads exp from the JWT without verifying it', () => {
    expect(accessTokenExpiry(jwt({ exp: 2_000_000_000, sub: 'x' }), 0)).toBe(2_000_000_000_000)
  })
  it('falls back to now + 5 minutes for tokens without a readable exp', () => {
    expect(accessTokenExpiry('opaque-token', 1000)).toBe(1000 + FALLBACK_LIFETIME_MS)
    expect(accessTokenExpiry(jwt({ sub: 'x' }), 1000)).toBe(1000 + FALLBACK_LIFETIME_MS)
    expect(accessTokenExpiry('a.%%%.c', 1000)).toBe(1000 + FALLBACK_LIFETIME_MS)
  })
})

describe('sessions', () => {
  const session = (expiresAt: number): Session => ({
    serverId: 's',
    accessToken: 'token',
    user: { userId: 'u', username: 'lena', name: null, email: null },
    expiresAt,
    signedInAt: 0,
  })

  it('ends a session at its expiry and remembers why', () => {
    let now = 0
    const sessions = createSessions({ now: () => now })
    const changes: string[] = []
    sessions.onChange((id) => changes.push(id))
    sessions.set(session(1000))
    expect(sessions.get('s')?.accessToken).toBe('token')
    now = 1000
    expect(sessions.get('s')).toBeUndefined()
    expect(sessions.endedBy('s')).toBe('expired')
    expect(changes).toEqual(['s', 's'])
    sessions.dispose()
  })

  it('forgets the reason on sign-out and on a new sign-in', () => {
    const sessions = createSessions({ now: () => 0 })
    sessions.set(session(1000))
    sessions.end('s', 'rejected')
    expect(sessions.endedBy('s')).toBe('rejected')
    sessions.set(session(1000))
    expect(sessions.endedBy('s')).toBeUndefined()
    sessions.end('s', 'signed-out')
    expect(sessions.endedBy('s')).toBeUndefined()
    expect(sessions.get('s')).toBeUndefined()
    sessions.dispose()
  })
})
