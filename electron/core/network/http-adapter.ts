import type { Readable } from 'node:stream'
import { Agent, request, type Dispatcher } from 'undici'
import { AppError } from '../../../shared/errors'
import type { HttpRequest } from './http-request'
import { MAX_REDIRECTS, planRedirect } from './redirects'

/**
 * The one place that talks undici. One attempt = one `sendHttp` whose body the caller must
 * consume (`readBody`, iterate `body`) or cancel (`discardBody`): an unread undici body keeps
 * its socket busy, and the server's connection limit counts it (performance-anchors §4).
 * undici.request rather than fetch: 0.89–1.04x curl against fetch's ~0.7x (anchors §0.9).
 */

export interface HttpResponse {
  status: number
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>
  body: Readable
  /**
   * Set by a transport that reads into reused memory: gives a body chunk back once the reader
   * is done with it for good (written and hashed), so its memory is read into again.
   */
  recycle?: (chunk: Uint8Array) => void
}

/**
 * Sends one request (no redirects) and resolves with the answer's head and its unread body:
 * undici through the shared dispatcher (`undiciTransport`), or one connection of its own for
 * a big file (`sendDirect`, direct-transport.ts).
 */
export type HttpTransport = (req: HttpRequest, signal: AbortSignal) => Promise<HttpResponse>

/** The usual transport: undici over the app's keep-alive dispatcher. */
export function undiciTransport(dispatcher: Dispatcher): HttpTransport {
  return (req, signal) => sendOnce(dispatcher, req, signal)
}

export interface HttpDispatcherOptions {
  /** Sockets per origin; the scheduler caps in-flight requests at 10, so this only bounds reuse. */
  connections?: number
  /** Replaces the socket connector (tests that must never touch the network). */
  connect?: Agent.Options['connect']
}

/**
 * A keep-alive dispatcher shared by every client of the app. It does not follow redirects:
 * sendHttp does, hop by hop, deciding what may travel with each one (see redirects.ts).
 */
export function createHttpDispatcher(options: HttpDispatcherOptions = {}): Dispatcher {
  const agent = new Agent({
    connections: options.connections ?? 16,
    // The body idle watchdog of the scheduler (90 s, touch() per chunk) is the real timeout;
    // undici's own 300 s timers stay as a backstop behind it.
    keepAliveTimeout: 4_000,
    ...(options.connect === undefined ? {} : { connect: options.connect }),
  })
  return agent
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>) {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

export interface SendOptions {
  /**
   * Called with the address of every redirect hop that would carry credentials; throws to stop
   * them going there (the API client passes its credential guard).
   */
  credentialGuard?: (url: URL) => void
}

/** Redirect answers are tiny; more than this is not worth reading before the next hop. */
const REDIRECT_BODY_LIMIT = 16 * 1024

/**
 * Sends one request and follows its redirects (at most MAX_REDIRECTS hops, by the rules of
 * redirects.ts); resolves when the final answer's headers arrived. Rejects with undici's socket
 * errors, or with a server_error AppError for a redirect the app refuses to follow.
 */
export async function sendHttp(
  transport: HttpTransport,
  req: HttpRequest,
  signal: AbortSignal,
  options: SendOptions = {},
): Promise<HttpResponse> {
  let current = req
  for (let hops = 0; ; hops++) {
    const response = await transport(current, signal)
    const plan = planRedirect(current, response.status, response.headers.location)
    if (plan.kind === 'none') return response
    await drainRedirect(response.body, signal)
    signal.throwIfAborted()
    const status = response.status
    const from = new URL(current.url).host
    if (plan.kind === 'refuse')
      throw new AppError(
        'server_error',
        `${from} redirected the request (HTTP ${status}) to ${plan.target}, which the app does not follow: ${plan.reason}.`,
        { status },
      )
    if (hops === MAX_REDIRECTS)
      throw new AppError(
        'server_error',
        `${new URL(req.url).host} redirected the request more than ${MAX_REDIRECTS} times (last from ${from} to ${new URL(plan.request.url).host}); the app stopped following.`,
        { status },
      )
    if (plan.carriesCredentials) options.credentialGuard?.(new URL(plan.request.url))
    current = plan.request
  }
}

async function sendOnce(
  dispatcher: Dispatcher,
  req: HttpRequest,
  signal: AbortSignal,
): Promise<HttpResponse> {
  const response = await request(req.url, {
    dispatcher,
    method: req.method,
    headers: req.headers,
    ...(req.body === undefined ? {} : { body: req.body }),
    signal,
  })
  return {
    status: response.statusCode,
    headers: flattenHeaders(response.headers),
    body: response.body,
  }
}

/** Reads a redirect's small body so its socket can be reused; a big or broken one is dropped. */
async function drainRedirect(body: HttpResponse['body'], signal: AbortSignal): Promise<void> {
  try {
    signal.throwIfAborted()
    await readBody(body, () => undefined, REDIRECT_BODY_LIMIT)
  } catch {
    // Only the socket's reuse was at stake; the next hop opens another if needed.
  } finally {
    discardBody(body)
  }
}

/**
 * Reads a whole body, calling touch(size) per chunk; stops reading beyond maxBytes (then
 * truncated).
 */
export async function readBody(
  body: HttpResponse['body'],
  touch: (bytes: number) => void,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      touch(chunk.length)
      chunks.push(chunk)
      size += chunk.length
      if (size >= maxBytes) {
        // Leaving the loop destroys the stream: the rest of an error page is not worth a slot.
        return { bytes: Buffer.concat(chunks).subarray(0, maxBytes), truncated: true }
      }
    }
  } finally {
    discardBody(body)
  }
  return { bytes: Buffer.concat(chunks), truncated: false }
}

/**
 * Cancels a body that will not be read (or finished reading); safe to call twice. undici turns
 * destroy() of a body that has not ended into an 'error' event (RequestAbortedError); with no
 * listener that becomes an uncaught exception after the call has long resolved, so listen first.
 */
export function discardBody(body: HttpResponse['body']): void {
  if (body.destroyed) return
  body.on('error', ignoreAbort)
  body.destroy()
}

/**
 * Listens for a streamed body's 'error' from the moment it exists: undici errors a body on a
 * reset even before its reader starts iterating (while a consumer opens its file, say), and an
 * unheard 'error' is an uncaught exception. The reader's iterator still sees the error.
 */
export function heedBodyErrors(body: HttpResponse['body']): HttpResponse['body'] {
  body.on('error', ignoreAbort)
  return body
}

function ignoreAbort(): void {
  // The body was cancelled on purpose; its abort is not a failure of anything.
}

/** The response body as chunks, calling touch(size) per chunk (the idle watchdog). */
export async function* touchingChunks(
  body: HttpResponse['body'],
  touch: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of body as AsyncIterable<Buffer>) {
    touch(chunk.length)
    yield chunk
  }
}
