import { readFile } from 'node:fs/promises'
import { protocol } from 'electron'
import {
  contentTypeFor,
  rendererCsp,
  resolveAssetPath,
  securityHeaders,
} from '../core/renderer-assets/assets'

/**
 * The renderer is served from app://nomad/ instead of file:// (Electron security checklist,
 * item 18): a real origin for the sender check and CSP, and no access to arbitrary local files.
 */
export const APP_SCHEME = 'app'
export const APP_ORIGIN = 'app://nomad'
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`

/**
 * True for app://nomad/… URLs. Compares protocol and host because Node's URL gives custom
 * schemes the opaque origin "null", so comparing `.origin` would never match.
 */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === 'nomad'
  } catch {
    return false
  }
}

/**
 * Must run before app 'ready': standard + secure makes app:// behave like https for the page.
 * codeCache lets Chromium keep the renderer's compiled JavaScript between starts, as it does for
 * https pages (custom schemes are left out by default): the start-up bench's warm load spends
 * ~50 ms on the main thread producing that cache, which later starts then skip compiling.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ])
}

/** Answers app:// requests from the built renderer folder, with the same rules as web mode. */
export async function serveAppRequest(rendererDir: string, requestUrl: string): Promise<Response> {
  const csp = rendererCsp()
  const url = new URL(requestUrl)
  const file = url.host === 'nomad' ? resolveAssetPath(rendererDir, url.pathname) : null
  const body = file ? await readFile(file).catch(() => null) : null
  if (!file || !body)
    return new Response(`Not found: ${url.pathname}`, {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders(csp) },
    })
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: { 'content-type': contentTypeFor(file), ...securityHeaders(csp) },
  })
}

export function handleAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(rendererDir, request.url))
}
