/**
 * Reference values in NOMAD archives (facts §4, nomad/datamodel/util.py parse_path): what a
 * string such as `#/run/0/system/0` or `../uploads/U/archive/E#/run/0` points at, and where
 * that is once list lengths are known. Pure, so the viewer and core's tests share it.
 *
 * Forms: local `#/path`; legacy local `/run/0/...` (only when its first key is an archive
 * section, so a file path is not mistaken for one); cross-entry `../uploads/<u>/archive/<e>#/p`;
 * same-upload `../upload/archive/<e>#/p`; `/entries/<e>/archive#/p`; by mainfile
 * `../upload/archive/mainfile/<file>#/p`; raw-file definitions `../upload/raw/<file>#/...`;
 * remote `<url>/uploads/<u>/archive/<e>#/p`. Indices may be negative (-1 is the last item).
 */

/** A step of a reference path: a key, or a list index (negative counts from the end). */
export type RefSegment = string | number

export type ArchiveReference =
  | { kind: 'local'; raw: string; legacy: boolean; path: RefSegment[] }
  | {
      kind: 'entry'
      raw: string
      /** undefined: the same upload as the referring entry. */
      uploadId: string | undefined
      entryId: string
      path: RefSegment[]
      /** The key this entry's resolved parts get under `m_ref_archives` (facts §4). */
      refArchiveKey: string
    }
  /** A form the app recognises but cannot open; `reason` says why, for the researcher. */
  | { kind: 'unsupported'; raw: string; reason: string }

/** EntryArchive's top-level sections: a legacy `/x/...` reference starts with one of these. */
const ARCHIVE_ROOTS = new Set([
  'metadata',
  'results',
  'run',
  'workflow',
  'workflow2',
  'data',
  'measurement',
  'definitions',
  'processing_logs',
  'm_ref_archives',
])

