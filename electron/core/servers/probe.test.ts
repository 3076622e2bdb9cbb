import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { probeServer } from './probe'

let server: Server | undefined

/** A real loopback HTTP server answering like (or unlike) a NOMAD API. */
async function serve(listener: RequestListener): Promise<string> {
  server = createServer(listener)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return `http://127.0.0.1:${port}/api/v1`
}

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
})

const json =
  (status: number, body: unknown): RequestListener =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

describe('probeServer', () => {
  it('reports online with the version from GET {baseUrl}/info', async () => {
    let path = ''
    const base = await serve((req, res) => {
      path = req.url ?? ''
      json(200, { version: '1.3.16', deployment: 'test', extra: [1, 2] })(req, res)
    })
    expect(await probeServer(base)).toEqual({ state: 'online', version: '1.3.16' })
    expect(path).toBe('/api/v1/info')
  })

  it.each([
    ['a wrong path', json(404, { detail: 'Not Found' }), 'answered 404'],
    ['a non-JSON page', (_req, res) => res.end('<html>hello</html>'), 'did not answer with JSON'],
    ['JSON without a version', json(200, { hello: 'world' }), 'without a version'],
    ['a rate-limited server', json(503, {}), 'limiting requests (503)'],
    ['a server error', json(502, {}), 'reported an error (502)'],
  ])('explains %s', async (_label, listener, expected) => {
    const outcome = await probeServer(await serve(listener))
    expect(outcome.state).toBe('error')
    expect(outcome.message).toContain(expected)
  })

  it('treats an Oasis that demands sign-in as reachable', async () => {
    const base = await serve(json(401, { detail: 'Authentication is required for this Oasis' }))
    const outcome = await probeServer(base)
    expect(outcome.state).toBe('online')
    expect(outcome.message).toContain('requires sign-in')
  })

  it('reports a refused connection as offline, naming the host', async () => {
    const base = await serve(json(200, {}))
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    server = undefined
    const outcome = await probeServer(base)
    expect(outcome.state).toBe('offline')
    expect(outcome.message).toMatch(/127\.0\.0\.1:\d+ refused the connection/)
  })

  it('gives up after the timeout with a message that says so', async () => {
    const base = await serve(() => undefined) // never answers
    const outcome = await probeServer(base, { timeoutMs: 200 })
    expect(outcome.state).toBe('offline')
    expect(outcome.message).toMatch(/^No answer from 127\.0\.0\.1:\d+ within 0.2 s\.$/)
  })

  it('rejects when the caller aborts, so a superseded check never overwrites a newer one', async () => {
    const base = await serve(() => undefined)
    const controller = new AbortController()
    const pending = probeServer(base, { signal: controller.signal })
    controller.abort(new Error('superseded'))
    await expect(pending).rejects.toThrow('superseded')
  })
})
