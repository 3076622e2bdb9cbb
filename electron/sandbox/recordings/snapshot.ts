import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { gunzipSync } from 'node:zlib'

/**
 * The real NOMAD server's recorded request/response pairs, as one gzipped snapshot that travels
 * with the repository (CI runs on a clean clone, where the team's reference folder is absent).
 * Source: the NOMAD project's gui/tests/data (Apache-2.0), as provided in
 * ../shared/reference/nomad-recordings; rebuild with `npx tsx electron/sandbox/recordings/make-snapshot.ts`.
 */

export interface RecordedRequest {
  url: string
  method: string
  body?: unknown
  headers?: Record<string, string | null>
}

export interface RecordedResponse {
  status: number
  body: unknown
  headers?: Record<string, string>
}

export interface RawRecordedPair {
  request: RecordedRequest
  response: RecordedResponse
}

/** One recorded file: its path below the recordings folder and its {hash: pairs} content. */
export interface RecordingFile {
  file: string
  content: Record<string, RawRecordedPair[]>
}

export const SNAPSHOT_PATH = resolve(import.meta.dirname, 'nomad-recordings.json.gz')
export const REFERENCE_DIR = resolve(
  import.meta.dirname,
  '../../../../shared/reference/nomad-recordings',
)

let cached: RecordingFile[] | undefined

/** Every recorded file, sorted by path; read and parsed once per process. */
export function readRecordingFiles(path = SNAPSHOT_PATH): RecordingFile[] {
  if (path === SNAPSHOT_PATH && cached !== undefined) return cached
  if (!existsSync(path)) throw new Error(`The recordings snapshot ${path} is missing.`)
  const bundle = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as {
    files: Record<string, RecordingFile['content']>
  }
  const files = Object.keys(bundle.files)
    .sort()
    .map((file) => ({ file, content: bundle.files[file] ?? {} }))
  if (path === SNAPSHOT_PATH) cached = files
  return files
}

/** Reads a recordings folder (the reference layout: sub-folders of .json files). */
export function readRecordingsFolder(dir: string): RecordingFile[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder)
      .sort()
      .flatMap((name) => {
        const full = join(folder, name)
        if (statSync(full).isDirectory()) return walk(full)
        return name.endsWith('.json') ? [full] : []
      })
  return walk(dir).map((full) => ({
    file: relative(dir, full).split('\\').join('/'),
    content: JSON.parse(readFileSync(full, 'utf8')) as RecordingFile['content'],
  }))
}
