import { GROUP_ALL, GROUP_IDS } from '../data/groups'
import { RECORDED_USERS } from '../data/recorded-archives'
import type { RecordedPair } from './recordings'

/**
 * Turns a recorded request into the equivalent request to the sandbox: the same endpoint,
 * parameters and body, with the recording's ids replaced by sandbox ids of the same kind
 * (a public entry, an unpublished upload of the main researcher, a file or folder path…)
 * and its redacted token by the main researcher's.
 */
export interface Fixtures {
  token: string
  users: Record<string, string>
  publicEntry: string
  publishedUpload: string
  stagingUpload: string
  embargoedUpload: string
  /** A folder and a file of each of the three uploads, by upload id. */
  paths: Record<string, { folder: string; file: string }>
}

export interface SandboxRequest {
  method: string
  path: string
  body?: unknown
  token: string | null
  /** Body keys whose value depends on the request rewrite and are not compared. */
  ignore: string[]
}

function user(fixtures: Fixtures, recorded: string): string {
  return fixtures.users[RECORDED_USERS[recorded] ?? 'paul'] ?? recorded
}

function group(recorded: string): string {
  if (recorded === GROUP_ALL) return GROUP_ALL
  if (recorded === 'group3') return GROUP_IDS.catalysis
  return /^group[0-2]$/.test(recorded) ? GROUP_IDS.hoffmannLab : GROUP_IDS.readingClub
}

function query(params: [string, string][], fixtures: Fixtures): string {
  const mapped = params.map(([key, value]): [string, string] => {
    if (key === 'user_id') return [key, user(fixtures, value)]
    if (key === 'group_id') return [key, group(value)]
    if (key === 'prefix' && value === 'schei') return [key, 'hoff']
    return [key, value]
  })
  const text = new URLSearchParams(mapped).toString()
  return text ? `?${text}` : ''
}

function mapIds(value: unknown, fixtures: Fixtures, field: string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapIds(v, fixtures, field))
  if (typeof value === 'string')
    return field.endsWith('_groups') ? group(value) : user(fixtures, value)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, mapIds(v, fixtures, field)]),
    )
  }
  return value
}

function uploadFor(access: unknown, fixtures: Fixtures): string {
  if (access === 'unpublished') return fixtures.stagingUpload
  if (access === 'embargoed') return fixtures.embargoedUpload
  return fixtures.publishedUpload
}

export function translate(pair: RecordedPair, fixtures: Fixtures): SandboxRequest | null {
  const token = pair.authorized ? fixtures.token : null
  const q = query(pair.params, fixtures)
  const response = (pair.response ?? {}) as Record<string, unknown>
  const base = { method: pair.method, token, ignore: [] as string[] }
  const segments = pair.path.split('/').filter(Boolean)
  const [root, id, sub] = segments
  if (pair.method === 'POST' && pair.path === '/entries/query')
    return { ...base, path: pair.path, body: pair.body }
  if (pair.method === 'POST' && pair.path === '/entries/archive/query')
    return { ...base, path: pair.path, body: pair.body }
  if (root === 'entries' && segments.length === 2 && pair.method === 'GET') {
    return { ...base, path: `/entries/${fixtures.publicEntry}${q}` }
  }
  if (root === 'entries' && sub === 'archive' && segments[3] === 'query') {
    return { ...base, path: `/entries/${fixtures.publicEntry}/archive/query`, body: pair.body }
  }
  if (
    pair.method === 'GET' &&
    ['/uploads', '/datasets/', '/groups', '/users'].includes(pair.path)
  ) {
    return { ...base, path: `${pair.path}${q}`, ignore: pair.path === '/uploads' ? [] : ['query'] }
  }
  if (root !== 'uploads' || id === undefined) return null
  if (pair.method === 'GET' && pair.path === '/uploads/command-examples')
    return { ...base, token: fixtures.token, path: pair.path }
  if (pair.method === 'GET' && segments.length === 2) {
    const data = response.data as Record<string, unknown> | undefined
    const upload = data?.published === false ? fixtures.stagingUpload : fixtures.publishedUpload
    return { ...base, token: fixtures.token, path: `/uploads/${upload}${q}` }
  }
  if (pair.method === 'GET' && sub === 'entries' && segments.length === 3) {
    if (pair.status === 404) return { ...base, path: `/uploads/a_not_exist_upload_ID/entries${q}` }
    if (pair.status === 401)
      return { ...base, token: null, path: `/uploads/${fixtures.embargoedUpload}/entries${q}` }
    const upload =
      (response.upload as Record<string, unknown> | undefined)?.published === false
        ? fixtures.stagingUpload
        : fixtures.publishedUpload
    const params =
      pair.status === 400
        ? query(
            pair.params.map(([k, v]) => [k, k === 'page' ? '999' : v]),
            fixtures,
          )
        : q
    return { ...base, token: fixtures.token, path: `/uploads/${upload}/entries${params}` }
  }
  if (pair.method === 'GET' && sub === 'rawdir') {
    const upload = uploadFor(response.access, fixtures)
    const paths = fixtures.paths[upload]
    const path =
      'file_metadata' in response ? paths?.file : response.path === '' ? '' : paths?.folder
    return { ...base, token: fixtures.token, path: `/uploads/${upload}/rawdir/${path}${q}` }
  }
  if (pair.method === 'GET' && sub === 'raw') {
    const embargoed = fixtures.paths[fixtures.embargoedUpload]?.file ?? ''
    const published = fixtures.paths[fixtures.publishedUpload]?.file ?? ''
    if (pair.status === 401)
      return {
        ...base,
        token: null,
        path: `/uploads/${fixtures.embargoedUpload}/raw/${embargoed}${q}`,
      }
    if (pair.status === 404)
      return { ...base, path: `/uploads/${fixtures.publishedUpload}/raw/no/such/file${q}` }
    return { ...base, path: `/uploads/${fixtures.publishedUpload}/raw/${published}${q}` }
  }
  if (pair.method === 'POST' && sub === 'edit') {
    const metadata = (pair.body as { metadata?: Record<string, unknown> } | null)?.metadata ?? {}
    const mapped = Object.fromEntries(
      Object.entries(metadata).map(([field, value]) => [field, mapIds(value, fixtures, field)]),
    )
    return {
      ...base,
      token: fixtures.token,
      path: `/uploads/${fixtures.stagingUpload}/edit`,
      body: { metadata: mapped },
    }
  }
  return null
}
