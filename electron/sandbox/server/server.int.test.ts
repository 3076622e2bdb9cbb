import { get as httpGet, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../index'
import { get, post, testSandbox } from '../testing/harness'

describe('server skeleton', () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await testSandbox({ entries: 50 })
  })
  afterAll(async () => sandbox.close())

  it('listens on a free loopback port under /api/v1', () => {
    expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/)
    expect(sandbox.port).toBeGreaterThan(0)
  })

  it('redirects the base path to the dashboard', async () => {
    for (const path of ['', '/']) {
      const response = await get(sandbox, path)
      expect(response.status).toBe(307)
      expect(response.headers.get('location')).toBe('/api/v1/extensions/docs')
    }
  })

  it('serves the OpenAPI document with bearer and password-flow security schemes', async () => {
    const response = await get<{
      paths: Record<string, unknown>
      components: { securitySchemes: Record<string, { type: string; flows?: unknown }> }
    }>(sandbox, '/openapi.json')
    expect(response.status).toBe(200)
    expect(Object.keys(response.body.paths)).toContain('/api/v1/alive')
    expect(response.body.components.securitySchemes.HTTPBearer?.type).toBe('http')
    expect(response.body.components.securitySchemes.OAuth2PasswordBearer?.flows).toEqual({
      password: { tokenUrl: '/api/v1/auth/token', scopes: {} },
    })
  })

  it('names wildcard segments {path} with a declared parameter, as the real server does', async () => {
    type Operation = { parameters?: { name: string; in: string; required?: boolean }[] }
    const response = await get<{ paths: Record<string, Record<string, Operation>> }>(
      sandbox,
      '/openapi.json',
    )
    const routes = Object.keys(response.body.paths)
    expect(routes.filter((route) => route.includes('{*}'))).toEqual([])
    const raw = response.body.paths['/api/v1/uploads/{upload_id}/raw/{path}']?.get
    expect(raw?.parameters).toContainEqual(
      expect.objectContaining({ name: 'path', in: 'path', required: true }),
    )
    expect(raw?.parameters?.map((p) => p.name)).not.toContain('*')
    // Swagger UI fills {path} URL-encoded; the route must take "a%2Fb" as the path "a/b".
    const page = await post<{ data: { upload_id: string; mainfile: string }[] }>(
      sandbox,
      '/entries/query',
      { pagination: { page_size: 1 }, required: { include: ['upload_id', 'mainfile'] } },
    )
    const entry = page.body.data[0]
    if (entry === undefined) throw new Error('the sandbox has no entries')
    const encoded = encodeURIComponent(entry.mainfile)
    expect(encoded).toContain('%2F')
    const file = await get(sandbox, `/uploads/${entry.upload_id}/raw/${encoded}?length=16`)
    expect(file.status).toBe(200)
  })

  it('serves the Swagger UI dashboard', async () => {
    const response = await get(sandbox, '/extensions/docs')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.text).toContain('swagger')
  })

  it("serves the dashboard's files with caching, and its unknown paths as not found", async () => {
    const css = await fetch(`${sandbox.baseUrl}/extensions/docs/static/swagger-ui.css`)
    expect(css.status).toBe(200)
    expect(css.headers.get('content-type')).toContain('text/css')
    expect((await css.text()).length).toBeGreaterThan(10_000)
    const etag = css.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    // node:http, not fetch: fetch sends `Cache-Control: no-cache` with a conditional request.
    const again = await new Promise<IncomingMessage>((done, fail) =>
      httpGet(
        `${sandbox.baseUrl}/extensions/docs/static/swagger-ui.css`,
        { headers: { 'if-none-match': etag } },
        done,
      ).on('error', fail),
    )
    again.resume()
    expect(again.statusCode).toBe(304)
    expect(again.headers['content-type']).toBeUndefined()
    const head = await fetch(`${sandbox.baseUrl}/extensions/docs/static/swagger-ui.css`, {
      method: 'HEAD',
    })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(css.headers.get('content-length'))
    const missing = await get(sandbox, '/extensions/docs/no-such-file')
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('{"detail":"Not Found"}')
  })

  it('answers unknown routes like FastAPI and the health check like NOMAD', async () => {
    const missing = await get(sandbox, '/no/such/route')
    expect(missing.status).toBe(404)
    expect(missing.text).toBe('{"detail":"Not Found"}')
    expect((await get(sandbox, '/alive')).body).toBe('I am, alive!')
  })

  it('honours a custom base path', async () => {
    const other = await testSandbox({ entries: 20, basePath: '/fairdi/nomad/latest/api/v1' })
    try {
      expect(other.baseUrl).toMatch(/\/fairdi\/nomad\/latest\/api\/v1$/)
      expect((await get(other, '/alive')).status).toBe(200)
      const outside = await fetch(other.baseUrl.replace(/\/fairdi.*$/, '/api/v1/alive'))
      expect(outside.status).toBe(404)
    } finally {
      await other.close()
    }
  })
})
