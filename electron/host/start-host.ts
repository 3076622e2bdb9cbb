import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { resolve } from 'node:path'
import { AppError } from '../../shared/errors'
import type { Core } from '../core/create-core'
import { createLogger, type Logger } from '../core/logging'
import type { CorePorts } from '../core/ports'
import { rendererCsp, securityHeaders } from '../core/renderer-assets/assets'
import { checkHostAndOrigin, cookieName, presentedToken, type GuardConfig } from './request-guard'
import { serveRendererFile } from './static-files'

const REPO_ROOT = resolve(import.meta.dirname, '../..')
export const DEFAULT_RENDERER_DIR = resolve(REPO_ROOT, 'out/renderer')

export interface HostOptions {
  dataDir: string
  /** 0 (default) picks a free port. */
  port?: number
  rendererDir?: string
  logger?: Logger
  /** Passed to core; tests use them to keep probes off the network. */
  dispatcher?: CorePorts['dispatcher']
  recheck?: CorePorts['recheck']
  /** Offers the "Local sandbox" profile (the CLI passes createEmbeddedSandbox). */
  sandbox?: CorePorts['sandbox']
  /** Unlocks the token vault at start (the CLI passes NOMAD_VAULT_PASSPHRASE); else the UI asks. */
  vaultPassphrase?: string
  /** Download manager tunables (the CLI passes NOMAD_DOWNLOAD_RETRY for tests). */
  downloads?: CorePorts['downloads']
}

export interface HostHandle {
  /** The URL to open, including the session token. */
  url: string
  origin: string
  token: string
  port: number
  /**
   * Core, once it is loaded and wired (host-core.ts). The port opens, and the URL can be
   * printed, before that: WebSocket upgrades wait for it, so no call is ever answered without
   * core. Rejects when core cannot start (e.g. an unreadable settings file); the CLI then exits.
   */
  ready: Promise<Core>
  close(): Promise<void>
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    ...securityHeaders(rendererCsp()),
  })
  res.end(message)
}

/**
 * The redirect target after the token exchange: always a path on this host. URL resolution
 * turns `/a/..//evil.example/` into `//evil.example/`, which a browser reads as another host,
 * so leading slashes collapse to one.
 */
export function ownPath(url: URL): string {
  return `/${url.pathname.replace(/^[/\\]+/, '')}${url.search}`
}

const TOKEN_HINT =
  'NOMAD Desktop (web mode): open the full URL printed in the terminal where `npm run web` runs; it contains this session’s token.'

/**
 * Starts web mode: the same core and IPC router as Electron main, served to a browser over
 * HTTP + WebSocket on 127.0.0.1 only. See request-guard.ts for who may connect.
 */
export async function startHost(options: HostOptions): Promise<HostHandle> {
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR
  if (!existsSync(resolve(rendererDir, 'index.html')))
    throw new AppError(
      'unavailable',
      `The renderer is not built (${resolve(rendererDir, 'index.html')} is missing). Run \`npm run build\` first; \`npm run web\` does both.`,
    )
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 })
  const logger = options.logger ?? createLogger({ name: 'host' })
  const token = randomBytes(32).toString('base64url')
  const server = createServer()
  // Filled in once listen() has chosen the port; requests cannot arrive before that.
  const guard: GuardConfig = { port: 0, token }

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const checked = checkHostAndOrigin(req, guard, false)
    if (!checked.ok) {
      logger.warn('refused request', { reason: checked.reason })
      return refuse(res, checked.status, `Refused: ${checked.reason}.`)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Only GET and HEAD.')
    const url = new URL(req.url ?? '/', `http://${checked.host}`)
    const presented = presentedToken(req, url, guard)
    if (!presented.valid) return refuse(res, 401, TOKEN_HINT)
    if (presented.source === 'query') {
      // Trade the token in the address bar for a cookie, then drop it from the URL (history).
      url.searchParams.delete('token')
      res.writeHead(303, {
        ...securityHeaders(rendererCsp()),
        location: ownPath(url),
        'set-cookie': `${cookieName(guard.port)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        'cache-control': 'no-store',
      })
      res.end()
      return
    }
    const csp = rendererCsp([`ws://${checked.host}`])
    await serveRendererFile(req, res, rendererDir, url.pathname, csp)
  }

  server.on('request', (req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      logger.error('request failed', { error })
      if (!res.headersSent) refuse(res, 500, 'The host failed to answer this request.')
      else res.destroy()
    })
  })

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const deny = (status: 401 | 403 | 404, reason: string) => {
      logger.warn('refused WebSocket upgrade', { reason })
      const text = status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
    }
    const checked = checkHostAndOrigin(req, guard, true)
    if (!checked.ok) return deny(checked.status, checked.reason)
    const url = new URL(req.url ?? '/', `http://${checked.host}`)
    if (url.pathname !== '/ipc') return deny(404, `no WebSocket endpoint at ${url.pathname}`)
    if (!presentedToken(req, url, guard).valid) return deny(401, 'missing or wrong session token')
    // Before core is wired the upgrade waits, so the renderer's first call waits rather than
    // fails. Node has taken its own listeners off the socket: a reset meanwhile must not throw.
    const dropOnError = () => socket.destroy()
    socket.on('error', dropOnError)
    wired.then(
      ({ wss }) => {
        socket.off('error', dropOnError)
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
      },
      () => {
        logger.warn('refused WebSocket upgrade', { reason: 'core did not start' })
        socket.end(
          'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
        )
      },
    )
  })

  const listening = new Promise<void>((resolveListen, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new AppError(
              'conflict',
              `Port ${options.port} on 127.0.0.1 is already in use; pick another with --port, or --port 0 for any free one.`,
            )
          : error,
      ),
    )
    // Loopback only: web mode must never be reachable from the network.
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen())
  })
  // Core's modules load once the port is open and the caller has printed the URL (in the
  // continuation of this call), while the browser opens it.
  const wired = listening
    .then(() => new Promise((next) => setImmediate(next)))
    .then(() => import('./host-core'))
    .then((module) => module.wireCore(options, logger))
  const ready = wired.then(({ core }) => core)
  // Whoever waits for core handles its failure; these keep a failure nobody waits for (a test
  // that never connects) from becoming an unhandled rejection.
  wired.catch(() => undefined)
  ready.catch(() => undefined)
  await listening
  const { port } = server.address() as AddressInfo
  guard.port = port
  const origin = `http://127.0.0.1:${port}`

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    port,
    ready,
    async close() {
      const wiring = await wired.catch(() => null)
      if (wiring) {
        await wiring.core.dispose()
        for (const client of wiring.wss.clients) client.terminate()
        wiring.wss.close()
      }
      server.closeAllConnections()
      await new Promise<void>((done) => server.close(() => done()))
    },
  }
}
