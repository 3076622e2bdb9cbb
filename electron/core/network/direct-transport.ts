import { connect as connectPlain, type OnReadOpts, type Socket } from 'node:net'
import { Readable } from 'node:stream'
import { connect as connectTls, type ConnectionOptions } from 'node:tls'
import { HTTPParser } from 'http-parser-js'
import { AppError } from '../../../shared/errors'
import type { HttpResponse } from './http-adapter'
import type { HttpRequest } from './http-request'
import { ReadArenas } from './read-arenas'

/**
 * A GET over its own connection whose socket reads land in large shared arenas instead of a
 * fresh 64 KiB buffer per read. Why: a big download through undici allocates 16 384 buffers
 * per GiB, and the garbage collector then costs more than the transfer itself (~0.8 s per GiB
 * of main-thread time, docs/downloads.md); curl reuses one buffer. Node's `onread` lets a
 * socket read into memory we choose; each read takes the next free stretch of an 8 MiB arena,
 * so the chunks handed on are ordinary Buffers (views) that stay valid as long as anyone holds
 * them, and a GiB costs 128 allocations.
 *
 * Only for big bodies: it opens one connection per request (no keep-alive pool), which a large
 * file amortises and a small one would not. The response is parsed by http-parser-js (status,
 * headers, Content-Length, chunked or close-delimited bodies; body slices are views, no copy).
 * It answers like the undici transport: the same HttpResponse, errors from the socket as
 * thrown errors with Node's codes (ECONNREFUSED…), so attempt-outcome maps both alike.
 */

/**
 * Chunks buffered in the body before the socket stops reading (backpressure). The body is an
 * object-mode stream so that a reader gets each chunk as it came: a byte-mode stream's read()
 * concatenates whatever is buffered into a new Buffer, the copy and garbage this avoids.
 */
const BODY_HIGH_WATER_CHUNKS = 16

/** A cut connection, with the code undici gives it, so errors.ts words both transports alike. */
class ConnectionCut extends Error {
  readonly code = 'UND_ERR_SOCKET'
}

/** Sends one GET without a body; resolves when the answer's headers arrived. */
export function sendDirect(
  req: HttpRequest,
  signal: AbortSignal,
  tls: Pick<ConnectionOptions, 'ca'> = {},
): Promise<HttpResponse> {
  if (req.method !== 'GET' || req.body !== undefined)
    return Promise.reject(new TypeError('the direct transport sends GET requests only'))
  signal.throwIfAborted()
  const url = new URL(req.url)
  let head: string
  try {
    head = requestHead(req, url)
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)))
  }
  return new Promise<HttpResponse>((resolve, reject) => {
    const arena = new ReadArenas()
    const parser = new HTTPParser(HTTPParser.RESPONSE)
    let body: Readable | undefined
    let complete = false
    let reading = true

    const onread: OnReadOpts = {
      buffer: () => arena.room(),
      callback: (length: number): boolean => {
        const chunk = arena.take(length)
        const result = parser.execute(chunk)
        if (result instanceof Error) {
          fail(
            new AppError(
              'invalid_response',
              `${url.host} sent an answer that is not valid HTTP/1.1 (${result.message}).`,
            ),
          )
          return false
        }
        return reading
      },
    }
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const socket: Socket =
      url.protocol === 'https:'
        ? connectTls(tlsOptions(host, port, onread, tls))
        : connectPlain({ host, port, onread })

    let failed = false
    const fail = (error: Error) => {
      if (failed || complete) return
      failed = true
      signal.removeEventListener('abort', onAbort)
      socket.destroy()
      if (body === undefined) reject(error)
      else body.destroy(error)
    }
    const onAbort = () => fail(abortReason(signal))
    signal.addEventListener('abort', onAbort, { once: true })

    parser[HTTPParser.kOnHeadersComplete] = (info) => {
      body = new Readable({
        objectMode: true,
        highWaterMark: BODY_HIGH_WATER_CHUNKS,
        read() {
          if (!reading) {
            reading = true
            socket.resume()
          }
        },
        destroy(error, done) {
          signal.removeEventListener('abort', onAbort)
          socket.destroy()
          done(error)
        },
      })
      resolve({
        status: info.statusCode,
        headers: headerRecord(info.headers),
        body,
        recycle: (chunk) => arena.recycle(chunk),
      })
    }
    parser[HTTPParser.kOnBody] = (chunk, offset, length) => {
      if (body === undefined) return
      const view = chunk.subarray(offset, offset + length)
      arena.lend(view)
      if (!body.push(view)) reading = false
    }
    parser[HTTPParser.kOnMessageComplete] = () => {
      complete = true
      signal.removeEventListener('abort', onAbort)
      body?.push(null)
      socket.end()
    }
    socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      socket.write(head)
    })
    socket.on('error', fail)
    const cut = () => new ConnectionCut(`${url.host} closed the connection before the answer ended`)
    socket.on('end', () => {
      // A close-delimited body ends with the connection (finish() completes it); any other
      // answer that ends here was cut short.
      if (!complete && parser.finish() instanceof Error) fail(cut())
      if (!complete) fail(cut())
    })
    socket.on('close', () => fail(cut()))
  })
}

function requestHead(req: HttpRequest, url: URL): string {
  const lines = [
    `GET ${url.pathname}${url.search} HTTP/1.1`,
    `host: ${url.host}`,
    'connection: close',
  ]
  for (const [name, value] of Object.entries(req.headers)) {
    const lower = name.toLowerCase()
    if (lower === 'host' || lower === 'connection') continue
    if (/[\r\n]/.test(name) || /[\r\n]/.test(value))
      throw new TypeError(`header ${name} holds a line break`)
    lines.push(`${name}: ${value}`)
  }
  return `${lines.join('\r\n')}\r\n\r\n`
}

/** [name, value, name, value…] to lower-case names, repeated headers joined with ", ". */
function headerRecord(flat: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const name = (flat[i] ?? '').toLowerCase()
    const value = flat[i + 1] ?? ''
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`
  }
  return out
}

/** Node reads into `onread` for TLS sockets too; its type declarations only list it for net. */
function tlsOptions(
  host: string,
  port: number,
  onread: OnReadOpts,
  extra: Pick<ConnectionOptions, 'ca'>,
): ConnectionOptions {
  const options: ConnectionOptions & { onread: OnReadOpts } = {
    host,
    port,
    ALPNProtocols: ['http/1.1'],
    onread,
    ...extra,
  }
  if (!isIp(host)) options.servername = host
  return options
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason
  return reason instanceof Error ? reason : new Error('The request was aborted.')
}

function isIp(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':')
}
