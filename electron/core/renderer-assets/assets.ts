import { extname, isAbsolute, relative, resolve, sep } from 'node:path'

/**
 * Serving the built renderer (out/renderer) is shared by Electron's app:// protocol handler and
 * the web host's HTTP server, so both apply the same path rules, content types and CSP.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
}

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * Maps a URL path ('/assets/index-abc.js') to a file under `root`, or null when the path is
 * malformed or would leave `root` (../, encoded %2e%2e, backslashes, NUL, absolute paths).
 * '/' maps to index.html. The caller still handles a missing file (404).
 */
export function resolveAssetPath(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const relativePath =
    decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '')
  if (isAbsolute(relativePath)) return null
  const base = resolve(root)
  const target = resolve(base, relativePath)
  const rel = relative(base, target)
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..'))
    return null
  return target
}

/**
 * The Content-Security-Policy sent with every renderer response. It matches the meta tag in
 * renderer/index.html; `connectSources` adds the web host's WebSocket origin, which 'self' does
 * not cover in every browser. Inline styles are needed by Mantine's runtime CSS variables.
 */
export function rendererCsp(connectSources: string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ')
}

/** Headers for every renderer response besides the content type. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    // No other origin (another loopback port included) may embed these resources.
    'cross-origin-resource-policy': 'same-origin',
    'x-frame-options': 'DENY',
  }
}
