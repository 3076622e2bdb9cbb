import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ProxiedRequest {
  method: string
  /** Path and query as the client sent them. */
  url: string
  status: number
  /** Response body bytes passed back to the client. */
  bytes: number
  /** `performance.now()` of this process when the request arrived and when its answer ended. */
  startMs: number
  endMs: number
}

export interface CountingProxy {
  /** `http://127.0.0.1:<port>`: give clients this origin plus the target's base path. */
  origin: string
  /** Requests answered since the last `reset()`. */
  requests(): ProxiedRequest[]
  reset(): void
  close(): Promise<void>
}

/**
 * A pass-through HTTP proxy in front of the sandbox that records each request's path and the
 * body bytes of its answer: what the app fetched from the server, whatever process fetched it
 * (in web mode the host does, so the browser's network log never sees these requests).
 */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const { hostname, port } = new URL(target)
  let log: ProxiedRequest[] = []
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const startMs = performance.now()
    const upstream = request(
      {
        hostname,
        port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        const entry: ProxiedRequest = {
          method: incoming.method ?? 'GET',
          url: incoming.url ?? '',
          status: answer.statusCode ?? 0,
          bytes: 0,
          startMs,
          endMs: startMs,
        }
        answer.on('data', (chunk: Buffer) => (entry.bytes += chunk.length))
        answer.on('end', () => {
          entry.endMs = performance.now()
          log.push(entry)
        })
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    upstream.on('error', () => outgoing.destroy())
    incoming.pipe(upstream)
  }
  const server = createServer(forward)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${address.port}`,
    requests: () => [...log],
    reset: () => (log = []),
    close: () =>
      new Promise((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
