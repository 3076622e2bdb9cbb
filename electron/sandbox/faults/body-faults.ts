import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { FaultOptions } from '../options'
import { injectTrickle } from './trickle-fault'

/**
 * Faults inside a response body, injected by wrapping the response's write/end:
 * - reset: after `resetAfterBytes` body bytes the TCP connection is reset (RST);
 * - stall: after `stallAfterBytes` nothing is sent for `stallMs`, then the rest follows;
 * - trickle: after `trickleAfterBytes` the rest follows slowly, a little at a time
 *   (trickle-fault.ts);
 * - truncate: a JSON body ends early (a complete HTTP message, unparsable JSON);
 * - malformed: a JSON body gets a stray comma after its first byte.
 * Truncate and malformed drop Content-Length so that the message itself stays valid.
 */
export type BodyFault = 'reset' | 'stall' | 'trickle' | 'truncate' | 'malformed'

type Callback = (error?: Error | null) => void
type Chunk = string | Uint8Array

function toBuffer(chunk: Chunk, encoding?: BufferEncoding): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk)
}

function isJson(res: ServerResponse, headers?: OutgoingHttpHeaders): boolean {
  const type = headers?.['content-type'] ?? res.getHeader('content-type')
  return String(type ?? '').includes('json')
}

/** Installs the fault; returns false when it does not apply (e.g. JSON faults on a zip). */
export function injectBodyFault(
  res: ServerResponse,
  fault: BodyFault,
  options: FaultOptions,
  applied: () => void,
): void {
  if (fault === 'trickle') {
    injectTrickle(res, options, applied)
    return
  }
  const originalWrite = res.write.bind(res) as (chunk: Chunk, cb?: Callback) => boolean
  const originalEnd = res.end.bind(res) as (chunk?: Chunk, cb?: () => void) => ServerResponse
  const originalWriteHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  let sent = 0
  let active = true
  let json = false

  res.writeHead = (status: number, ...rest: unknown[]) => {
    const headers = rest.find((r): r is OutgoingHttpHeaders => typeof r === 'object' && r !== null)
    json = isJson(res, headers)
    if (json && (fault === 'truncate' || fault === 'malformed')) {
      res.removeHeader('content-length')
      if (headers) {
        delete headers['content-length']
        delete headers['Content-Length']
      }
    }
    return originalWriteHead(status, ...rest)
  }

  const parse = (args: unknown[]): { chunk?: Chunk; cb?: Callback } => {
    const chunk = args.find((a): a is Chunk => typeof a === 'string' || a instanceof Uint8Array)
    const cb = args.find((a): a is Callback => typeof a === 'function')
    const out: { chunk?: Chunk; cb?: Callback } = {}
    if (chunk !== undefined) out.chunk = chunk
    if (cb) out.cb = cb
    return out
  }

  if (fault === 'reset' || fault === 'stall') {
    const threshold = fault === 'reset' ? options.resetAfterBytes : options.stallAfterBytes
    let queue: { chunk?: Chunk; end: boolean; cb?: Callback }[] | null = null
    const flushLater = () => {
      const timer = setTimeout(() => {
        const pending = queue ?? []
        queue = null
        for (const item of pending) {
          if (item.end) originalEnd(item.chunk ?? '', item.cb)
          else originalWrite(item.chunk ?? '', item.cb)
        }
        res.emit('drain')
      }, options.stallMs)
      res.once('close', () => clearTimeout(timer))
    }
    const handle = (chunk: Chunk | undefined, end: boolean, cb?: Callback): boolean => {
      if (!active) {
        cb?.()
        return false
      }
      if (queue) {
        queue.push({ ...(chunk === undefined ? {} : { chunk }), end, ...(cb ? { cb } : {}) })
        return false
      }
      const buffer = chunk === undefined ? Buffer.alloc(0) : toBuffer(chunk)
      if (sent + buffer.length <= threshold || buffer.length === 0) {
        sent += buffer.length
        if (end) originalEnd(buffer, cb)
        else return originalWrite(buffer, cb)
        return true
      }
      const head = buffer.subarray(0, threshold - sent)
      const tail = buffer.subarray(threshold - sent)
      sent = threshold
      applied()
      if (fault === 'reset') {
        active = false
        originalWrite(head, () => res.socket?.resetAndDestroy())
        cb?.()
        return false
      }
      originalWrite(head)
      queue = [{ chunk: tail, end, ...(cb ? { cb } : {}) }]
      flushLater()
      return false
    }
    res.write = ((...args: unknown[]) => {
      const { chunk, cb } = parse(args)
      return handle(chunk, false, cb)
    }) as ServerResponse['write']
    res.end = ((...args: unknown[]) => {
      const { chunk, cb } = parse(args)
      handle(chunk, true, cb)
      return res
    }) as ServerResponse['end']
    return
  }

  // JSON faults act on the first body bytes: single-chunk bodies are cut in half (truncate) or
  // get a stray comma (malformed); streamed JSON keeps only its first chunk when truncated.
  let first = true
  const transform = (buffer: Buffer): Buffer => {
    if (!json || !first) return buffer
    first = false
    applied()
    if (fault === 'malformed') {
      return Buffer.concat([buffer.subarray(0, 1), Buffer.from(','), buffer.subarray(1)])
    }
    return buffer.subarray(0, Math.max(1, Math.floor(buffer.length / 2)))
  }
  res.write = ((...args: unknown[]) => {
    const { chunk, cb } = parse(args)
    if (fault === 'truncate' && json && !first) {
      cb?.()
      return true
    }
    return originalWrite(transform(toBuffer(chunk ?? '')), cb)
  }) as ServerResponse['write']
  res.end = ((...args: unknown[]) => {
    const { chunk, cb } = parse(args)
    if (chunk === undefined || (fault === 'truncate' && json && !first)) return originalEnd('', cb)
    return originalEnd(transform(toBuffer(chunk)), cb)
  }) as ServerResponse['end']
}
