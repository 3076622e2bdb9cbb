import { describe, expect, it } from 'vitest'
import { verifyPassword } from '../auth/passwords'
import { DEMO_ACCOUNTS, DEMO_USERS } from './users'

describe('demo users', () => {
  // Each check is a full scrypt (about 50 ms of one core on a quiet machine, many times that
  // while the rest of the suite runs beside it): they run in parallel on libuv's pool and get a
  // budget that fits a loaded CI machine, because a timeout here says nothing about the hashes.
  it(
    'stores a scrypt hash that matches every documented password',
    { timeout: 60_000 },
    async () => {
      const checks = DEMO_ACCOUNTS.map(async (account) => {
        const user = DEMO_USERS.find((u) => u.user_id === account.user_id)
        expect(user, account.username).toBeDefined()
        const [right, wrong] = await Promise.all([
          verifyPassword(account.password, user?.passwordHash),
          verifyPassword(account.password + 'x', user?.passwordHash),
        ])
        return { username: account.username, right, wrong }
      })
      for (const { username, right, wrong } of await Promise.all(checks)) {
        expect(right, username).toBe(true)
        expect(wrong, username).toBe(false)
      }
    },
  )

  it('has unique usernames and UUID-shaped ids, and exactly one admin', () => {
    expect(new Set(DEMO_USERS.map((u) => u.username)).size).toBe(DEMO_USERS.length)
    for (const user of DEMO_USERS) expect(user.user_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(DEMO_USERS.filter((u) => u.is_admin).map((u) => u.username)).toEqual(['admin'])
  })
})
