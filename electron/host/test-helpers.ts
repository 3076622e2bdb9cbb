import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { createOfflineDispatcher } from '../core/api/test-support/offline-dispatcher'
import { createLogger, createMemorySink } from '../core/logging'
import { startHost, type HostHandle } from './start-host'
import { rawDataToText } from './ws-bridge'

/** A temp folder with a stand-in renderer build, so host tests do not need `npm run build`. */
export function makeTempDirs() {
  const root = mkdtempSync(join(tmpdir(), 'nomad-host-test-'))
  const rendererDir = join(root, 'renderer')
  mkdirSync(join(rendererDir, 'assets'), { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>NOMAD Desktop</title>')
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("app")')
  writeFileSync(join(root, 'secret.txt'), 'outside the renderer')
  return {
    root,
    rendererDir,
    dataDir: join(root, 'data'),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  }
}

export function startTestHost(dirs: { rendererDir: string; dataDir: string }): Promise<HostHandle> {
  return startHost({
    ...dirs,
    logger: createLogger({ sink: createMemorySink() }),
    // No network in tests: the probe of the public server fails like an unreachable host.
    dispatcher: createOfflineDispatcher(),
    recheck: { onlineMs: 0, failedMs: 0 },
  })
}

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** node:http rather than fetch, because tests must send forged Host headers. */
export function rawGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Opens a WebSocket; resolves with the socket or with the HTTP status that refused it. */
export function connectWs(
  port: number,
  opts: { token?: string; origin?: string; host?: string; cookie?: string; path?: string },
): Promise<{ socket: WebSocket } | { refused: number }> {
  const query = opts.token === undefined ? '' : `?token=${encodeURIComponent(opts.token)}`
  const headers: Record<string, string> = {}
  if (opts.host) headers.host = opts.host
  if (opts.cookie) headers.cookie = opts.cookie
  const socket = new WebSocket(`ws://127.0.0.1:${port}${opts.path ?? '/ipc'}${query}`, {
    headers,
    ...(opts.origin ? { origin: opts.origin } : {}),
  })
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket }))
    socket.once('unexpected-response', (_req, res) => {
      resolve({ refused: res.statusCode ?? 0 })
      socket.terminate()
    })
    socket.once('error', (error) => reject(error))
  })
}

/** A minimal client of the frame protocol for tests. */
export function rpc(socket: WebSocket) {
  let next = 0
  const events: { event: string; payload: unknown }[] = []
  const waiting = new Map<string, (result: unknown) => void>()
  socket.on('message', (data: WebSocket.RawData) => {
    const frame = JSON.parse(rawDataToText(data)) as {
      id?: string
      result?: unknown
      event?: string
      payload?: unknown
    }
    if (frame.event !== undefined) events.push({ event: frame.event, payload: frame.payload })
    else if (frame.id !== undefined) waiting.get(frame.id)?.(frame.result)
  })
  return {
    events,
    call(
      channel: string,
      input: unknown,
    ): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
      const id = `t${++next}`
      return new Promise((resolve) => {
        waiting.set(id, resolve as (result: unknown) => void)
        socket.send(JSON.stringify({ id, channel, input }))
      })
    },
  }
}