const ID = '[\\w.-]+'
const CROSS_ENTRY = new RegExp(`^\\.\\./uploads/(${ID})/archive/(${ID})(?:#(.*))?$`)
const SAME_UPLOAD = new RegExp(`^\\.\\./upload/archive/(${ID})(?:#(.*))?$`)
const ENTRIES = new RegExp(`^/entries/(${ID})/archive(?:#(.*))?$`)
const REMOTE = /^https?:\/\/\S+\/uploads\/[\w.-]+\/archive\/[\w.-]+(?:#.*)?$/
const INTEGER = /^-?(0|[1-9]\d*)$/

/** `/run/0/system/-1` → ['run', 0, 'system', -1]; undefined when a step is empty. */
export function parseRefPath(text: string): RefSegment[] | undefined {
  const trimmed = text.replace(/^\/+/, '').replace(/\/+$/, '')
  if (trimmed === '') return []
  const parts = trimmed.split('/')
  if (parts.some((part) => part === '')) return undefined
  return parts.map((part) => (INTEGER.test(part) ? Number(part) : decodeURIComponent(part)))
}

/** The fragment after `#` as a path; a missing fragment is the archive's root. */
function fragmentPath(fragment: string | undefined): RefSegment[] | undefined {
  return fragment === undefined ? [] : parseRefPath(fragment)
}

/**
 * What a string points at, or undefined when it is not a reference at all (ordinary text).
 * A reference of a known form with a broken path comes back as 'unsupported' with the reason.
 */
export function parseReference(raw: string): ArchiveReference | undefined {
  const value = raw.trim()
  const broken = (what: string): ArchiveReference => ({
    kind: 'unsupported',
    raw,
    reason: `${what} has an empty step in its path.`,
  })
  if (value.startsWith('#/') || value === '#') {
    const path = parseRefPath(value.slice(1))
    return path ? { kind: 'local', raw, legacy: false, path } : broken('This reference')
  }
  const cross = CROSS_ENTRY.exec(value) ?? undefined
  const same = cross ? undefined : (SAME_UPLOAD.exec(value) ?? undefined)
  const entries = cross || same ? undefined : (ENTRIES.exec(value) ?? undefined)
  if (cross || same || entries) {
    const uploadId = cross?.[1]
    const entryId = (cross ? cross[2] : (same ?? entries)?.[1]) ?? ''
    const fragment = cross ? cross[3] : (same ?? entries)?.[2]
    if (same && entryId === 'mainfile') return mainfileRef(raw)
    const path = fragmentPath(fragment)
    if (!path) return broken('This reference')
    const refArchiveKey =
      uploadId === undefined
        ? `../upload/archive/${entryId}`
        : `../uploads/${uploadId}/archive/${entryId}`
    return { kind: 'entry', raw, uploadId, entryId, path, refArchiveKey }
  }
  if (value.startsWith('../upload/archive/mainfile/')) return mainfileRef(raw)
  if (value.startsWith('../upload/raw/') || value.startsWith('../uploads/'))
    return {
      kind: 'unsupported',
      raw,
      reason: value.includes('/raw/')
        ? 'This points at a definition inside a raw file of the upload, not at an archive section. Open the upload’s files to read it.'
        : 'This reference does not name an entry’s archive in a form the app can read.',
    }
  if (REMOTE.test(value))
    return {
      kind: 'unsupported',
      raw,
      reason:
        'This points into another NOMAD installation. References to other servers are never resolved, by NOMAD either; add that server and open the entry there.',
    }
  if (value.startsWith('/')) {
    const path = parseRefPath(value)
    const first = path?.[0]
    if (path && typeof first === 'string' && ARCHIVE_ROOTS.has(first) && path.length > 1)
      return { kind: 'local', raw, legacy: true, path }
  }
  return undefined
}

function mainfileRef(raw: string): ArchiveReference {
  return {
    kind: 'unsupported',
    raw,
    reason:
      'This names its target by the upload’s mainfile, not by entry id. Find that entry in the upload’s entry list and open its archive.',
  }
}

/** What `resolvePath` needs to know about the archive: list lengths and keys, where loaded. */
export interface ArchiveShape {
  /**
   * At `path`: 'list' with its length, 'object' with its keys, 'value', or 'unknown' when not
   * loaded yet (the resolver then asks for it to be loaded).
   */
  at(
    path: readonly (string | number)[],
  ):
    | { t: 'list'; length: number }
    | { t: 'object'; keys: readonly string[] }
    | { t: 'value' }
    | { t: 'unknown' }
}

export type Resolution =
  | { status: 'found'; path: (string | number)[] }
  /** Load the place at `path` (not loaded yet) and resolve again. */
  | { status: 'load'; path: (string | number)[] }
  | { status: 'missing'; reason: string }

/**
 * Where a reference path lands in an archive: negative indices become positions once the
 * list's length is known; a key or index the archive lacks is reported with the step that
 * failed. Resolves as far as the loaded shape allows and asks for the next part otherwise.
 */
export function resolvePath(path: readonly RefSegment[], shape: ArchiveShape): Resolution {
  const out: (string | number)[] = []
  for (const segment of path) {
    const here = shape.at(out)
    if (here.t === 'unknown') return { status: 'load', path: [...out] }
    const where = out.length === 0 ? 'The archive' : formatRefPath(out)
    if (typeof segment === 'number') {
      if (here.t !== 'list')
        return {
          status: 'missing',
          reason: `${where} is not a list, so it has no item ${segment}.`,
        }
      const index = segment < 0 ? here.length + segment : segment
      if (index < 0 || index >= here.length)
        return {
          status: 'missing',
          reason: `${where} has ${here.length} ${here.length === 1 ? 'item' : 'items'}; item ${segment} is not there.`,
        }
      out.push(index)
    } else {
      if (here.t !== 'object' || !here.keys.includes(segment))
        return { status: 'missing', reason: `${where} has no ${segment}.` }
      out.push(segment)
    }
  }
  return { status: 'found', path: out }
}

/** A plain JSON archive as an ArchiveShape (everything loaded). */
export function jsonShape(archive: unknown): ArchiveShape {
  return {
    at(path) {
      let node: unknown = archive
      for (const segment of path) {
        if (typeof node !== 'object' || node === null) return { t: 'unknown' }
        node = (node as Record<string | number, unknown>)[segment]
      }
      if (Array.isArray(node)) return { t: 'list', length: node.length }
      if (typeof node === 'object' && node !== null) return { t: 'object', keys: Object.keys(node) }
      return node === undefined ? { t: 'unknown' } : { t: 'value' }
    },
  }
}

/**
 * Where a reference lands inside an archive answer: local ones in the archive itself, other
 * entries' ones under `m_ref_archives[<key>]` when the answer carries them (include-resolved).
 * undefined for references that need another entry's archive fetched.
 */
export function resolveInArchive(ref: ArchiveReference, archive: unknown): Resolution | undefined {
  if (ref.kind === 'unsupported') return { status: 'missing', reason: ref.reason }
  if (ref.kind === 'local') return resolvePath(ref.path, jsonShape(archive))
  const refs = (archive as { m_ref_archives?: Record<string, unknown> } | null)?.m_ref_archives
  if (typeof refs !== 'object' || refs === null || !(ref.refArchiveKey in refs)) return undefined
  const found = resolvePath(ref.path, jsonShape(refs[ref.refArchiveKey]))
  return found.status === 'found'
    ? { status: 'found', path: ['m_ref_archives', ref.refArchiveKey, ...found.path] }
    : found
}

/** ['run', 0, 'system', -1] → `run/0/system/-1`, as the reference wrote it. */
export function formatRefPath(path: readonly RefSegment[]): string {
  return path.map(String).join('/')
}

/**
 * The target's kind as a researcher reads it: the last key of the path (`system`), or
 * "archive" for a whole entry.
 */
export function refKind(path: readonly RefSegment[]): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i]
    if (typeof segment === 'string') return segment.replace(/_ref$/, '')
  }
  return 'archive'
}
