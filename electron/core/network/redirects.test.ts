import { describe, expect, it } from 'vitest'
import type { HttpRequest } from './http-request'
import { planRedirect } from './redirects'

const API = 'https://nomad.example.org/prod/v1/api/v1'
const get: HttpRequest = {
  method: 'GET',
  url: `${API}/datasets`,
  headers: { accept: 'application/json', authorization: 'Bearer secret' },
}
const post: HttpRequest = {
  method: 'POST',
  url: `${API}/auth/token`,
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    'Content-Length': '40',
    authorization: 'Bearer secret',
  },
  body: 'grant_type=password&username=lena&password=pw',
}

const follow = (request: HttpRequest, status: number, location: string) => {
  const plan = planRedirect(request, status, location)
  if (plan.kind !== 'follow') throw new Error(`expected to follow, got ${JSON.stringify(plan)}`)
  return plan
}

describe('planRedirect', () => {
  it('ignores answers that are not followable redirects', () => {
    expect(planRedirect(get, 200, `${API}/x`)).toEqual({ kind: 'none' })
    expect(planRedirect(get, 304, `${API}/x`)).toEqual({ kind: 'none' })
    expect(planRedirect(get, 302, undefined)).toEqual({ kind: 'none' })
  })

  it('keeps credentials on a same-origin hop (NOMAD trailing slash)', () => {
    const plan = follow(get, 307, '/prod/v1/api/v1/datasets/')
    expect(plan.request).toEqual({ ...get, url: `${API}/datasets/` })
    expect(plan.carriesCredentials).toBe(true)
  })

  it('drops Authorization and cookies on a hop to another origin, even another port', () => {
    for (const target of [
      'https://files.example.org/x',
      'https://nomad.example.org:8443/x',
      'http://nomad.example.org/x',
    ]) {
      const plan = follow({ ...get, headers: { ...get.headers, Cookie: 'a=b' } }, 302, target)
      expect(plan.request.headers).toEqual({ accept: 'application/json' })
      expect(plan.carriesCredentials).toBe(false)
    }
  })

  it('never sends a body again after 301 or 302', () => {
    for (const status of [301, 302]) {
      const plan = planRedirect(post, status, `${API}/auth/token/`)
      expect(plan).toMatchObject({ kind: 'refuse', target: `${API}/auth/token/` })
    }
  })

  it('turns 303 into a GET without body or body headers', () => {
    const plan = follow(post, 303, '/prod/v1/api/v1/auth/done')
    expect(plan.request).toEqual({
      method: 'GET',
      url: `${API}/auth/done`,
      headers: { authorization: 'Bearer secret' },
    })
  })

  it('repeats a body on 307/308 only to the same origin', () => {
    expect(follow(post, 308, `${API}/auth/token/`).request.body).toBe(post.body)
    const away = planRedirect(post, 307, 'https://login.example.net/token')
    expect(away).toMatchObject({
      kind: 'refuse',
      target: 'https://login.example.net/token',
      reason: 'the request body would go to another server',
    })
  })

  it('refuses other schemes and unparsable addresses', () => {
    expect(planRedirect(get, 302, 'file:///etc/passwd')).toMatchObject({ kind: 'refuse' })
    expect(planRedirect(get, 302, 'http://[::1')).toMatchObject({ kind: 'refuse' })
  })
})
