import { resolve } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteInfo, Sandbox } from '../sandbox'
import { login, testSandbox } from '../sandbox/testing/harness'
import {
  fuzzParameters,
  hostileInput,
  hostileValue,
  render,
  renderInput,
  schemaPaths,
  type HostileInput,
} from './hostile-values'
import { rawRequest, type RawAnswer } from './raw-http'

/**
 * Every route of the sandbox's route table with hostile path parameters (traversal in its
 * encodings), query strings and bodies, over real HTTP. Each answer must be a server's answer:
 * below 500, without a traceback or a path of this machine, and not far larger than the request
 * unless the data justifies it. After each route: the server still answers /info within a second
 * and memory is back within bounds.
 */

const REPO_ROOT = resolve(import.meta.dirname, '../..')
/** The sandbox runs inside the test worker, so this also absorbs the runner's own growth. */
const RSS_HEADROOM = 384 * 1024 * 1024
/** An answer may be this large whatever was asked (a page of ten 1 MB archives is data). */
const ANSWER_FLOOR = 16 * 1024 * 1024

const segments = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%252e%252e%252f',
  '..%5c..%5cwindows',
  '%c0%ae%c0%ae',
  '....%2f%2f',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F%98',
  '%',
  '%zz',
  '__proto__',
  'constructor',
  'toString',
  '%20',
  '.%2e',
  '..;',
  'x'.repeat(2500),
]
const tails = [
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/etc/passwd',
  '//etc/passwd',
  'a/%00/b',
  '..\\..\\..\\windows\\win.ini',
  '%ED%A0%80/x',
  'a/./b/../../..',
  '__proto__/constructor',
]
const queryParams = [
  'json_query=' + encodeURIComponent(render({ kind: 'deepObject', depth: 2000 })),
  'json_query=' + encodeURIComponent('{"__proto__":{"x":1}}'),
  'json_query=%7B',
  'page_size=1e309',
  'page_size=-1',
  'page_size=99999999999999999999',
  'page=-5',
  'owner=__proto__',
  '__proto__=1',
  'constructor=1',
  'q=__proto____any__1',
  'order_by=constructor',
  'include=__proto__',
  'page_after_value=%ED%A0%80',
  'entry_id=%ED%A0%80',
  'upload_id=..%2F..',
  'compress=maybe',
  Array.from({ length: 300 }, (_, i) => `results.material.elements=${i}`).join('&'),
]

interface HostileRequest {
  params: string[]
  tail: string
  query: string[]
  body: HostileInput | null
  auth: boolean
}

function requestFor(route: RouteInfo): fc.Arbitrary<HostileRequest> {
  const params = (route.url.match(/:[A-Za-z_]+/g) ?? []).length
  const paths = route.body ? schemaPaths(route.body) : []
  return fc.record({
    params: fc.array(fc.constantFrom(...segments), { minLength: params, maxLength: params }),
    tail: fc.constantFrom(...tails),
    query: fc.subarray(queryParams, { maxLength: 3 }),
    body: ['POST', 'PUT', 'PATCH'].includes(route.method)
      ? hostileInput(paths).map((input) => input)
      : fc.constant(null),
    auth: fc.boolean(),
  })
}

function pathFor(route: RouteInfo, request: HostileRequest): string {
  let index = 0
  const path = route.url
    .replace(/:[A-Za-z_]+/g, () => request.params[index++] ?? 'x')
    .replace('*', request.tail)
  return request.query.length > 0 ? `${path}?${request.query.join('&')}` : path
}

