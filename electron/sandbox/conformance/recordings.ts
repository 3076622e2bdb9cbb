import { readRecordingFiles } from '../recordings/snapshot'

/**
 * The real server's recorded request/response pairs (the snapshot in ../recordings, from the
 * NOMAD GUI's test fixtures), deduplicated, with the URL split into path and parameters.
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

const BASE = 'http://localhost:8000/fairdi/nomad/latest/api/v1'

export function loadRecordings(): RecordedPair[] {
  const seen = new Set<string>()
  const pairs: RecordedPair[] = []
  for (const { file, content } of readRecordingFiles()) {
    for (const list of Object.values(content)) {
      for (const pair of list) {
        const key = `${pair.request.method} ${pair.request.url} ${JSON.stringify(pair.request.body)} ${pair.response.status}`
        if (seen.has(key)) continue
        seen.add(key)
        const url = new URL(pair.request.url.replace(BASE, 'http://x'))
        pairs.push({
          file,
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
  return pairs
}
