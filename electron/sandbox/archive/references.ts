import type { PathSegment } from './nodes'

/**
 * Reference strings of archives (nomad/datamodel/util.py parse_path): local `#/run/0/system/0`
 * and legacy `/run/0/system/0`; other entries as `../uploads/<upload_id>/archive/<entry_id>#/…`,
 * `../upload/archive/<entry_id>#/…`, `../upload/archive/mainfile/<path>#/…` and
 * `/entries/<entry_id>/archive#/…`; raw-file schema references and remote URLs are never
 * resolved.
 */
export type Reference =
  | { kind: 'local'; path: PathSegment[] }
  | { kind: 'entry'; uploadId?: string; entryId?: string; mainfile?: string; path: PathSegment[] }
  | { kind: 'remote' }

export function parseFragment(fragment: string): PathSegment[] {
  return fragment
    .split('/')
    .filter((part) => part !== '')
    .map((part) => (/^-?\d+$/.test(part) ? Number(part) : part))
}

export function parseReference(text: string): Reference | null {
  const hash = text.indexOf('#')
  const head = hash < 0 ? text : text.slice(0, hash)
  const fragment = hash < 0 ? '' : text.slice(hash + 1)
  if (head === '' && hash >= 0) return { kind: 'local', path: parseFragment(fragment) }
  if (hash < 0 && text.startsWith('/') && !text.startsWith('/entries/')) {
    return { kind: 'local', path: parseFragment(text) }
  }
  let match = /^\.\.\/uploads\/([^/]+)\/archive\/([^/#]+)$/.exec(head)
  if (match)
    return { kind: 'entry', uploadId: match[1], entryId: match[2], path: parseFragment(fragment) }
  match = /^\.\.\/upload\/archive\/mainfile\/(.+)$/.exec(head)
  if (match) return { kind: 'entry', mainfile: match[1], path: parseFragment(fragment) }
  // A raw file of the same upload stands for the entry it is the mainfile of.
  match = /^\.\.\/upload\/raw\/(.+)$/.exec(head)
  if (match) return { kind: 'entry', mainfile: match[1], path: parseFragment(fragment) }
  match = /^\.\.\/upload\/archive\/([^/#]+)$/.exec(head)
  if (match) return { kind: 'entry', entryId: match[1], path: parseFragment(fragment) }
  match = /^\/entries\/([^/]+)\/archive$/.exec(head)
  if (match) return { kind: 'entry', entryId: match[1], path: parseFragment(fragment) }
  if (/^[a-z]+:\/\//i.test(head) || head.includes('/uploads/')) return { kind: 'remote' }
  return null
}

/** Is this quantity a reference (by the metainfo naming conventions of the sections used)? */
export function isReferenceKey(key: string): boolean {
  return (
    /_refs?$/.test(key) ||
    key === 'section' ||
    /^(input|output)_(workflow|calculation|system|method)$/.test(key)
  )
}

/**
 * Keys whose values name definitions or describe references as plain text, not reference
 * quantities: a schema's `m_def`, a quantity's `type_data`, `base_sections`, `sub_section`,
 * and the metadata's `entry_references` and `searchable_quantities` strings. Never followed.
 */
const NOT_FOLLOWED = new Set([
  'm_def',
  'type_data',
  'base_sections',
  'sub_section',
  'section_def',
  'section_definition',
  'target_reference',
  'source_quantity',
])

/**
 * Is this value a reference? ELN schemas name their reference quantities freely
 * (`sample`, `instrument`…), so a string in an unmistakable reference form (`#/…`,
 * `../uploads/…/archive/…`, `../upload/archive/…`, `../upload/raw/…#…`) counts too, except
 * under the keys above; so do legacy `/run/<i>/…` and `/workflow/<i>/…` paths, which results
 * sections use for their band structure segments and DOS (`/run/0/calculation/0/dos…`).
 */
export function isReferenceValue(key: string, value: string): boolean {
  if (NOT_FOLLOWED.has(key)) return false
  if (isReferenceKey(key)) return true
  return /^(#\/|\/run\/\d|\/workflow\/\d|\.\.\/uploads\/[^/]+\/archive\/|\.\.\/upload\/archive\/|\.\.\/upload\/raw\/[^#]+#)/.test(
    value,
  )
}

export function fragmentOf(path: PathSegment[]): string {
  return `/${path.join('/')}`
}
