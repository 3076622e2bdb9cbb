/**
 * What the archive viewer's "Open archive…" field accepts, read by one pure function: an entry
 * id (on the server shown), an app link as "Copy link" writes it
 * (nomad-desktop://archive/<server>/<entry>/<json path>, or the route #/archive/… of web mode's
 * address bar), or a NOMAD GUI or API address of a configured server
 * (…/gui/…/entry/id/<entry>/data/run/0/system/0, …/api/v1/entries/<entry>/archive).
 */

import { tryParseUrl } from '../ipc/models/server-url'

export const APP_LINK_PREFIX = 'nomad-desktop://archive/'

/** The part of a server profile a link is matched against. */
export interface LinkServer {
  id: string
  name: string
  /** The API root, e.g. https://nomad-lab.eu/prod/v1/api/v1. */
  baseUrl: string
}

export interface ArchiveTarget {
  serverId: string
  entryId: string
  /** `$.run[0].system[0]` as the route carries it; absent: nothing selected. */
  jsonPath?: string
}

export type ArchiveLinkResult = { ok: true; target: ArchiveTarget } | { ok: false; message: string }

/** NOMAD's ids are URL-safe base64 (28 characters for entries); the sandbox's are alike. */
const ENTRY_ID = /^[A-Za-z0-9_-]{1,200}$/
const KEY = /^[A-Za-z_]\w*$/
const GUI_TABS = new Set(['overview', 'files', 'data', 'logs', 'archive'])

const fail = (message: string): ArchiveLinkResult => ({ ok: false, message })

/** The link "Copy link" writes for an archive place: opened again by parseArchiveLink. */
export function archiveAppLink(target: ArchiveTarget): string {
  const parts = [target.serverId, target.entryId, ...(target.jsonPath ? [target.jsonPath] : [])]
  return APP_LINK_PREFIX + parts.map(encodeURIComponent).join('/')
}

/** Reads a pasted text into the archive to open, or says in words why it cannot. */
export function parseArchiveLink(
  text: string,
  servers: readonly LinkServer[],
  activeServerId: string,
): ArchiveLinkResult {
  const input = text.trim()
  if (input === '') return fail('Paste an entry id or a link to an archive.')
  if (ENTRY_ID.test(input))
    return { ok: true, target: { serverId: activeServerId, entryId: input } }
  const route = appRoute(input)
  if (route !== undefined) return fromRoute(route, servers)
  if (/^https?:\/\//i.test(input)) return fromServerUrl(input, servers)
  return fail(
    'Not an entry id or a link: an entry id is letters, digits, - and _ only (e.g. zF3x…); a link starts with nomad-desktop://, #/archive/ or http(s)://.',
  )
}

/** The /archive/… route inside an app link, a hash route or an address with one; else undefined. */
function appRoute(input: string): string | undefined {
  if (input.toLowerCase().startsWith(APP_LINK_PREFIX)) return input.slice(APP_LINK_PREFIX.length)
  const hash = input.indexOf('#/archive/')
  if (hash >= 0) return input.slice(hash + '#/archive/'.length)
  if (input.startsWith('/archive/')) return input.slice('/archive/'.length)
  return undefined
}

function fromRoute(route: string, servers: readonly LinkServer[]): ArchiveLinkResult {
  const segments = route.split(/[?#]/, 1)[0]?.split('/') ?? []
  const decoded: string[] = []
  for (const segment of segments.filter((s) => s !== '')) {
    try {
      decoded.push(decodeURIComponent(segment))
    } catch {
      return fail(`The link is damaged: “${segment}” is not valid percent-encoding.`)
    }
  }
  const [serverId, entryId, jsonPath, ...extra] = decoded
  if (serverId === undefined || entryId === undefined)
    return fail('The link names no entry: it should read …archive/<server>/<entry>/<JSON path>.')
  if (extra.length > 0) return fail('The link has more parts than server, entry and JSON path.')
  if (!servers.some((server) => server.id === serverId))
    return fail(
      `The link is for the server “${serverId}”, which is not one of your servers. Add it under Servers, then open the link again.`,
    )
  if (!ENTRY_ID.test(entryId)) return fail(`“${entryId}” is not an entry id.`)
  if (jsonPath !== undefined && !jsonPath.startsWith('$'))
    return fail(`“${jsonPath}” is not a JSON path: it starts with $, e.g. $.run[0].system[0].`)
  return { ok: true, target: { serverId, entryId, ...(jsonPath ? { jsonPath } : {}) } }
}

/** The deployment's root: the API root without /api/v1 (where its GUI lives too). */
function deploymentRoot(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/api(\/v\d+)?$/, '')
}

function fromServerUrl(input: string, servers: readonly LinkServer[]): ArchiveLinkResult {
  const url = tryParseUrl(input)
  if (!url) return fail('The address is not a valid URL.')
  const address = `${url.origin}${url.pathname}`.replace(/\/+$/, '')
  const server = servers
    .map((s) => ({ s, root: deploymentRoot(s.baseUrl) }))
    .filter(({ root }) => address === root || address.startsWith(`${root}/`))
    .sort((a, b) => b.root.length - a.root.length)[0]
  if (!server)
    return fail(
      `${url.origin} is not one of your servers. Add it under Servers, then paste the address again.`,
    )
  const parts = address.slice(server.root.length).split('/').filter(Boolean).map(safeDecode)
  const target = guiTarget(parts) ?? apiTarget(parts)
  if (!target)
    return fail(
      `This address of ${server.s.name} names no entry: open the entry in NOMAD and copy the address from there (…/entry/id/<entry>).`,
    )
  return { ok: true, target: { serverId: server.s.id, ...target } }
}

const safeDecode = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** …/entry/id/<entry>[/<tab>[/<archive path>]], and the older …/entry/id/<upload>/<entry>. */
function guiTarget(parts: string[]): Omit<ArchiveTarget, 'serverId'> | undefined {
  const at = parts.findIndex((part, i) => part === 'entry' && parts[i + 1] === 'id')
  if (at < 0) return undefined
  let rest = parts.slice(at + 2)
  if (rest.length >= 2 && rest[1] !== undefined && !GUI_TABS.has(rest[1])) rest = rest.slice(1)
  const [entryId, tab, ...path] = rest
  if (entryId === undefined || !ENTRY_ID.test(entryId)) return undefined
  const jsonPath = tab === 'data' || tab === 'archive' ? jsonPathOfSegments(path) : undefined
  return { entryId, ...(jsonPath ? { jsonPath } : {}) }
}

/** …/entries/<entry>[/archive[/download]] under the API root. */
function apiTarget(parts: string[]): Omit<ArchiveTarget, 'serverId'> | undefined {
  const at = parts.lastIndexOf('entries')
  const entryId = at >= 0 ? parts[at + 1] : undefined
  return entryId !== undefined && ENTRY_ID.test(entryId) ? { entryId } : undefined
}

/** run/0/system/0 → $.run[0].system[0]; undefined for nothing or for a step that is no key. */
function jsonPathOfSegments(path: string[]): string | undefined {
  if (path.length === 0) return undefined
  let out = '$'
  for (const step of path) {
    if (/^\d+$/.test(step)) out += `[${step}]`
    else if (KEY.test(step)) out += `.${step}`
    else return undefined
  }
  return out
}
