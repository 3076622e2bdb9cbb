import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildConnector } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { createRealClock, RequestScheduler, seededRandom } from '../network/scheduler'
import { createHttpDispatcher, sendHttp, undiciTransport } from '../network/http-adapter'
import { ApiRequester } from './api-requester'
import type { CredentialSource } from './credentials'

/**
 * Redirect handling over real sockets. The sandbox never redirects, so two tiny node:http
 * servers play the API and "another server". The dispatcher connects any host name to this
 * computer, so the other server can sit behind a non-loopback name over plain http: exactly
 * where a token must never go.
 */
interface Seen {
  method: string
  url: string
  authorization: string | undefined
  contentType: string | undefined
  body: string
}
type Route = (req: IncomingMessage, res: ServerResponse, seen: Seen) => void

function startServer(route: Route) {
  const seen: Seen[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const entry: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      }
      seen.push(entry)
      route(req, res, entry)
    })
  })
  return new Promise<{ server: Server; port: number; seen: Seen[] }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, seen }),
    ),
  )
}

const redirect = (res: ServerResponse, status: number, location: string) => {
  res.writeHead(status, { location, 'content-type': 'text/plain' })
  res.end(`moved to ${location}`)
}
const json = (res: ServerResponse, value: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify(value))
}

const TOKEN = 'nomad_pat_redirectsecretredirectsecretredirectsec'
const credentials: CredentialSource = {
  credentialFor: () => ({ token: TOKEN, kind: 'pat', label: 'notebook' }),
}
const connect = buildConnector({})
// Every host name is this computer: "files.example.org" is a stranger that happens to be local.
const dispatcher = createHttpDispatcher({
  connect: (options, callback) => connect({ ...options, hostname: '127.0.0.1' }, callback),
})

let api: Awaited<ReturnType<typeof startServer>>
let other: Awaited<ReturnType<typeof startServer>>
let scheduler: RequestScheduler
let requester: ApiRequester
const elsewhere = (path: string) => `http://files.example.org:${other.port}${path}`

beforeAll(async () => {
  other = await startServer((_req, res) => json(res, { stolen: false }))
  api = await startServer((req, res) => {
    const path = req.url ?? ''
    if (path === '/api/v1/away') return redirect(res, 302, elsewhere('/collect'))
    if (path === '/api/v1/auth/token') return redirect(res, 307, elsewhere('/token'))
    if (path === '/api/v1/moved') return redirect(res, 302, '/api/v1/moved-here')
    if (path === '/api/v1/see-other') return redirect(res, 303, '/api/v1/result')
    if (path === '/api/v1/entries/query') return redirect(res, 307, '/api/v1/entries/query/')
    if (path.startsWith('/api/v1/loop')) return redirect(res, 302, `${path}x`)
    json(res, { ok: true })
  })
  scheduler = new RequestScheduler({
    origin: `http://127.0.0.1:${api.port}`,
    clock: createRealClock(),
    random: seededRandom(3),
  })
  requester = new ApiRequester({
    serverId: 'redirects',
    baseUrl: `http://127.0.0.1:${api.port}/api/v1`,
    scheduler,
    dispatcher,
    credentials,
  })
})
afterEach(() => {
  api.seen.length = 0
  other.seen.length = 0
})
afterAll(async () => {
  scheduler.dispose()
  await dispatcher.close()
  await new Promise((resolve) => api.server.close(resolve))
  await new Promise((resolve) => other.server.close(resolve))
})

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the request to fail')
    },
    (error: unknown) => error as AppError,
  )

describe('redirects', () => {
  it('follows a hop to another origin without the token (plain http, non-loopback)', async () => {
    await requester.requestEmpty('GET', '/away')
    expect(api.seen[0]?.authorization).toBe(`Bearer ${TOKEN}`)
    expect(other.seen).toEqual([
      expect.objectContaining({ method: 'GET', url: '/collect', authorization: undefined }),
    ])
  })

  it('never sends the sign-in form to another server', async () => {
    const error = await failure(
      requester.requestEmpty('POST', '/auth/token', {
        form: { grant_type: 'password', username: 'lena', password: 'lena-sandbox' },
      }),
    )
    expect(error).toBeInstanceOf(AppError)
    expect(error.code).toBe('server_error')
    expect(error.message).toContain(`redirected the request (HTTP 307) to ${elsewhere('/token')}`)
    expect(error.message).toContain('the request body would go to another server')
    expect(other.seen).toEqual([])
    expect(api.seen).toHaveLength(1)
  })

  it('does not send a body again after 302, even to the same server', async () => {
    const error = await failure(requester.requestEmpty('POST', '/moved', { json: { a: 1 } }))
    expect(error.message).toContain('never does after HTTP 302')
    expect(api.seen.map((s) => s.url)).toEqual(['/api/v1/moved'])
  })

  it('turns a POST answered 303 into a GET without the body', async () => {
    await requester.requestEmpty('POST', '/see-other', { json: { query: {} } })
    expect(
      api.seen.map(({ method, url, body, contentType }) => ({ method, url, body, contentType })),
    ).toEqual([
      {
        method: 'POST',
        url: '/api/v1/see-other',
        body: '{"query":{}}',
        contentType: 'application/json',
      },
      { method: 'GET', url: '/api/v1/result', body: '', contentType: undefined },
    ])
  })

  it('repeats body and token on a same-origin 307 (trailing slash)', async () => {
    await requester.requestEmpty('POST', '/entries/query', { json: { page_size: 1 } })
    expect(api.seen[1]).toMatchObject({
      method: 'POST',
      url: '/api/v1/entries/query/',
      body: '{"page_size":1}',
      authorization: `Bearer ${TOKEN}`,
    })
  })

  it('stops after three hops', async () => {
    const error = await failure(requester.requestEmpty('GET', '/loop'))
    expect(error.message).toContain('more than 3 times')
    expect(api.seen).toHaveLength(4)
  })

  it('asks the credential guard before every hop that keeps the token', async () => {
    const guarded: string[] = []
    const refusal = new AppError('forbidden', 'not there')
    const error = await failure(
      sendHttp(
        undiciTransport(dispatcher),
        {
          method: 'GET',
          url: `http://127.0.0.1:${api.port}/api/v1/loop`,
          headers: { authorization: `Bearer ${TOKEN}` },
        },
        new AbortController().signal,
        {
          credentialGuard: (url) => {
            guarded.push(url.pathname)
            if (guarded.length === 2) throw refusal
          },
        },
      ),
    )
    expect(error).toBe(refusal)
    expect(guarded).toEqual(['/api/v1/loopx', '/api/v1/loopxx'])
    expect(api.seen).toHaveLength(2)
  })
})
