import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieName } from './request-guard'
import { ownPath, type HostHandle } from './start-host'
import { makeTempDirs, rawGet, startTestHost } from './test-helpers'

let dirs: ReturnType<typeof makeTempDirs>
let host: HostHandle

beforeAll(async () => {
  dirs = makeTempDirs()
  host = await startTestHost(dirs)
})
afterAll(async () => {
  await host.close()
  dirs.cleanup()
})

describe('web host: the token exchange redirects only to its own paths', () => {
  it.each([
    ['/a/..//evil.example/', '/evil.example/'],
    // Resolved against the host as scheme-relative URLs: the path is what remains, '/'.
    ['//evil.example/', '/'],
    ['/\\evil.example/', '/'],
    ['/%2f%2fevil.example/', '/%2f%2fevil.example/'],
    ['/assets/app.js', '/assets/app.js'],
  ])('%s redirects to %s', async (path, location) => {
    const answer = await rawGet(host.port, `${path}?token=${host.token}`)
    expect(answer.status).toBe(303)
    expect(answer.headers.location).toBe(location)
  })

  it('keeps the other query parameters on the own path', () => {
    expect(ownPath(new URL('http://127.0.0.1:1//x.example/p?a=1'))).toBe('/x.example/p?a=1')
  })
})

describe('web host: every response carries the security headers', () => {
  const cookie = (): Record<string, string> => ({
    cookie: `${cookieName(host.port)}=${host.token}`,
  })
  const cases: [string, () => string, () => Record<string, string>][] = [
    ['the 303 of the token exchange', () => `/?token=${host.token}`, () => ({})],
    ['a 401', () => '/', () => ({})],
    ['a 403', () => '/', () => ({ host: 'evil.example' })],
    ['a 404', () => '/missing.js', cookie],
    ['a 200', () => '/', cookie],
  ]
  it.each(cases)('%s', async (_name, path, headers) => {
    const answer = await rawGet(host.port, path(), headers())
    expect(answer.headers['content-security-policy']).toBeTruthy()
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(answer.headers['x-frame-options']).toBe('DENY')
  })
})
