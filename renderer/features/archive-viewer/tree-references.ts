import {
  parseReference,
  refKind,
  resolvePath,
  type ArchiveReference,
  type ArchiveShape,
  type RefSegment,
} from '../../../shared/archive/references'
import type { ArchivePath } from '../../../shared/ipc/channels/archive'
import { nodeAt, pathKey, type TreeNode } from './archive-model'

/** The loaded tree as the resolver sees it: placeholders are 'unknown' (load them first). */
export function treeShape(root: TreeNode): ArchiveShape {
  return {
    at(path) {
      const node = nodeAt(root, path as ArchivePath)
      if (node === undefined || node.t === 'lazy') return { t: 'unknown' }
      if (node.t === 'list') return { t: 'list', length: node.length }
      if (node.t === 'object') return { t: 'object', keys: node.keys }
      return { t: 'value' }
    },
  }
}

/** Keys whose value names a section for people: the first one a target has is its label. */
const LABEL_KEYS = ['label', 'name', 'chemical_composition_reduced', 'chemical_composition_hill']

/** The label of a loaded section (its name, label or formula), when it has one. */
export function sectionLabel(node: TreeNode | undefined): string | undefined {
  if (node?.t !== 'object') return undefined
  for (const key of LABEL_KEYS) {
    const child = node.children[key]
    if (child?.t === 'value' && typeof child.value === 'string' && child.value !== '')
      return child.value
  }
  return undefined
}

/** The reference a tree node holds, when it is a string of a reference form. */
export function referenceOf(node: TreeNode | undefined): ArchiveReference | undefined {
  return node?.t === 'value' && typeof node.value === 'string'
    ? parseReference(node.value)
    : undefined
}

/** `system 2`, `calculation (last)`, `archive`: the target as a link names it. */
function placeName(path: readonly RefSegment[]): string {
  const kind = refKind(path)
  const last = path[path.length - 1]
  if (typeof last !== 'number') return kind
  return last === -1 ? `${kind} (last)` : `${kind} ${last}`
}

/**
 * A link's text: the target's kind, its position, and its label when the target is loaded
 * (`system 0 · Si16`); other entries' targets say which entry.
 */
export function describeReference(ref: ArchiveReference, root: TreeNode | null): string {
  if (ref.kind === 'unsupported') return 'reference that cannot be opened'
  if (ref.kind === 'entry') return `${placeName(ref.path)} in entry ${ref.entryId}`
  const found = root ? resolvePath(ref.path, treeShape(root)) : undefined
  const label =
    root && found?.status === 'found' ? sectionLabel(nodeAt(root, found.path)) : undefined
  return label === undefined ? placeName(ref.path) : `${placeName(ref.path)} · ${label}`
}

/** At most this many sources are listed under "What points here". */
export const POINTERS_LIMIT = 200

/** Local references by the key of the place they land on, made once per loaded tree. */
const pointerIndexes = new WeakMap<TreeNode, Map<string, ArchivePath[]>>()

/**
 * "What points here": the loaded places holding a local reference that lands on `target`,
 * in tree order. Only what is loaded can be searched; the caller says so. The whole tree is
 * walked once per loaded tree, not once per selection: with a list of 100,000 sections open,
 * the walk was the biggest part of every jump's work.
 */
export function pointersTo(root: TreeNode, target: ArchivePath): ArchivePath[] {
  let index = pointerIndexes.get(root)
  if (index === undefined) {
    index = pointerIndex(root)
    pointerIndexes.set(root, index)
  }
  return index.get(pathKey(target)) ?? []
}

function pointerIndex(root: TreeNode): Map<string, ArchivePath[]> {
  const shape = treeShape(root)
  const index = new Map<string, ArchivePath[]>()
  function visit(node: TreeNode | undefined, path: ArchivePath) {
    if (node === undefined) return
    if (node.t === 'value') {
      const ref = referenceOf(node)
      if (ref?.kind !== 'local') return
      const resolved = resolvePath(ref.path, shape)
      if (resolved.status !== 'found') return
      const key = pathKey(resolved.path)
      const sources = index.get(key) ?? []
      if (sources.length < POINTERS_LIMIT) sources.push(path)
      index.set(key, sources)
    } else if (node.t === 'object') {
      for (const key of node.keys) visit(node.children[key], [...path, key])
    } else if (node.t === 'list') {
      node.items.forEach((item, i) => {
        if (item !== undefined && item.t !== 'lazy') visit(item, [...path, i])
      })
    }
  }
  visit(root, [])
  return index
}
