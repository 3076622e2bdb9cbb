/**
 * The rules for a server profile's base URL, shared by the IPC schema (authoritative, in main and
 * the web host) and the renderer's add/edit form (instant inline feedback). Pure TypeScript, no
 * zod, so the renderer can import it without pulling zod into its bundle.
 */

/**
 * The WHATWG URL parser exists in every runtime we ship to (Node, Chromium), but shared/ compiles
 * without DOM or Node typings, so declare only the fields used here. The declaration is
 * module-local: it emits nothing and resolves to the runtime's global URL.
 */
export interface ParsedUrl {
  origin: string
  protocol: string
  username: string
  password: string
  hostname: string
  host: string
  pathname: string
  search: string
  hash: string
}
declare const URL: new (input: string) => ParsedUrl

/** The runtime's URL parser, undefined instead of an exception for text that is no URL. */
export function tryParseUrl(text: string): ParsedUrl | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

export type ServerUrlCheck = { ok: true; url: string } | { ok: false; message: string }

export const EXAMPLE_API_URL = 'https://nomad.example.org/nomad-oasis/api/v1'

/** True for 127.0.0.0/8, ::1 and localhost: the only hosts where plain http is acceptable. */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host === 'localhost' || host === '[::1]') return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/**
 * Checks a user-typed API address and returns its normalised form (no trailing slash, lower-case
 * host, default port dropped) or a message naming exactly what is wrong and how to fix it.
 */
export function checkServerUrl(raw: string): ServerUrlCheck {
  const text = raw.trim()
  if (text === '')
    return { ok: false, message: `Enter the server's API address, e.g. ${EXAMPLE_API_URL}` }
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text))
    return {
      ok: false,
      message: `Start the address with https://, e.g. https://${text.replace(/^\/+/, '')}`,
    }
  const url = tryParseUrl(text)
  if (!url) return { ok: false, message: `“${text}” is not a valid web address.` }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return {
      ok: false,
      message: `Only https:// addresses are supported (this one uses ${url.protocol}).`,
    }
  if (url.protocol === 'http:' && !isLoopbackHostname(url.hostname))
    return {
      ok: false,
      message: `Plain http is only allowed for this computer (127.0.0.1, localhost); use https for ${url.hostname}.`,
    }
  if (url.username !== '' || url.password !== '')
    return {
      ok: false,
      message:
        'Remove the user name and password from the address; sign in from the Tokens screen instead.',
    }
  if (url.search !== '' || text.endsWith('?'))
    return { ok: false, message: `Remove the query (“${url.search || '?'}”) from the address.` }
  if (url.hash !== '' || text.endsWith('#'))
    return { ok: false, message: `Remove the fragment (“${url.hash || '#'}”) from the address.` }
  const path = url.pathname.replace(/\/+$/, '')
  const lastSegment = path.split('/').pop() ?? ''
  if (!/^v\d+$/.test(lastSegment))
    return {
      ok: false,
      message:
        path === ''
          ? `The address must include the API path ending in its version, e.g. https://${url.host}/api/v1.`
          : `The address must end with the API version segment, e.g. …/api/v1 (this one ends with “/${lastSegment}”).`,
    }
  return { ok: true, url: `${url.protocol}//${url.host}${path}` }
}
