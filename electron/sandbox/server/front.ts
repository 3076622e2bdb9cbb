import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SandboxLimits } from '../context'
import { injectBodyFault } from '../faults/body-faults'
import type { FaultDice } from '../faults/fault-plan'
import { injectZipFault } from '../faults/zip-faults'
import { LeakyBucket } from '../limits/leaky-bucket'
import { proxyPage } from '../limits/proxy-pages'
import type { FaultOptions } from '../options'
import type { StatsCollector } from '../stats/stats'
import type { FrontHandler } from './build-app'

/**
 * What sits in front of the API, like the deployment's nginx: per-IP rate limit (limit_req)
 * and concurrency limit (limit_conn, counting a request until its response has been fully
 * sent or its connection closed), both answering 503 with nginx's HTML page and, unless
 * `retryAfter` is on, no Retry-After; then fault injection; then the app. Limits and faults
 * are read per request, so changes take effect immediately.
 */
export interface FrontOptions {
  limits: () => SandboxLimits
  faults: () => FaultOptions
  basePath: string
  stats: StatsCollector
  dice: FaultDice
  now: () => number
}

export interface Front {
  handler: FrontHandler
  inFlight(): number
  resetLimiter(): void
}

function clientKey(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown'
}

function sendProxyPage(res: ServerResponse, status: 502 | 503 | 504, retryAfter?: number): void {
  const body = proxyPage(status)
  const headers: Record<string, string | number> = {
    'content-type': 'text/html',
    'content-length': Buffer.byteLength(body),
    server: 'nginx',
  }
  if (retryAfter !== undefined) headers['retry-after'] = retryAfter
  res.writeHead(status, headers)
  res.end(body)
}

export function createFront(options: FrontOptions): Front {
  const bucket = new LeakyBucket()
  const connections = new Map<string, number>()
  let inFlight = 0
  const { stats } = options

  const handler: FrontHandler = (req, res, next) => {
    const limits = options.limits()
    const key = clientKey(req)
    if (limits.rate !== null && limits.rate > 0) {
      const admission = bucket.check(key, options.now(), limits.rate, limits.burst)
      if (!admission.ok) {
        const after = limits.retryAfter
          ? Math.max(1, Math.ceil(admission.retryAfterMs / 1000))
          : undefined
        sendProxyPage(res, 503, after)
        stats.response(503, 'rate')
        return
      }
    }
    const held = connections.get(key) ?? 0
    if (limits.concurrency !== null && held >= limits.concurrency) {
      sendProxyPage(res, 503, limits.retryAfter ? 1 : undefined)
      stats.response(503, 'concurrency')
      return
    }
    connections.set(key, held + 1)
    inFlight++
    stats.inFlight(inFlight)
    let released = false
    const release = () => {
      if (released) return
      released = true
      inFlight--
      const now = (connections.get(key) ?? 1) - 1
      if (now <= 0) connections.delete(key)
      else connections.set(key, now)
      if (!counted) count(res.statusCode)
      if (!res.writableFinished) stats.abortedResponse()
    }
    res.once('close', release)
    // A response is counted when its headers go out: a client that has read it can rely on
    // stats() including it (counting on 'close' raced with fast clients).
    let counted = false
    const count = (status: number) => {
      counted = true
      stats.response(status)
    }
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
    res.writeHead = (...args: unknown[]) => {
      if (!counted) count(typeof args[0] === 'number' ? args[0] : res.statusCode)
      return writeHead(...args)
    }

    const faults = options.faults()
    const path = (req.url ?? '/').split('?')[0]?.slice(options.basePath.length) ?? '/'
    const plan = req.method === 'OPTIONS' ? null : options.dice.plan(faults, path)
    if (plan?.proxyError) {
      stats.fault(plan.proxyError === 502 ? 'error502' : 'error504')
      sendProxyPage(res, plan.proxyError)
      return
    }
    if (plan?.body) {
      const kind = plan.body
      if (kind === 'truncateZip' || kind === 'corruptZip')
        injectZipFault(res, kind, () => stats.fault(kind))
      else injectBodyFault(res, kind, faults, () => stats.fault(kind))
    }
    if (plan && plan.delayMs > 0) {
      stats.fault('latency')
      const timer = setTimeout(() => next(req, res), plan.delayMs)
      res.once('close', () => clearTimeout(timer))
      return
    }
    next(req, res)
  }

  return { handler, inFlight: () => inFlight, resetLimiter: () => bucket.reset() }
}
