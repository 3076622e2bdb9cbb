import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'

/**
 * Faults inside a zip body, for clients that must notice a broken archive:
 * - truncateZip: the zip ends cleanly where its central directory would begin (a complete HTTP
 *   message, Content-Length dropped), so it cannot be opened;
 * - corruptZip: the first data byte of the first file is flipped, so its CRC (or, compressed,
 *   its deflate stream) no longer matches.
 * Both rely on how yazl writes: each local header, and each central-directory record, in a
 * write of its own. Responses that are not zips are left alone.
 */
export type ZipFault = 'truncateZip' | 'corruptZip'

type Callback = (error?: Error | null) => void
type Chunk = string | Uint8Array

const CENTRAL_RECORD = Buffer.from([0x50, 0x4b, 0x01, 0x02])
const END_RECORD = Buffer.from([0x50, 0x4b, 0x05, 0x06])
const LOCAL_HEADER = 0x04034b50

function isZip(res: ServerResponse, headers?: OutgoingHttpHeaders): boolean {
  const type = headers?.['content-type'] ?? res.getHeader('content-type')
  return String(type ?? '').includes('zip')
}

function split(args: unknown[]): { chunk: Buffer | undefined; cb: Callback | undefined } {
  const chunk = args.find((a): a is Chunk => typeof a === 'string' || a instanceof Uint8Array)
  const cb = args.find((a): a is Callback => typeof a === 'function')
  return { chunk: chunk === undefined ? undefined : Buffer.from(chunk), cb }
}

/** Where the central directory starts in this chunk, or -1. */
function centralStart(chunk: Buffer): number {
  const found = [chunk.indexOf(CENTRAL_RECORD), chunk.indexOf(END_RECORD)].filter((i) => i >= 0)
  return found.length > 0 ? Math.min(...found) : -1
}

export function injectZipFault(res: ServerResponse, fault: ZipFault, applied: () => void): void {
  const originalWrite = res.write.bind(res) as (chunk: Chunk, cb?: Callback) => boolean
  const originalEnd = res.end.bind(res) as (chunk?: Chunk, cb?: () => void) => ServerResponse
  const originalWriteHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  let zip = false
  let cut = false
  /** corruptZip: stream offset of the byte to flip, once the first local header is seen. */
  let target = -1
  let offset = 0

  res.writeHead = (status: number, ...rest: unknown[]) => {
    const headers = rest.find((r): r is OutgoingHttpHeaders => typeof r === 'object' && r !== null)
    zip = isZip(res, headers)
    if (zip && fault === 'truncateZip') {
      res.removeHeader('content-length')
      if (headers) {
        delete headers['content-length']
        delete headers['Content-Length']
      }
    }
    return originalWriteHead(status, ...rest)
  }

  const corrupt = (chunk: Buffer): Buffer => {
    if (target < 0 && offset === 0 && chunk.length >= 30 && chunk.readUInt32LE(0) === LOCAL_HEADER)
      target = 30 + chunk.readUInt16LE(26) + chunk.readUInt16LE(28)
    const at = target - offset
    offset += chunk.length
    if (target < 0 || at < 0 || at >= chunk.length) return chunk
    const copy = Buffer.from(chunk)
    copy[at] = (copy[at] ?? 0) ^ 0xff
    target = Number.MAX_SAFE_INTEGER
    applied()
    return copy
  }

  /** Writes what may go out; true once the body has been cut short and ended. */
  const pass = (chunk: Buffer | undefined, cb: Callback | undefined, end: boolean): boolean => {
    if (cut) {
      cb?.()
      return true
    }
    // Fastify sets the headers and lets the first write send them: look before it does.
    if (!res.headersSent && !zip && isZip(res)) {
      zip = true
      if (fault === 'truncateZip') res.removeHeader('content-length')
    }
    const data = chunk ?? Buffer.alloc(0)
    if (zip && fault === 'truncateZip') {
      const at = centralStart(data)
      if (at >= 0) {
        cut = true
        applied()
        originalEnd(data.subarray(0, at), cb)
        return true
      }
    }
    const out = zip && fault === 'corruptZip' ? corrupt(data) : data
    if (end) originalEnd(out, cb)
    else return originalWrite(out, cb)
    return true
  }
  res.write = ((...args: unknown[]) => {
    const { chunk, cb } = split(args)
    return pass(chunk, cb, false)
  }) as ServerResponse['write']
  res.end = ((...args: unknown[]) => {
    const { chunk, cb } = split(args)
    pass(chunk, cb, true)
    return res
  }) as ServerResponse['end']
}
