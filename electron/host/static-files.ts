import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { contentTypeFor, resolveAssetPath, securityHeaders } from '../core/renderer-assets/assets'

/** Encodings the build writes beside each asset (electron/tools/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const

/**
 * Hashed build output (assets/index-3f9a2b.js) never changes under its name: cached for a year
 * without revalidation. index.html names the current hashes, so it always revalidates.
 */
export function cacheControlFor(pathname: string, file: string): string {
  if (file.endsWith('index.html')) return 'no-cache'
  if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  return 'max-age=3600'
}

/** The encodings a request accepts (q=0 refuses one), from its Accept-Encoding header. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>()
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((param) => /^\s*q=0(?:\.0*)?\s*$/.test(param))
    if (name && !refused) accepted.add(name)
  }
  return accepted
}

async function fileSize(path: string): Promise<number | null> {
  const info = await stat(path).catch(() => null)
  return info?.isFile() ? info.size : null
}

/**
 * Serves one file of the built renderer with its content type and the security headers, as its
 * precompressed brotli or gzip twin when the browser accepts one and the build wrote it.
 */
export async function serveRendererFile(
  req: IncomingMessage,
  res: ServerResponse,
  rendererDir: string,
  pathname: string,
  csp: string,
): Promise<void> {
  const file = resolveAssetPath(rendererDir, pathname)
  const size = file ? await fileSize(file) : null
  if (!file || size === null) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders(csp) })
    res.end(`Not found: ${pathname.slice(0, 200)}`)
    return
  }
  const accepted = acceptedEncodings(req.headers['accept-encoding'])
  let body = { path: file, size, encoding: null as string | null }
  for (const encoding of ENCODINGS) {
    if (!accepted.has(encoding.name)) continue
    const twinSize = await fileSize(file + encoding.suffix)
    if (twinSize === null) continue
    body = { path: file + encoding.suffix, size: twinSize, encoding: encoding.name }
    break
  }
  res.writeHead(200, {
    'content-type': contentTypeFor(file),
    'content-length': body.size,
    'cache-control': cacheControlFor(pathname, file),
    vary: 'accept-encoding',
    ...(body.encoding ? { 'content-encoding': body.encoding } : {}),
    ...securityHeaders(csp),
  })
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  createReadStream(body.path)
    .on('error', () => res.destroy())
    .pipe(res)
}
