import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { contentTypeFor, resolveAssetPath, securityHeaders } from '../core/renderer-assets/assets'

/** Serves one file of the built renderer with its content type and the security headers. */
export async function serveRendererFile(
  req: IncomingMessage,
  res: ServerResponse,
  rendererDir: string,
  pathname: string,
  csp: string,
): Promise<void> {
  const file = resolveAssetPath(rendererDir, pathname)
  const info = file ? await stat(file).catch(() => null) : null
  if (!file || !info?.isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders(csp) })
    res.end(`Not found: ${pathname.slice(0, 200)}`)
    return
  }
  res.writeHead(200, {
    'content-type': contentTypeFor(file),
    'content-length': info.size,
    // index.html must revalidate so a rebuilt renderer is picked up; hashed assets may be cached.
    'cache-control': file.endsWith('index.html') ? 'no-cache' : 'max-age=3600',
    ...securityHeaders(csp),
  })
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res)
}