/** A server's answer: no 5xx, no traceback, no local path, a size the request justifies. */
function expectServerAnswer(
  answer: RawAnswer,
  requestBytes: number,
  what: string,
  dataBytes = 0,
): void {
  expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBeLessThan(500)
  expect(answer.text, what).not.toContain('exception_traceback')
  expect(answer.text, what).not.toContain(REPO_ROOT)
  expect(answer.text, what).not.toMatch(/node_modules|file:\/\/|\n\s+at \S+ \(/)
  expect(answer.bytes, `${what}: ${answer.bytes} bytes`).toBeLessThanOrEqual(
    Math.max(ANSWER_FLOOR, 64 * requestBytes, 2 * dataBytes),
  )
}

let sandbox: Sandbox
let token = ''
let port = 0
let baseline = 0
const basePathOf = (s: Sandbox) => new URL(s.baseUrl).pathname

/** RSS after a full collection (the fuzz project runs with --expose-gc). */
function settledRss(): number {
  ;(globalThis as { gc?: () => void }).gc?.()
  return process.memoryUsage().rss
}

async function expectHealthy(what: string): Promise<void> {
  const started = Date.now()
  const info = await rawRequest(port, 'GET', `${basePathOf(sandbox)}/info`)
  expect(info.status, `${what}: /info answered ${info.status}`).toBe(200)
  expect(Date.now() - started, `${what}: /info took too long`).toBeLessThan(1000)
  let rss = settledRss()
  for (let attempt = 0; attempt < 10 && rss > baseline + RSS_HEADROOM; attempt++) {
    await new Promise((done) => setTimeout(done, 300))
    rss = settledRss()
  }
  expect(rss, `${what}: RSS ${Math.round(rss / 2 ** 20)} MB`).toBeLessThanOrEqual(
    baseline + RSS_HEADROOM,
  )
}

function send(route: RouteInfo, request: HostileRequest): Promise<RawAnswer> {
  const body = request.body ? renderInput(request.body) : undefined
  const headers: Record<string, string> = request.auth ? { authorization: `Bearer ${token}` } : {}
  return rawRequest(port, route.method, pathFor(route, request), {
    ...(body === undefined ? {} : { body }),
    headers,
  })
}

const dataBytes = new Map<RouteInfo, number>()

/**
 * What the data alone justifies for a route: the size of its answer to a plain request (`{}` as
 * the body): a zip of every public raw file is tens of megabytes, and rightly so.
 */
async function plainAnswerBytes(route: RouteInfo): Promise<number> {
  const known = dataBytes.get(route)
  if (known !== undefined) return known
  const params = (route.url.match(/:[A-Za-z_]+/g) ?? []).map(() => 'x')
  const body: HostileInput | null = ['POST', 'PUT', 'PATCH'].includes(route.method)
    ? { at: [], extra: [], whole: null }
    : null
  const bytes = (await send(route, { params, tail: 'x', query: [], body, auth: true })).bytes
  dataBytes.set(route, bytes)
  return bytes
}

function examplesFor(route: RouteInfo): [HostileRequest][] {
  if (!route.body) return []
  const params = (route.url.match(/:[A-Za-z_]+/g) ?? []).map(() => 'x')
  return schemaPaths(route.body).flatMap((path) =>
    (['deepObject', 'deepArray'] as const).map((kind): [HostileRequest] => [
      {
        params,
        tail: 'x',
        query: [],
        body: { at: [{ path, value: { kind, depth: 2000 } }], extra: [], whole: null },
        auth: true,
      },
    ]),
  )
}

/** The route table, read when the suite is collected from a sandbox started just for that. */
const table = await testSandbox({ entries: 1 }).then(async (started) => {
  const routes = started.routes().filter((route) => route.method !== 'HEAD')
  await started.close()
  return routes
})

describe('sandbox routes under hostile input', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    sandbox = await testSandbox({ entries: 200 })
    port = sandbox.port
    token = await login(sandbox, sandbox.demoUsers[0]?.username ?? '')
    baseline = settledRss()
  }, 60_000)
  afterAll(async () => {
    await sandbox.close()
  })

  it('has a route table to fuzz', () => {
    expect(sandbox.routes().length).toBeGreaterThan(20)
  })

  it.each(table.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s answers hostile requests like a server',
    async (_name, route) => {
      const plainBytes = await plainAnswerBytes(route)
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (request) => {
          const bodyBytes = request.body ? renderInput(request.body).length : 0
          const answer = await send(route, request)
          expectServerAnswer(
            answer,
            bodyBytes + pathFor(route, request).length,
            `${route.method} ${pathFor(route, request).slice(0, 200)}`,
            plainBytes,
          )
        }),
        { ...fuzzParameters(), examples: examplesFor(route) },
      )
      await expectHealthy(`${route.method} ${route.url}`)
    },
  )

  it('names the limit when a query is too deep or too large', async () => {
    const base = basePathOf(sandbox)
    const deep = `{"query":${render({ kind: 'deepObject', depth: 2000 })}}`
    const answer = await rawRequest(port, 'POST', `${base}/entries/query`, { body: deep })
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    expect(answer.text).toContain('nested deeper than the limit of 32 levels')
    const wide = `{"query":{"and":${render({ kind: 'wideArray', length: 120_000 })}}}`
    const big = await rawRequest(port, 'POST', `${base}/entries/query`, { body: wide })
    expect(big.status).toBeGreaterThanOrEqual(400)
    expect(big.status).toBeLessThan(500)
    expect(big.text).toContain('larger than the limit of 1,000,000 characters')
  })

  it('answers ten 20 KB nested queries in parallel with small answers', async () => {
    const base = basePathOf(sandbox)
    const nested = `{"query":${'{"and":['.repeat(2200)}{}${']}'.repeat(2200)}}`
    expect(nested.length).toBeGreaterThan(20_000)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        rawRequest(port, 'POST', `${base}/entries/query`, { body: nested }),
      ),
    )
    for (const answer of answers) expectServerAnswer(answer, nested.length, 'nested query')
    for (const answer of answers) expect(answer.bytes).toBeLessThan(64 * 1024)
    await expectHealthy('nested queries')
  })

  it('says what is wrong with __proto__ and constructor keys', async () => {
    const base = basePathOf(sandbox)
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const body = `{"query":{"${key}":{"polluted":true}}}`
      const answer = await rawRequest(port, 'POST', `${base}/entries/query`, { body })
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(400)
      expect(answer.status, answer.text).toBeLessThan(500)
      expect(answer.text).toContain(key)
    }
  })

  it('keeps answering through a flood of hostile bodies', async () => {
    const base = basePathOf(sandbox)
    const samples = fc.sample(hostileValue, { seed: 7, numRuns: 200 })
    const answers = await Promise.all(
      samples.map((value) =>
        rawRequest(port, 'POST', `${base}/entries/query`, { body: `{"query":${render(value)}}` }),
      ),
    )
    for (const answer of answers) expect(answer.status, answer.text.slice(0, 200)).toBeLessThan(500)
    await expectHealthy('flood')
  })
})
