import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../auth/testing/harness'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h.close()
})

interface User {
  user_id: string
  username: string
  email?: string
  [key: string]: unknown
}

const data = async (query: string) => {
  const reply = await h.call('GET', `/users${query}`)
  expect(reply.status).toBe(200)
  return (reply.body as { data: User[] }).data
}

describe('GET /users', () => {
  it('searches by prefix and never shows e-mail addresses or password hashes', async () => {
    const { username, user_id } = h.accounts.main
    const found = await data(`?prefix=${username.slice(0, 3).toUpperCase()}`)
    const user = found.find((candidate) => candidate.user_id === user_id)
    expect(user).toMatchObject({ username, name: expect.any(String) as string, is_admin: false })
    for (const entry of found) {
      expect(entry).not.toHaveProperty('email')
      expect(entry).not.toHaveProperty('passwordHash')
      expect(Object.values(entry)).not.toContain(null)
    }
  })

  it('concatenates exact lookups by id, username and e-mail, skipping unknown ones', async () => {
    const { main, other, admin } = h.accounts
    const found = await data(
      `?user_id=${other.user_id}&user_id=unknown&user_id=${main.user_id}&username=${admin.username}&username=nobody`,
    )
    expect(found.map((user) => user.user_id)).toEqual([other.user_id, main.user_id, admin.user_id])
    expect(await data('')).toEqual([])
  })

  it('looks users up by e-mail address without revealing it', async () => {
    const token = await h.login(h.accounts.main)
    const me = (await h.call('GET', '/users/me', { token })).body as User
    const found = await data(`?email=${encodeURIComponent(me.email ?? '')}`)
    expect(found.map((user) => user.user_id)).toEqual([h.accounts.main.user_id])
  })
})

describe('GET /users/me', () => {
  it('answers the full record with e-mail for the signed-in user', async () => {
    const token = await h.login(h.accounts.main)
    const reply = await h.call('GET', '/users/me', { token })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({
      user_id: h.accounts.main.user_id,
      username: h.accounts.main.username,
      email: expect.stringContaining('@') as string,
    })
    expect(reply.body).not.toHaveProperty('passwordHash')
  })

  it('answers 401 "Authentication required." without credentials', async () => {
    const reply = await h.call('GET', '/users/me')
    expect(reply.status).toBe(401)
    expect(reply.body).toEqual({ detail: 'Authentication required.' })
    expect(reply.headers['www-authenticate']).toBe('Bearer')
  })
})

describe('GET /users/{user_id}', () => {
  it('answers the public subset', async () => {
    const reply = await h.call('GET', `/users/${h.accounts.other.user_id}`)
    expect(reply.status).toBe(200)
    const keys = Object.keys(reply.body as object)
    expect(keys).toEqual(
      expect.arrayContaining(['name', 'first_name', 'last_name', 'user_id', 'username']),
    )
    for (const key of keys) {
      expect([
        'name',
        'first_name',
        'last_name',
        'affiliation',
        'affiliation_address',
        'user_id',
        'username',
      ]).toContain(key)
    }
  })

  it('answers 404 {detail} for an unknown id (the real server fails with 500)', async () => {
    const reply = await h.call('GET', '/users/no-such-user')
    expect(reply.status).toBe(404)
    expect(reply.body).toEqual({ detail: "User 'no-such-user' was not found." })
  })
})
