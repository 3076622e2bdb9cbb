import { recordedEntries } from '../data/recorded-archives'
import type { RecordedFile, UploadRecord } from '../data/records'
import { readRecordingFiles } from '../recordings/snapshot'
import type { RawFile } from './layout'

/**
 * The raw files of the recorded uploads (data/recorded-uploads.ts): a file the recordings
 * downloaded has the recorded content; a mainfile otherwise holds its archive's `data` and
 * `definitions` as JSON (what an .archive.json file contains); any other listed file a line
 * saying that the recording does not have its content.
 */

let recordedBodies: Map<string, string> | undefined

/** Recorded raw file answers by `<upload_id>/<path>`. */
function bodies(): Map<string, string> {
  if (recordedBodies) return recordedBodies
  recordedBodies = new Map()
  for (const { content } of readRecordingFiles()) {
    for (const pair of Object.values(content).flat()) {
      const match = /\/uploads\/([^/]+)\/raw\/([^?]+)/.exec(pair.request.url)
      const body = pair.response.body
      if (pair.request.method !== 'GET' || pair.response.status !== 200 || !match) continue
      if (typeof body === 'string') recordedBodies.set(`${match[1]}/${match[2]}`, body)
    }
  }
  return recordedBodies
}

function mainfileContent(entryId: string): string {
  const entry = recordedEntries().find((e) => e.entry_id === entryId)
  const archive = entry?.archive ?? {}
  const kept = Object.fromEntries(
    Object.entries(archive).filter(([key]) => key === 'data' || key === 'definitions'),
  )
  return `${JSON.stringify(kept, null, 2)}\n`
}

export function recordedRawFiles(upload: UploadRecord, files: RecordedFile[]): RawFile[] {
  return files.map(({ path, entryIndex, entryId }) => {
    const text =
      bodies().get(`${upload.upload_id}/${path}`) ??
      (entryId !== undefined
        ? mainfileContent(entryId)
        : `The recordings do not hold the content of ${path}.\n`)
    const content = Buffer.from(text, 'utf8')
    const mime = path.endsWith('.json') ? 'application/json' : 'text/plain'
    return {
      path,
      size: content.length,
      kind: 'showcase',
      seed: 0,
      programIndex: 0,
      ...(entryIndex === undefined ? {} : { entryIndex }),
      source: { read: (start: number, end: number) => [content.subarray(start, end)], mime },
    }
  })
}
