import { readRecordingFiles, type RecordingFile } from '../../../sandbox/recordings/snapshot'

// The recorded request/response pairs of the real server (the snapshot of the reference
// recordings that ships with the sandbox), flattened into one list.

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

function apiPath(url: string): string {
  const { pathname } = new URL(url)
  return pathname.replace(/^.*?\/api\/v1(?=\/|$)/, '')
}

export type LoadedRecordings = { ok: true; pairs: RecordedPair[] } | { ok: false; problem: string }

/** All pairs in a stable order (file, hash, index), or why there are none. */
export function loadRecordings(files: RecordingFile[] = readRecordingFiles()): LoadedRecordings {
  const pairs: RecordedPair[] = []
  for (const { file, content } of files) {
    for (const hash of Object.keys(content).sort()) {
      content[hash]?.forEach((pair, index) => {
        const headers = pair.response.headers ?? {}
        pairs.push({
          source: `${file}#${hash}[${index}]`,
          method: pair.request.method.toUpperCase(),
          path: apiPath(pair.request.url),
          status: pair.response.status,
          contentType: headers['content-type'] ?? headers['Content-Type'],
          body: pair.response.body,
        })
      })
    }
  }
  if (pairs.length === 0) return { ok: false, problem: 'The recordings snapshot holds no pairs.' }
  return { ok: true, pairs }
}
