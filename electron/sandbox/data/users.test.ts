import { scryptSync, timingSafeEqual } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, DEMO_USERS } from './users'

function matches(password: string, stored: string): boolean {
  const [scheme, saltHex, hashHex] = stored.split('$')
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false
  const expected = Buffer.from(hashHex, 'hex')
  const actual = scryptSync(password, Buffer.from(saltHex, 'hex'), expected.length)
  return timingSafeEqual(actual, expected)
}

describe('demo users', () => {
  it('stores a scrypt hash that matches every documented password', () => {
    for (const account of DEMO_ACCOUNTS) {
      const user = DEMO_USERS.find((u) => u.user_id === account.user_id)
      expect(user, account.username).toBeDefined()
      expect(matches(account.password, user!.passwordHash), account.username).toBe(true)
      expect(matches(account.password + 'x', user!.passwordHash)).toBe(false)
    }
  })

  it('has unique usernames and UUID-shaped ids, and exactly one admin', () => {
    expect(new Set(DEMO_USERS.map((u) => u.username)).size).toBe(DEMO_USERS.length)
    for (const user of DEMO_USERS) expect(user.user_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(DEMO_USERS.filter((u) => u.is_admin).map((u) => u.username)).toEqual(['admin'])
  })
})
