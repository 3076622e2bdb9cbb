import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestClient } from '../api/test-support/test-client'
import { probeServer } from './probe'

// These answers are what a wrong address or a non-NOMAD server sends, which the sandbox never
// does; so a plain loopback server plays them. The probe goes through a real NomadClient.
let server: Server | undefined
const closers: (() => Promise<void>)[] = []

async function serve(listener: RequestListener): Promise<string> {
  server = createServer(listener)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return `http://127.0.0.1:${port}/api/v1`
}

function clientAt(baseUrl: string) {
  // Short backoff: retried 502/503 answers would otherwise wait about a second each.
  const made = createTestClient(baseUrl, {
    config: { backoff: { throttleBaseMs: 10, transientBaseMs: 10 } },
  })
  closers.push(made.close)
  return made.client
}

afterEach(async () => {
  for (const close of closers.splice(0)) await close()
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
  it('reports online with the version from GET {baseUrl}/info, without credentials', async () => {
    let path = ''
    let authorization: string | undefined
    const base = await serve((req, res) => {
      path = req.url ?? ''
      authorization = req.headers.authorization
      json(200, { version: '1.3.16', deployment: 'test', extra: [1, 2] })(req, res)
    })
    expect(await probeServer(clientAt(base))).toEqual({ state: 'online', version: '1.3.16' })
    expect(path).toBe('/api/v1/info')
    expect(authorization).toBeUndefined()
  })

  it.each([
    ['a wrong path', json(404, { detail: 'Not Found' }), 'answered 404'],
    ['a non-JSON page', (_req, res) => res.end('<html>hello</html>'), 'did not answer with JSON'],
    ['JSON without a version', json(200, { hello: 'world' }), 'without a version'],
    ['a rate-limited server', json(503, {}), 'limiting requests (503)'],
    ['a server error', json(502, {}), 'reported an error (502)'],
  ] satisfies [string, RequestListener, string][])(
    'explains %s',
    async (_label, listener, expected) => {
      const outcome = await probeServer(clientAt(await serve(listener)))
      expect(outcome.state).toBe('error')
      expect(outcome.message).toContain(expected)
    },
  )

  it('treats an Oasis that demands sign-in as reachable', async () => {
    const base = await serve(json(401, { detail: 'Authentication is required for this Oasis' }))
    const outcome = await probeServer(clientAt(base))
    expect(outcome.state).toBe('online')
    expect(outcome.message).toContain('requires sign-in')
  })

  it('reports a refused connection as offline, naming the host', async () => {
    const base = await serve(json(200, {}))
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    server = undefined
    const outcome = await probeServer(clientAt(base))
    expect(outcome.state).toBe('offline')
    expect(outcome.message).toMatch(/127\.0\.0\.1:\d+ refused the connection/)
  })

  it('gives up after the timeout with a message that says so', async () => {
    const base = await serve(() => undefined) // never answers
    const outcome = await probeServer(clientAt(base), { timeoutMs: 200 })
    expect(outcome.state).toBe('offline')
    expect(outcome.message).toMatch(/^No answer from 127\.0\.0\.1:\d+ within 0.2 s\.$/)
  })

  it('rejects when the caller aborts, so a superseded check never overwrites a newer one', async () => {
    const base = await serve(() => undefined)
    const controller = new AbortController()
    const pending = probeServer(clientAt(base), { signal: controller.signal })
    controller.abort(new Error('superseded'))
    await expect(pending).rejects.toThrow('superseded')
  })
})
