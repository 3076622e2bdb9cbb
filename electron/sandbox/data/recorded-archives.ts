import { merge } from '../archive/nodes'
import { readRecordingFiles, type RawRecordedPair } from '../recordings/snapshot'
import { CAST } from './users'

/**
 * The real archives the recordings hold (archive_browser_test_*, the ELN and reference-editing
 * tests, the dft_bulk entry cards), served by the sandbox as entries of their own with their
 * entry ids, upload ids and references unchanged, so that a recorded request finds them.
 * An entry's archive is the union of every recorded archive answer for it ("*" answers first,
 * then the parts that `required` answers add); its search document is the recorded
 * GET /entries/{id} document when there is one, else built from the archive's metadata.
 * The GUI test users of the recordings become the sandbox's demo users (RECORDED_USERS), so
 * that the uploads have owners who can sign in.
 */

export interface RecordedEntry {
  entry_id: string
  upload_id: string
  mainfile: string
  parser_name: string
  archive: Record<string, unknown>
  /** The entry's search document as the real server sent it (users mapped). */
  doc: Record<string, unknown>
}

/** Recorded user ids (the GUI's test users) → sandbox demo users. */
export const RECORDED_USERS: Record<string, keyof typeof CAST> = {
  '68878af7-6845-46c0-b2c1-250d4d8eb470': 'lena',
  'a03af8b6-3aa7-428a-b3b1-4a6317e576b6': 'omar',
  '54cb1f64-f84e-4815-9ade-440ce0b5430f': 'mei',
  'c97facc2-92ec-4fa6-80cf-a08ed957255b': 'admin',
}

function sandboxUserId(recorded: string): string | undefined {
  const name = RECORDED_USERS[recorded]
  const user = name === undefined ? undefined : CAST[name]
  return user && !Array.isArray(user) ? (user as { user_id: string }).user_id : undefined
}

/** A deep copy with the recorded user ids replaced by the sandbox users' ids. */
function mapUsers(value: unknown): unknown {
  if (typeof value === 'string') return sandboxUserId(value) ?? value
  if (Array.isArray(value)) return value.map(mapUsers)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapUsers(v)]))
  }
  return value
}

interface ArchiveAnswer {
  entry_id: string
  upload_id: string
  parser_name?: string
  archive: Record<string, unknown>
  full: boolean
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Archive answers in a recorded response (one entry, or a page of a search). */
function archiveAnswers(pair: RawRecordedPair): ArchiveAnswer[] {
  const { url } = pair.request
  const body = pair.response.body
  if (pair.response.status !== 200 || !isObject(body) || !/\/archive(\/query)?$/.test(url))
    return []
  const full = isObject(pair.request.body) ? pair.request.body.required === '*' : true
  const items = Array.isArray(body.data) ? body.data : [body.data]
  return items.flatMap((item) => {
    if (!isObject(item) || !isObject(item.archive) || typeof item.entry_id !== 'string') return []
    if (typeof item.upload_id !== 'string') return []
    return [
      {
        entry_id: item.entry_id,
        upload_id: item.upload_id,
        ...(typeof item.parser_name === 'string' ? { parser_name: item.parser_name } : {}),
        archive: item.archive,
        full: full && !isObject(body.required),
      },
    ]
  })
}

function entryDocs(pairs: RawRecordedPair[]): Map<string, Record<string, unknown>> {
  const docs = new Map<string, Record<string, unknown>>()
  for (const pair of pairs) {
    const body = pair.response.body
    const match = /\/entries\/([^/?]+)$/.exec(pair.request.url)
    if (pair.request.method !== 'GET' || !match || pair.response.status !== 200) continue
    // Entry-card tests recorded different mock documents of one entry: keep their union.
    if (isObject(body) && isObject(body.data) && body.data.entry_id === match[1]) {
      const known = docs.get(match[1] ?? '')
      if (known) merge(known, structuredClone(body.data))
      else docs.set(match[1] ?? '', structuredClone(body.data))
    }
  }
  return docs
}

function docFromArchive(archive: Record<string, unknown>): Record<string, unknown> {
  const metadata = isObject(archive.metadata) ? archive.metadata : {}
  const doc: Record<string, unknown> = { ...metadata }
  if (isObject(archive.results)) doc.results = archive.results
  return doc
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

let cached: RecordedEntry[] | undefined

/** Every recorded entry with an archive, sorted by upload then mainfile; parsed once. */
export function recordedEntries(): RecordedEntry[] {
  if (cached) return cached
  const pairs = readRecordingFiles().flatMap(({ content }) => Object.values(content).flat())
  const answers = pairs.flatMap(archiveAnswers)
  // "*" answers first, so that key order follows the whole archive.
  answers.sort((a, b) => Number(b.full) - Number(a.full))
  const merged = new Map<string, ArchiveAnswer>()
  for (const answer of answers) {
    const { m_ref_archives: _refs, ...archive } = answer.archive
    const known = merged.get(answer.entry_id)
    if (known) merge(known.archive, structuredClone(archive))
    else merged.set(answer.entry_id, { ...answer, archive: structuredClone(archive) })
  }
  const docs = entryDocs(pairs)
  cached = [...merged.values()]
    .map((answer): RecordedEntry => {
      const archive = mapUsers(answer.archive) as Record<string, unknown>
      const recordedDoc = docs.get(answer.entry_id)
      const doc = (recordedDoc ? mapUsers(recordedDoc) : docFromArchive(archive)) as Record<
        string,
        unknown
      >
      const metadata = isObject(archive.metadata) ? archive.metadata : {}
      const mainfile = text(doc.mainfile) ?? text(metadata.mainfile) ?? `${answer.entry_id}.json`
      return {
        entry_id: answer.entry_id,
        upload_id: answer.upload_id,
        mainfile,
        parser_name: answer.parser_name ?? text(doc.parser_name) ?? 'parsers/archive',
        archive,
        doc: { ...doc, entry_id: answer.entry_id, upload_id: answer.upload_id, mainfile },
      }
    })
    .sort((a, b) =>
      a.upload_id === b.upload_id
        ? a.mainfile.localeCompare(b.mainfile)
        : a.upload_id.localeCompare(b.upload_id),
    )
  return cached
}
