import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

// Reads the recorded request/response pairs of the real server (shared/reference/
// nomad-recordings: files of {hash: [{request, response}]}), flattened into one list.

export interface RecordedPair {
  /** "<file relative to the folder>#<hash>[<index>]", to find the pair again. */
  source: string
  method: string
  /** Path below the API root (".../api/v1"), still URL-encoded, without the query string. */
  path: string
  status: number
  contentType: string | undefined
  body: unknown
}

interface RawPair {
  request: { url: string; method: string }
  response: { status: number; body: unknown; headers?: Record<string, string> }
}

function listJsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) return listJsonFiles(full)
      return name.endsWith('.json') ? [full] : []
    })
}

function apiPath(url: string): string {
  const { pathname } = new URL(url)
  return pathname.replace(/^.*?\/api\/v1(?=\/|$)/, '')
}

export type LoadedRecordings = { ok: true; pairs: RecordedPair[] } | { ok: false; problem: string }

/** All pairs in a stable order (file, hash, index), or why there are none. */
export function loadRecordings(dir: string): LoadedRecordings {
  if (!existsSync(dir)) {
    return { ok: false, problem: `The recordings folder ${dir} does not exist.` }
  }
  const pairs: RecordedPair[] = []
  for (const file of listJsonFiles(dir)) {
    const content = JSON.parse(readFileSync(file, 'utf8')) as Record<string, RawPair[]>
    for (const hash of Object.keys(content).sort()) {
      content[hash]?.forEach((pair, index) => {
        const headers = pair.response.headers ?? {}
        pairs.push({
          source: `${path.relative(dir, file)}#${hash}[${index}]`,
          method: pair.request.method.toUpperCase(),
          path: apiPath(pair.request.url),
          status: pair.response.status,
          contentType: headers['content-type'] ?? headers['Content-Type'],
          body: pair.response.body,
        })
      })
    }
  }
  if (pairs.length === 0) return { ok: false, problem: `${dir} holds no recorded pairs.` }
  return { ok: true, pairs }
}
