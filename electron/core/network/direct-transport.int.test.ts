import { createHash } from 'node:crypto'
import { createServer as createTlsServer } from 'node:https'
import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import type { Sandbox } from '../../sandbox'
import { BIG_FILE_UPLOAD_ID } from '../../sandbox/testing/fixtures'
import { testSandbox } from '../../sandbox/testing/harness'
import { bigFileSha256 } from '../../sandbox/raw/big-file'
import { sendDirect } from './direct-transport'
import type { HttpResponse } from './http-adapter'
import { LOCALHOST_CERT, LOCALHOST_KEY } from './test-support/localhost-tls'

// The transport a big download uses: its answers must be byte for byte those undici gives (the
// fault cases both share are in http-adapter.int.test.ts), whatever the framing, over TLS too,
// and memory given back (recycle) must never change a chunk still held.

const SIZE = 24 * 1024 * 1024 + 12_345
let sandbox: Sandbox
const bigUrl = () => `${sandbox.baseUrl}/uploads/${BIG_FILE_UPLOAD_ID}/raw/big.bin`
const get = (url: string, headers: Record<string, string> = {}) =>
  sendDirect({ method: 'GET', url, headers }, new AbortController().signal)

beforeAll(async () => {
  sandbox = await testSandbox({
    entries: 10,
    fixtures: { bigFileBytes: SIZE },
    limits: { rate: null, concurrency: null },
  })
}, 60_000)
afterAll(() => sandbox.close())

/** The body's sha256 and length, giving each chunk back once hashed when `recycle` is on. */
async function digest(response: HttpResponse, recycle: boolean) {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    hash.update(chunk)
    bytes += chunk.length
    if (recycle) response.recycle?.(chunk)
  }
  return { sha256: hash.digest('hex'), bytes }
}

async function bodyBytes(response: HttpResponse): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of response.body as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

describe('the direct transport against the sandbox', () => {
  it('a chunked file arrives whole, with or without memory given back', async () => {
    const expected = { sha256: bigFileSha256(SIZE), bytes: SIZE }
    const first = await get(bigUrl())
    expect(first.status).toBe(200)
    expect(first.headers['content-disposition']).toBe('attachment; filename="big.bin"')
    expect(first.recycle).toBeTypeOf('function')
    expect(await digest(first, true)).toEqual(expected)
    expect(await digest(await get(bigUrl()), false)).toEqual(expected)
  })

  it('chunks held while others are given back keep their bytes', async () => {
    const response = await get(bigUrl())
    const held: { chunk: Buffer; sha256: string }[] = []
    const hash = createHash('sha256')
    let n = 0
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      hash.update(chunk)
      // Every fifth chunk is kept to the end; the others go back at once and are read into again.
      if (n++ % 5 === 0)
        held.push({ chunk, sha256: createHash('sha256').update(chunk).digest('hex') })
      else response.recycle?.(chunk)
    }
    expect(hash.digest('hex')).toBe(bigFileSha256(SIZE))
    for (const { chunk, sha256 } of held)
      expect(createHash('sha256').update(chunk).digest('hex')).toBe(sha256)
  })

  it('an offset asks for the rest, and a JSON answer with Content-Length reads whole', async () => {
    const rest = await get(`${bigUrl()}?offset=${SIZE - 1000}`)
    expect((await digest(rest, true)).bytes).toBe(1000)
    const info = await get(`${sandbox.baseUrl}/info`)
    expect(info.status).toBe(200)
    const text = await bodyBytes(info)
    expect(Number(info.headers['content-length'])).toBe(text.length)
    expect(JSON.parse(text.toString('utf8'))).toHaveProperty('version')
  })

  it('a refusal answers with its status and body, like undici', async () => {
    const missing = await get(`${sandbox.baseUrl}/uploads/${BIG_FILE_UPLOAD_ID}/raw/nothing.bin`)
    expect(missing.status).toBe(404)
    const text = await bodyBytes(missing)
    expect(JSON.parse(text.toString('utf8'))).toHaveProperty('detail')
  })

  it('refuses a header with a line break before connecting', async () => {
    await expect(get(bigUrl(), { 'x-test': 'a\r\nhost: elsewhere' })).rejects.toThrow(
      'header x-test holds a line break',
    )
  })
})

describe('the direct transport against odd servers', () => {
  const servers: Server[] = []
  afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))))
  async function serve(answer: Buffer | string): Promise<string> {
    const server = createServer((socket) => {
      socket.once('data', () => socket.end(answer))
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`
  }

  it('a body delimited by the connection closing ends with it', async () => {
    const url = await serve('HTTP/1.1 200 OK\r\nconnection: close\r\n\r\n' + 'x'.repeat(70_000))
    const response = await get(url)
    expect((await digest(response, true)).bytes).toBe(70_000)
  })

  it('an answer that is not HTTP is invalid_response naming the host', async () => {
    const url = await serve('SSH-2.0-OpenSSH_9.6\r\n\r\n')
    const error = await get(url).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('invalid_response')
    expect((error as AppError).message).toContain('127.0.0.1')
  })
})

describe('the direct transport over TLS', () => {
  const body = Buffer.alloc(3 * 1024 * 1024 + 7, 0x5a)
  const server = createTlsServer({ cert: LOCALHOST_CERT, key: LOCALHOST_KEY }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' })
    res.end(body)
  })
  let port = 0
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    port = typeof address === 'object' && address ? address.port : 0
  })
  afterAll(() => new Promise((done) => server.close(done)))

  it('reads a body over https with the server name checked', async () => {
    const response = await sendDirect(
      { method: 'GET', url: `https://localhost:${port}/file`, headers: {} },
      new AbortController().signal,
      { ca: LOCALHOST_CERT },
    )
    expect(await digest(response, true)).toEqual({
      sha256: createHash('sha256').update(body).digest('hex'),
      bytes: body.length,
    })
  })

  it('refuses a certificate nobody vouches for', async () => {
    const error = await sendDirect(
      { method: 'GET', url: `https://localhost:${port}/file`, headers: {} },
      new AbortController().signal,
    ).catch((e: unknown) => e)
    expect((error as { code?: string }).code).toMatch(/CERT|SELF_SIGNED/)
  })
})
