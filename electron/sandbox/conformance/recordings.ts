import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/**
 * The real server's recorded request/response pairs (../shared/reference/nomad-recordings,
 * the NOMAD GUI's test fixtures), deduplicated, with the URL split into path and parameters.
 */
export interface RecordedPair {
  file: string
  method: string
  /** Path after the API base, e.g. /entries/query. */
  path: string
  params: [string, string][]
  body: unknown
  authorized: boolean
  status: number
  response: unknown
}

export const RECORDINGS_DIR = resolve(__dirname, '../../../../shared/reference/nomad-recordings')
const BASE = 'http://localhost:8000/fairdi/nomad/latest/api/v1'

interface RawPair {
  request: { url: string; method: string; body: unknown; headers?: Record<string, string | null> }
  response: { status: number; body: unknown }
}

export function loadRecordings(dir = RECORDINGS_DIR): RecordedPair[] {
  if (!existsSync(dir)) throw new Error(`recordings not found at ${dir}`)
  const seen = new Set<string>()
  const pairs: RecordedPair[] = []
  for (const folder of readdirSync(dir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue
    for (const name of readdirSync(join(dir, folder.name))) {
      if (!name.endsWith('.json')) continue
      const content = JSON.parse(readFileSync(join(dir, folder.name, name), 'utf8')) as Record<
        string,
        RawPair[]
      >
      for (const list of Object.values(content)) {
        for (const pair of list) {
          const key = `${pair.request.method} ${pair.request.url} ${JSON.stringify(pair.request.body)} ${pair.response.status}`
          if (seen.has(key)) continue
          seen.add(key)
          const url = new URL(pair.request.url.replace(BASE, 'http://x'))
          pairs.push({
            file: `${folder.name}/${name}`,
            method: pair.request.method,
            path: decodeURIComponent(url.pathname),
            params: [...url.searchParams.entries()],
            body: pair.request.body,
            authorized: Boolean(pair.request.headers?.authorization),
            status: pair.response.status,
            response: pair.response.body,
          })
        }
      }
    }
  }
  return pairs
}
