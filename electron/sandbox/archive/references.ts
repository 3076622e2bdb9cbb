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

export function fragmentOf(path: PathSegment[]): string {
  return `/${path.join('/')}`
}
