import type { EntryMeta, UploadRecord } from './model'
import type { RecordedEntry } from './recorded-archives'
import type { DefinitionLists } from './method-parts'
import type { DocResolver, EntryTime } from './stored-doc'
import { DERIVED_DOC_FIELDS, StoredEntryDoc, UPLOAD_DOC_FIELDS } from './stored-doc'
import type { UploadPart } from './upload-part'
import { DATA_END_MS } from './time'

/**
 * The uploads and entry skeletons of the recorded real entries (recorded-archives.ts), appended
 * after the generated ones when `FixtureOptions.recordedArchives` is on. Owners, members and
 * publication come from the recorded archive metadata (recorded users mapped to demo users).
 */

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []

function metadataOf(entry: RecordedEntry): Record<string, unknown> {
  const metadata = entry.archive.metadata
  return metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>) : {}
}

function timeMs(text: string | undefined): number {
  const ms = text === undefined ? Number.NaN : Date.parse(text)
  return Number.isFinite(ms) ? ms : DATA_END_MS
}

/** The files an entry lists (its mainfile first), relative to the upload root. */
export function recordedFiles(entry: RecordedEntry): string[] {
  const listed = strings(entry.doc.files ?? metadataOf(entry).files)
  return [entry.mainfile, ...listed.filter((f) => f !== entry.mainfile)]
}

export function recordedData(
  entries: RecordedEntry[],
  firstUpload: number,
  firstEntry: number,
  fallbackAuthor: string,
): { uploads: UploadRecord[]; metas: EntryMeta[] } {
  const uploads: UploadRecord[] = []
  const metas: EntryMeta[] = []
  entries.forEach((entry, k) => {
    const index = firstEntry + k
    let upload = uploads.at(-1)
    if (upload?.upload_id !== entry.upload_id) {
      const m = metadataOf(entry)
      const createMs = timeMs(str(m.upload_create_time) ?? str(entry.doc.upload_create_time))
      const published = m.published === true || entry.doc.published === true
      upload = {
        index: firstUpload + uploads.length,
        seed: 0x4ec0 + uploads.length,
        upload_id: entry.upload_id,
        upload_name: str(entry.doc.upload_name) ?? entry.upload_id,
        createMs,
        ...(published ? { publishMs: timeMs(str(m.publish_time)) } : {}),
        main_author: str(m.main_author) ?? fallbackAuthor,
        coauthors: strings(m.coauthors),
        reviewers: strings(m.reviewers),
        coauthor_groups: [],
        reviewer_groups: [],
        published,
        embargo_length: typeof m.embargo_length === 'number' ? m.embargo_length : 0,
        with_embargo: m.with_embargo === true,
        license: 'CC BY 4.0',
        entryStart: index,
        entryCount: 0,
        datasetIndices: [],
        campaign: 'recorded',
        programIndex: 0,
        fixture: { kind: 'recorded', files: [] },
      }
      uploads.push(upload)
    }
    upload.entryCount++
    const fixture = upload.fixture
    if (fixture?.kind === 'recorded') {
      for (const path of recordedFiles(entry)) {
        const known = fixture.files.find((f) => f.path === path)
        if (path === entry.mainfile) {
          const main = { entryIndex: index, entryId: entry.entry_id }
          if (known) Object.assign(known, main)
          else fixture.files.push({ path, ...main })
        } else if (!known) fixture.files.push({ path })
      }
    }
    const slash = entry.mainfile.lastIndexOf('/')
    metas.push({
      index,
      uploadIndex: upload.index,
      seed: 0x4ec0 + index,
      materialIndex: 0,
      programIndex: 0,
      functionalIndex: 0,
      workflow: 'single_point',
      dir: slash < 0 ? '' : entry.mainfile.slice(0, slash),
      steps: 1,
      supercell: 1,
      largeArchive: false,
      largeFile: false,
      images: false,
      legacyWorkflow: false,
      recorded: entry,
    })
  })
  return { uploads, metas }
}

/** Fields that follow the upload (and its member edits), never the recording. */
const UPLOAD_FIELDS = new Set<string>(UPLOAD_DOC_FIELDS)

function lists(doc: Record<string, unknown>): DefinitionLists {
  const quantities = strings(doc.quantities)
  return {
    quantities,
    sections: strings(doc.sections),
    section_defs: Array.isArray(doc.section_defs)
      ? (doc.section_defs as DefinitionLists['section_defs'])
      : [],
    n_quantities: typeof doc.n_quantities === 'number' ? doc.n_quantities : quantities.length,
  }
}

/** The search document of a recorded entry: the recorded values, upload fields from `part`. */
export function recordedDoc(
  meta: EntryMeta,
  part: UploadPart,
  resolver: DocResolver,
): StoredEntryDoc {
  const entry = meta.recorded
  if (!entry) throw new Error(`entry ${meta.index} is not recorded`)
  const doc = entry.doc
  const stored = new StoredEntryDoc(meta.index, resolver, part, {
    entry_name: str(doc.entry_name) ?? entry.mainfile,
    entry_type: str(doc.entry_type) ?? 'unknown',
    parser_name: entry.parser_name,
    nomad_version: str(doc.nomad_version) ?? '1.3.4',
    lists: lists(Object.keys(doc).includes('quantities') ? doc : metadataOf(entry)),
    optimade: (doc.optimade as Record<string, unknown> | undefined) ?? {},
    results: (doc.results as Record<string, unknown> | undefined) ?? {},
    comment: str(doc.comment),
  })
  // Everything else the real document has (references, searchable_quantities, …) as it is.
  const derived = new Set<string>(DERIVED_DOC_FIELDS)
  for (const [key, value] of Object.entries(doc)) {
    if (derived.has(key) || key === 'license' || UPLOAD_FIELDS.has(key)) continue
    if (!(key in stored) || (stored as unknown as Record<string, unknown>)[key] === undefined)
      Object.assign(stored, { [key]: value })
  }
  if (Array.isArray(doc.references)) stored.references = doc.references as never[]
  if (typeof doc.domain === 'string') stored.domain = doc.domain
  return stored
}

/** A recorded entry's times as recorded; the upload's time where the recording has none. */
export function recordedEntryTime(meta: EntryMeta, part: UploadPart, which: EntryTime): string {
  const doc = meta.recorded?.doc ?? {}
  const created = str(doc.entry_create_time) ?? part.upload_create_time
  return which === 'created' ? created : (str(doc.last_processing_time) ?? created)
}

/** entry_references of a recorded entry, when its document has them. */
export function recordedEntryReferences(meta: EntryMeta): Record<string, string>[] | undefined {
  const refs = meta.recorded?.doc.entry_references
  return Array.isArray(refs) ? (refs as Record<string, string>[]) : undefined
}

/** The `files` metadata of a recorded entry. */
export function recordedFilesOf(meta: EntryMeta): string[] {
  return meta.recorded ? recordedFiles(meta.recorded) : []
}

/** The recorded archive of an entry: a fresh copy (readers place resolved targets into it). */
export function recordedArchive(meta: EntryMeta): Record<string, unknown> {
  if (!meta.recorded) throw new Error(`entry ${meta.index} is not recorded`)
  return structuredClone(meta.recorded.archive)
}
