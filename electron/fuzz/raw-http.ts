import { request } from 'node:http'

export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  bytes: number
}

/** Stops reading an answer beyond this; the check on its size fails anyway. */
const READ_LIMIT = 64 * 1024 * 1024

/**
 * An HTTP request with the path sent exactly as given (fetch and URL would resolve `..` and
 * re-encode, which hides the traversal attempts the suite means to send).
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json'
      headers['content-length'] = String(Buffer.byteLength(options.body))
    }
    // No keep-alive agent: a pooled socket the server has just closed reads as a hang-up.
    const requestOptions = { host: '127.0.0.1', port, method, path, headers, agent: false }
    const req = request(requestOptions, (res) => {
      const chunks: Buffer[] = []
      let bytes = 0
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        if (bytes <= READ_LIMIT) chunks.push(chunk)
      })
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
          bytes,
        }),
      )
      res.on('error', reject)
    })
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)))
    req.on('error', reject)
    req.end(options.body)
  })
}
