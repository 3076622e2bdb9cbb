import type { ServerResponse } from 'node:http'
import type { FaultOptions } from '../options'

type Callback = (error?: Error | null) => void
type Chunk = string | Uint8Array

/**
 * The trickle fault: the first `trickleAfterBytes` body bytes go out as written, the rest
 * `trickleBytes` at a time every `trickleIntervalMs`, so a client sees a slow answer that never
 * goes silent for long (what an idle timer alone cannot catch). Headers, Content-Length and the
 * bytes themselves are untouched: the answer arrives complete, only late.
 */
export function injectTrickle(res: ServerResponse, options: FaultOptions, applied: () => void) {
  const originalWrite = res.write.bind(res) as (chunk: Chunk, cb?: Callback) => boolean
  const originalEnd = res.end.bind(res) as (chunk?: Chunk, cb?: () => void) => ServerResponse
  const pending: Buffer[] = []
  const callbacks: Callback[] = []
  let ended: (() => void) | undefined
  let ending = false
  let sent = 0
  let timer: ReturnType<typeof setInterval> | undefined

  const drip = () => {
    let budget = options.trickleBytes
    const parts: Buffer[] = []
    while (budget > 0 && pending.length > 0) {
      const head = pending[0] ?? Buffer.alloc(0)
      const part = head.subarray(0, budget)
      parts.push(part)
      budget -= part.length
      if (part.length === head.length) pending.shift()
      else pending[0] = head.subarray(part.length)
    }
    if (parts.length > 0) originalWrite(Buffer.concat(parts))
    if (pending.length > 0) return
    // Everything written so far is out: the writer may go on, and an ended answer ends.
    for (const cb of callbacks.splice(0)) cb()
    res.emit('drain')
    if (ending) {
      clearInterval(timer)
      originalEnd(undefined, ended)
    }
  }

  const accept = (chunk: Chunk | undefined, encoding?: BufferEncoding): void => {
    if (chunk === undefined) return
    let buffer = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk)
    if (timer === undefined) {
      const head = buffer.subarray(0, Math.max(0, options.trickleAfterBytes - sent))
      sent += head.length
      if (head.length > 0) originalWrite(head)
      buffer = buffer.subarray(head.length)
      if (buffer.length === 0) return
      applied()
      timer = setInterval(drip, options.trickleIntervalMs)
      res.once('close', () => clearInterval(timer))
    }
    pending.push(buffer)
  }

  const split = (args: unknown[]) => ({
    chunk: args.find((a): a is Chunk => typeof a === 'string' || a instanceof Uint8Array),
    encoding: args.find((a): a is BufferEncoding => typeof a === 'string' && args[0] !== a),
    cb: args.find((a): a is Callback => typeof a === 'function'),
  })

  res.write = ((...args: unknown[]) => {
    const { chunk, encoding, cb } = split(args)
    accept(chunk, encoding)
    if (timer === undefined) {
      if (cb) process.nextTick(cb)
      return true
    }
    if (cb) callbacks.push(cb)
    return false
  }) as ServerResponse['write']
  res.end = ((...args: unknown[]) => {
    const { chunk, encoding, cb } = split(args)
    accept(chunk, encoding)
    if (timer === undefined) return originalEnd(undefined, cb)
    ending = true
    ended = cb
    return res
  }) as ServerResponse['end']
}
